// The site admins' page (docs/institutions.md#the-admin-page): the single sign-on section (the
// configured providers read-only with their "Test sign-in" link and values to register, the
// switches that require single sign-on for a domain) and the LTI section (platforms added, edited,
// disabled; the last launches and errors) — each with its loading, empty and error states. Anyone
// but a site admin is told the page is not theirs.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LtiLaunchEntry, LtiPlatform, SsoAdminView } from '@seminar/shared';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { fakeTrpc, settle, trpcError } from '../../testing/liveTestKit';

const OIDC = {
  id: 'uni',
  type: 'oidc' as const,
  label: 'Example University',
  domains: ['uni.example.edu', 'staff.uni.example.edu'],
  issuer: 'https://login.uni.example.edu/realms/main',
  testUrl: '/api/sso/uni/start?test=1',
  metadataUrl: null,
  callbackUrl: 'https://seminar.example.edu/api/sso/uni/callback',
};
const SAML = {
  id: 'college',
  type: 'saml' as const,
  label: 'Example College',
  domains: ['college.ac.uk'],
  issuer: 'https://idp.college.ac.uk/idp/shibboleth',
  testUrl: '/api/sso/college/start?test=1',
  metadataUrl: 'https://seminar.example.edu/api/sso/college/metadata',
  callbackUrl: 'https://seminar.example.edu/api/sso/college/acs',
};
const CANVAS: LtiPlatform = {
  id: 'p1',
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  client_id: '10000000000001',
  deployment_ids: ['1:abc'],
  auth_login_url: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  token_url: 'https://sso.canvaslms.com/login/oauth2/token',
  jwks_url: 'https://sso.canvaslms.com/api/lti/security/jwks',
  enabled: true,
  version: 3,
};
const REFUSED: LtiLaunchEntry = {
  id: 7,
  at: new Date(Date.UTC(2026, 10, 2, 9, 30)).toISOString(),
  platform: 'Canvas',
  kind: 'launch',
  ok: false,
  detail: 'Unknown deployment id "9": a site admin must add it to this platform in Seminar.',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((yes) => (resolve = yes));
  return { promise, resolve };
}

type Fake = ReturnType<typeof fakeTrpc>;

/** The admin page as a site admin (or not), with what each procedure answers set by `setUp`. */
async function openAdmin(setUp: (fake: Fake) => void, isSiteAdmin = true): Promise<Fake> {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Admin, Alma' }));
  const fake = fakeTrpc();
  fake.on('me', () => ({ uid: 'u1', email: 'alma@example.org', isSiteAdmin }));
  fake.on('sso.admin', (): SsoAdminView => ({ providers: [], requiredDomains: [] }));
  fake.on('lti.platforms', () => []);
  fake.on('lti.launches', () => []);
  setUp(fake);
  renderApp('/admin', undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake.subscription('classes.mine').send({ type: 'snapshot', rows: [], replace: true });
  return fake;
}

const section = (name: string) => screen.findByRole('region', { name });

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('the admin page', () => {
  it('waits for who the viewer is, then tells anyone but a site admin it is not theirs', async () => {
    const me = deferred<{ uid: string; email: string; isSiteAdmin: boolean }>();
    const fake = await openAdmin((fake) => fake.on('me', () => me.promise), false);
    expect(
      await screen.findByRole('progressbar', { name: 'Loading site administration' }),
    ).toBeDefined();
    expect(screen.queryByText('Only site admins can see this page.')).toBeNull();
    await act(async () => {
      me.resolve({ uid: 'u1', email: 'alma@example.org', isSiteAdmin: false });
      await settle();
    });
    expect(await screen.findByText('Only site admins can see this page.')).toBeDefined();
    await act(settle);
    expect(fake.inputsOf('sso.admin')).toEqual([]);
    expect(fake.inputsOf('lti.platforms')).toEqual([]);
  });
});

describe('single sign-on section', () => {
  it('shows loading, then the providers read-only with their test sign-in', async () => {
    const view = deferred<SsoAdminView>();
    await openAdmin((fake) => fake.on('sso.admin', () => view.promise));
    const sso = await section('Single sign-on');
    expect(within(sso).getByLabelText('Loading the sign-in providers')).toBeDefined();
    await act(async () => {
      view.resolve({ providers: [OIDC, SAML], requiredDomains: ['college.ac.uk'] });
      await settle();
    });
    const uni = await within(sso).findByRole('article', {
      name: 'Example University (OpenID Connect)',
    });
    expect(uni.textContent).toContain(`Issuer: ${OIDC.issuer}`);
    expect(uni.textContent).toContain(`Redirect URI: ${OIDC.callbackUrl}`);
    expect(
      within(uni)
        .getByRole('link', { name: 'Test sign-in with Example University' })
        .getAttribute('href'),
    ).toBe(OIDC.testUrl);
    // Read-only: nothing to edit a provider with.
    expect(within(uni).queryByRole('textbox')).toBeNull();
    const college = within(sso).getByRole('article', { name: 'Example College (SAML 2.0)' });
    expect(college.textContent).toContain(`Assertion consumer service: ${SAML.callbackUrl}`);
    expect(within(college).getByRole('link', { name: SAML.metadataUrl }).getAttribute('href')).toBe(
      SAML.metadataUrl,
    );
    const rule = (domain: string, label: string) =>
      screen.getByRole('switch', {
        name: `Addresses at ${domain} must use ${label} (no password sign-in)`,
      }) as HTMLInputElement;
    expect(rule('uni.example.edu', 'Example University').checked).toBe(false);
    expect(rule('staff.uni.example.edu', 'Example University').checked).toBe(false);
    expect(rule('college.ac.uk', 'Example College').checked).toBe(true);
  });

  it('says so when no provider is configured', async () => {
    const sso = await openAdmin(() => undefined).then(() => section('Single sign-on'));
    expect(
      await within(sso).findByText('No sign-in providers are configured on this server.'),
    ).toBeDefined();
  });

  it('shows a load error with "Try again", which loads the providers', async () => {
    let fail = true;
    await openAdmin((fake) =>
      fake.on('sso.admin', () => {
        if (fail) throw trpcError('SERVICE_UNAVAILABLE', 'down');
        return { providers: [OIDC], requiredDomains: [] };
      }),
    );
    const sso = await section('Single sign-on');
    expect(
      await within(sso).findByText('The server is not available right now. Try again shortly.'),
    ).toBeDefined();
    fail = false;
    fireEvent.click(within(sso).getByRole('button', { name: 'Try again' }));
    expect(
      await within(sso).findByRole('article', { name: 'Example University (OpenID Connect)' }),
    ).toBeDefined();
  });

  it('requires single sign-on for a domain, and shows a refusal', async () => {
    let required: string[] = [];
    const fake = await openAdmin((fake) => {
      fake.on('sso.admin', () => ({ providers: [OIDC], requiredDomains: required }));
      fake.on('sso.setDomainRequired', (input: { domain: string; required: boolean }) => {
        required = input.required ? [input.domain] : [];
        return { requiredDomains: required };
      });
    });
    const name = 'Addresses at uni.example.edu must use Example University (no password sign-in)';
    const rule = (await screen.findByRole('switch', { name })) as HTMLInputElement;
    fireEvent.click(rule);
    await waitFor(() => expect(rule.checked).toBe(true));
    expect(fake.inputsOf('sso.setDomainRequired')).toEqual([
      { domain: 'uni.example.edu', required: true },
    ]);
    fake.on('sso.setDomainRequired', () => {
      throw trpcError('FORBIDDEN', 'Only site admins manage single sign-on.');
    });
    fireEvent.click(rule);
    expect(await screen.findByText('Only site admins manage single sign-on.')).toBeDefined();
    expect(rule.checked).toBe(true);
  });
});

describe('LTI section', () => {
  it('shows loading, then says no platform and no launch yet', async () => {
    const platforms = deferred<LtiPlatform[]>();
    await openAdmin((fake) => fake.on('lti.platforms', () => platforms.promise));
    const lti = await section('LTI platforms');
    expect(within(lti).getByRole('progressbar', { name: 'Loading platforms' })).toBeDefined();
    await act(async () => {
      platforms.resolve([]);
      await settle();
    });
    expect(await within(lti).findByText('No platform is registered yet.')).toBeDefined();
    expect(within(lti).getByText('No launch yet.')).toBeDefined();
  });

  it('shows load errors with "Try again"', async () => {
    let fail = true;
    await openAdmin((fake) => {
      fake.on('lti.platforms', () => {
        if (fail) throw trpcError('SERVICE_UNAVAILABLE', 'down');
        return [CANVAS];
      });
      fake.on('lti.launches', () => {
        throw trpcError('FORBIDDEN', 'Only site admins manage LTI platforms.');
      });
    });
    const lti = await section('LTI platforms');
    expect(await within(lti).findByText('Only site admins manage LTI platforms.')).toBeDefined();
    expect(
      within(lti).getByText('The server is not available right now. Try again shortly.'),
    ).toBeDefined();
    fail = false;
    fireEvent.click(within(lti).getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await within(lti).findByRole('cell', { name: 'Canvas' })).toBeDefined();
  });

  it('lists platforms and the last launches and errors', async () => {
    await openAdmin((fake) => {
      fake.on('lti.platforms', () => [
        CANVAS,
        { ...CANVAS, id: 'p2', name: 'Moodle', enabled: false },
      ]);
      fake.on('lti.launches', () => [REFUSED]);
    });
    const table = await screen.findByRole('table', { name: 'LTI platforms' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Canvas',
      'Moodle',
    ]);
    expect(within(rows[0]!).getByText('Enabled')).toBeDefined();
    expect(within(rows[1]!).getByText('Disabled')).toBeDefined();
    const log = screen.getByRole('table', { name: 'Last launches and errors' });
    expect(within(log).getByText(`Refused: ${REFUSED.detail}`)).toBeDefined();
  });

  it('adds a platform: checks the form first, shows the server refusal, then saves', async () => {
    const fake = await openAdmin(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Add platform' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add platform' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeDefined();
    expect(fake.inputsOf('lti.addPlatform')).toEqual([]);

    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name: label }), {
        target: { value },
      });
    fill('Name', 'Moodle');
    fill('Issuer', 'https://moodle.example.edu');
    fill('Client id', 'abc');
    fill('Deployment ids', '1, 2');
    fill('Auth login URL', 'https://moodle.example.edu/mod/lti/auth.php');
    fill('Token URL', 'https://moodle.example.edu/mod/lti/token.php');
    fill('JWKS URL', 'https://moodle.example.edu/mod/lti/certs.php');
    fake.on('lti.addPlatform', () => {
      throw trpcError(
        'CONFLICT',
        'A platform with this issuer and client id is already registered.',
      );
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'A platform with this issuer and client id is already registered.',
      ),
    ).toBeDefined();

    let saved: LtiPlatform[] = [];
    fake.on('lti.addPlatform', (input: Omit<LtiPlatform, 'id' | 'enabled' | 'version'>) => {
      saved = [{ ...input, id: 'p9', enabled: true, version: 1 }];
      return saved[0];
    });
    fake.on('lti.platforms', () => saved);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.inputsOf('lti.addPlatform').at(-1)).toEqual({
      name: 'Moodle',
      issuer: 'https://moodle.example.edu',
      client_id: 'abc',
      deployment_ids: ['1', '2'],
      auth_login_url: 'https://moodle.example.edu/mod/lti/auth.php',
      token_url: 'https://moodle.example.edu/mod/lti/token.php',
      jwks_url: 'https://moodle.example.edu/mod/lti/certs.php',
    });
    expect(await screen.findByRole('cell', { name: 'Moodle' })).toBeDefined();
  });

  it('edits a platform and disables it', async () => {
    let current = CANVAS;
    const fake = await openAdmin((fake) => {
      fake.on('lti.platforms', () => [current]);
      fake.on('lti.updatePlatform', (input: Omit<LtiPlatform, 'version'>) => {
        current = { ...input, version: current.version + 1 };
        return current;
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Canvas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Canvas' });
    const deployments = within(dialog).getByRole('textbox', { name: 'Deployment ids' });
    expect((deployments as HTMLInputElement).value).toBe('1:abc');
    fireEvent.change(deployments, { target: { value: '1:abc, 2:def' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const { version: _version, ...fields } = CANVAS;
    expect(fake.inputsOf('lti.updatePlatform')).toEqual([
      { ...fields, deployment_ids: ['1:abc', '2:def'] },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Disable Canvas' }));
    expect(await screen.findByRole('button', { name: 'Enable Canvas' })).toBeDefined();
    expect(fake.inputsOf('lti.updatePlatform').at(-1)).toEqual({
      ...fields,
      deployment_ids: ['1:abc', '2:def'],
      enabled: false,
    });
    expect(
      within(screen.getByRole('table', { name: 'LTI platforms' })).getByText('Disabled'),
    ).toBeDefined();
  });
});
