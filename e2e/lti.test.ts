// Issue 35 part 3 in the browser (docs/institutions.md#lti-13): a course of an LTI platform stand-in
// (test-support/ltiPlatform.ts, real HTTP, its auth endpoint auto-posts the signed id_token) opens
// Seminar: the instructor's launch creates the class and lands them in it signed in, a learner's
// lands them in it as a student; the instructor syncs the roster from the People tab and sends the
// debrief's rubric totals from the debrief page; a link placed by deep linking lands on its
// activity; a launch with an unregistered deployment id shows the refusal page, and the site
// admin's page lists the platform and the launches. axe on each page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LIS_ROLE, startLtiPlatform, type LtiPlatformStandIn } from '../test-support/ltiPlatform';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { makeRecordId } from '@seminar/shared';
import { apiAs, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

const ADMIN_EMAIL = 'lti-admin@example.edu';
let server: RunningServer;
let browser: Browser;
let platform: LtiPlatformStandIn;
let admin: Person;
/** The instructor's and the learner's browsers after their launches (the first test). */
let instructor: Page;
let learner: Page;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL, SEED_DEMO: '0' });
  platform = await startLtiPlatform({ toolUrl: server.url, contextTitle: 'Strategy 101' });
  platform.users.set('tara', {
    sub: 'lms-tara',
    name: 'Teach, Tara',
    roles: [LIS_ROLE.instructor],
  });
  platform.users.set('ann', { sub: 'lms-ann', name: 'Ash, Ann', roles: [LIS_ROLE.learner] });
  browser = await launchBrowser();
  admin = await signUpPerson(browser, server, 'Admin, Alma', ADMIN_EMAIL);
  const api = await apiAs(server, admin);
  try {
    await api.trpc.lti.addPlatform.mutate({
      name: 'Test LMS',
      issuer: platform.issuer,
      client_id: platform.clientId,
      deployment_ids: [platform.deploymentId],
      auth_login_url: platform.urls.authLogin,
      token_url: platform.urls.token,
      jwks_url: platform.urls.jwks,
    });
  } finally {
    await api.close();
  }
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await platform?.close();
  await server?.stop();
});

/** Opens Seminar from the course as the LMS does: the login initiation link, in a fresh browser. */
async function openFromCourse(hint: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  const login = new URL('/lti/login', server.url);
  login.search = new URLSearchParams({
    iss: platform.issuer,
    login_hint: hint,
    client_id: platform.clientId,
    lti_deployment_id: platform.deploymentId,
    target_link_uri: new URL('/lti/launch', server.url).href,
  }).toString();
  await page.goto(login.href);
  return page;
}

/** A launched person's browser as the e2e helpers take it (the session is its cookie). */
const personOf = (page: Page): Person => ({ context: page.context(), page, uid: '', email: '' });

/** Who a browser is signed in as, over its own live API. */
async function uidOf(page: Page): Promise<string> {
  const api = await apiAs(server, personOf(page));
  try {
    return (await api.trpc.me.query())!.uid;
  } finally {
    await api.close();
  }
}

describe('launching Seminar from an LMS course', () => {
  it('lands the instructor in the class their launch created, then a learner in it', async () => {
    instructor = await openFromCourse('tara');
    await instructor.getByRole('heading', { name: 'Strategy 101', level: 1 }).waitFor();
    expect(new URL(instructor.url()).pathname).toMatch(/^\/classes\//);
    expect(await axeViolations(instructor)).toEqual([]);

    learner = await openFromCourse('ann');
    await learner.getByRole('heading', { name: 'Strategy 101', level: 1 }).waitFor();
    expect(new URL(learner.url()).pathname).toBe(new URL(instructor.url()).pathname);
  });

  it('lets the instructor sync the roster and send grades; a placed link opens its activity', async () => {
    const classId = decodeURIComponent(new URL(instructor.url()).pathname.split('/')[2]!);
    // The course now has a second learner, Cy, who never opened Seminar.
    platform.roster = [
      { sub: 'lms-tara', name: 'Teach, Tara', roles: [LIS_ROLE.instructor] },
      { sub: 'lms-ann', name: 'Ash, Ann', roles: [LIS_ROLE.learner] },
      { sub: 'lms-cy', name: 'Cedar, Cy', roles: [LIS_ROLE.learner] },
    ];
    await instructor.goto(`${server.url}/classes/${encodeURIComponent(classId)}/people`);
    await instructor.getByRole('button', { name: 'Sync roster' }).click();
    await instructor
      .getByText('Roster synced from Test LMS: 1 student added, 0 disabled.')
      .waitFor();
    await instructor.getByRole('list', { name: 'Students' }).getByText('Cy Cedar').waitFor();
    expect(await axeViolations(instructor)).toEqual([]);

    // An activity with a case channel, a rubric, and Ann's grade, over the instructor's own API.
    const annUid = await uidOf(learner);
    const taraUid = await uidOf(instructor);
    const api = await apiAs(server, personOf(instructor));
    const channelId = makeRecordId('channel', taraUid);
    const activityId = makeRecordId('act', taraUid);
    const act = { class_id: classId, activity_id: activityId };
    try {
      await api.trpc.channels.create.mutate({
        channel_id: channelId,
        class_id: classId,
        name: 'case 1',
      });
      await api.trpc.activities.save.mutate({ ...act, title: 'Case 1', channel_id: channelId });
      await api.trpc.debrief.setRubric.mutate({
        ...act,
        scale: 10,
        criteria: [{ id: 'c1', name: 'Quality', weight: 100, source: 'manual' }],
      });
      await api.trpc.debrief.setGrade.mutate({
        ...act,
        uid: annUid,
        marks: { c1: 7 },
        comment: '',
      });
    } finally {
      await api.close();
    }
    await instructor.goto(
      `${server.url}/classes/${encodeURIComponent(classId)}/activities/${encodeURIComponent(activityId)}/debrief`,
    );
    await instructor.getByRole('button', { name: 'Send grades to Test LMS' }).click();
    await instructor.getByText(/^Sent 1 grade to Test LMS\./).waitFor();
    expect(platform.scores.map((score) => [score.body.userId, score.body.scoreGiven])).toEqual([
      ['lms-ann', 70],
    ]);
    expect(await axeViolations(instructor)).toEqual([]);

    // The learner's launch of a link placed for this activity opens its case channel.
    platform.nextTweak = {
      claims: { 'https://purl.imsglobal.org/spec/lti/claim/custom': { activity_id: activityId } },
    };
    const placed = await openFromCourse('ann');
    await placed.waitForURL((url) => url.searchParams.get('channel') === channelId);
    await placed.getByRole('heading', { name: 'Strategy 101', level: 1 }).waitFor();
  });

  it('shows a clear page for an unknown deployment id', async () => {
    platform.nextTweak = {
      claims: { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'unregistered-9' },
    };
    const page = await openFromCourse('ann');
    await page.getByRole('heading', { name: 'Seminar could not open this launch' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      'Unknown deployment id "unregistered-9"',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("lists the platform and the launches on the site admin's page", async () => {
    const page = admin.page;
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'LTI platforms', level: 2 }).waitFor();
    const platforms = page.getByRole('table', { name: 'LTI platforms' });
    await platforms.getByRole('cell', { name: 'Test LMS', exact: true }).waitFor();
    const log = page.getByRole('table', { name: 'Last launches and errors' });
    await log.getByText(/Refused: Unknown deployment id/).waitFor();
    await log.getByText(/OK: Staff launch \(class created\)/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Disable Test LMS' }).click();
    await platforms.getByText('Disabled', { exact: true }).waitFor();
  });
});
