// Docs: docs/institutions.md#lti-13 — the tool's HTTP side: OIDC third-party login initiation (GET
// and POST), the launch (the platform's form post of the id_token), the tool's JWKS, and the
// deep-linking answer. Every refusal is a plain page and a line in the launch log — except "too
// many requests": the login and the launch are limited per client IP (AUTH_RATE_LIMIT_PER_IP a
// minute each, as the sign-in endpoints), refused before any database work, and not logged, so a
// flood writes nothing.
import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { textSchema } from '@seminar/shared';
import { sessionUser } from '../auth/session';
import { activities, ltiLoginStates, ltiPlatforms } from '../db/schema';
import { MutationRateLimiter } from '../live/transport/limits';
import { requireServices, type Runtime } from '../runtime';
import { LTI_PATHS } from './claims';
import { toolKey } from './keys';
import { completeLaunch, deepLinkingResponse, readChoice } from './launch';
import { autoPostPage, refusalPage, type Page } from './pages';
import { enabledPlatform, recordLaunch } from './platforms';
import { LaunchRefusal, LOGIN_STATE_TTL_MS, verifyLaunch } from './verify';

/** The largest form an LMS posts (an id_token with its claims is a few KiB). */
const FORM_LIMIT = 64 * 1024;
const STATE_COOKIE_PREFIX = 'lti-state-';

const field = (max: number) => textSchema().max(max);
const loginSchema = z.object({
  iss: field(2000).min(1),
  login_hint: field(2000).min(1),
  target_link_uri: field(2000).optional(),
  lti_message_hint: field(4000).optional(),
  client_id: field(255).optional(),
  lti_deployment_id: field(255).optional(),
});
const launchSchema = z.object({ id_token: field(FORM_LIMIT).min(1), state: field(100).min(1) });
const choiceSchema = z.object({ choice: field(8000).min(1), activity_id: field(1500).min(1) });

function sendPage(reply: FastifyReply, status: number, page: Page, cookies: string[] = []) {
  for (const cookie of cookies) void reply.header('set-cookie', cookie);
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', page.csp)
    .send(page.html);
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * The state cookie: SameSite=None (the launch is the LMS's cross-site form post) and so Secure, on
 * https; over plain http (development, tests: one site) Lax, which a browser keeps without Secure.
 */
function stateCookie(publicUrl: string, state: string, maxAgeS: number): string {
  const https = publicUrl.startsWith('https:');
  return [
    `${STATE_COOKIE_PREFIX}${state}=1`,
    `Path=${LTI_PATHS.launch}`,
    'HttpOnly',
    `Max-Age=${maxAgeS}`,
    https ? 'SameSite=None; Secure' : 'SameSite=Lax',
  ].join('; ');
}

/** Buckets kept before the full ones are dropped (many client addresses). */
const MAX_BUCKETS = 10_000;
export const TOO_MANY_LAUNCHES =
  'Too many Seminar launches from your network just now. Wait a minute and open it again from your course.';

export function registerLtiRoutes(app: FastifyInstance, runtime: Runtime): void {
  const perMinute = runtime.config.authRateLimits.perIpPerMinute;
  /** One token bucket per client IP per endpoint (request.ip: TRUST_PROXY decides whose it is). */
  const limiter = () => new MutationRateLimiter(perMinute / 60, perMinute);
  const limits = { login: limiter(), launch: limiter() };
  /** An onRequest hook: before the body is read, the 429 page for an address past its bucket. */
  const limitedBy =
    (endpoint: keyof typeof limits) => async (request: FastifyRequest, reply: FastifyReply) => {
      const bucket = limits[endpoint];
      if (bucket.take(request.ip)) return;
      if (bucket.size > MAX_BUCKETS) bucket.prune();
      void reply.header('retry-after', '60');
      return sendPage(reply, 429, refusalPage(runtime.config.appName, TOO_MANY_LAUNCHES));
    };

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => {
        const form: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(body as string))
          if (!(key in form)) form[key] = value;
        done(null, form);
      },
    );

    const refuse = async (
      reply: FastifyReply,
      kind: string,
      refusal: LaunchRefusal,
      issuer?: string | null,
    ) => {
      const services = requireServices(runtime);
      await recordLaunch(services.database.db, {
        platformId: refusal.platform?.id ?? null,
        issuer: refusal.platform?.issuer ?? refusal.issuer ?? issuer ?? null,
        kind,
        ok: false,
        detail: refusal.message,
      });
      return sendPage(reply, refusal.status, refusalPage(services.config.appName, refusal.message));
    };

    const login = async (request: FastifyRequest, reply: FastifyReply) => {
      const services = requireServices(runtime);
      const db = services.database.db;
      const source = request.method === 'POST' ? request.body : request.query;
      const parsed = loginSchema.safeParse(source ?? {});
      if (!parsed.success)
        return refuse(
          reply,
          'login',
          new LaunchRefusal('The login request is missing its issuer or login hint.'),
        );
      const input = parsed.data;
      const platform = await enabledPlatform(db, input.iss, input.client_id);
      if (!platform)
        return refuse(
          reply,
          'login',
          new LaunchRefusal(
            'This learning platform is not registered (or not enabled) in Seminar: a site admin must add it.',
            403,
            null,
            input.iss,
          ),
        );
      if (input.lti_deployment_id && !platform.deployment_ids.includes(input.lti_deployment_id))
        return refuse(
          reply,
          'login',
          new LaunchRefusal(
            `Unknown deployment id "${input.lti_deployment_id.slice(0, 100)}": a site admin must add it to this platform in Seminar.`,
            403,
            platform,
          ),
        );
      const state = randomBytes(24).toString('hex');
      const nonce = randomBytes(24).toString('hex');
      // Logins nobody finished are dropped once expired, so unfinished ones cannot pile up.
      await db.delete(ltiLoginStates).where(lt(ltiLoginStates.expires_at, sql`now()`));
      await db.insert(ltiLoginStates).values({
        state,
        nonce,
        platform_id: platform.id,
        expires_at: new Date(Date.now() + LOGIN_STATE_TTL_MS),
      });
      const target = new URL(platform.auth_login_url);
      const params: Record<string, string> = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.client_id,
        redirect_uri: new URL(LTI_PATHS.launch, services.config.publicUrl).href,
        login_hint: input.login_hint,
        state,
        nonce,
      };
      if (input.lti_message_hint) params.lti_message_hint = input.lti_message_hint;
      for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
      return reply
        .code(302)
        .header(
          'set-cookie',
          stateCookie(services.config.publicUrl, state, LOGIN_STATE_TTL_MS / 1000),
        )
        .header('cache-control', 'no-store')
        .header('location', target.href)
        .send();
    };
    scope.get(LTI_PATHS.login, { onRequest: limitedBy('login') }, login);
    scope.post(LTI_PATHS.login, { bodyLimit: FORM_LIMIT, onRequest: limitedBy('login') }, login);

    const launchOptions = { bodyLimit: FORM_LIMIT, onRequest: limitedBy('launch') };
    scope.post(LTI_PATHS.launch, launchOptions, async (request, reply) => {
      const services = requireServices(runtime);
      const parsed = launchSchema.safeParse(request.body ?? {});
      if (!parsed.success)
        return refuse(
          reply,
          'launch',
          new LaunchRefusal('The launch carries no id_token or state.'),
        );
      const { id_token: idToken, state } = parsed.data;
      const cookieState = cookieValue(request, `${STATE_COOKIE_PREFIX}${state}`)
        ? state
        : undefined;
      const spent = stateCookie(services.config.publicUrl, state, 0);
      try {
        const verified = await verifyLaunch(services.database.db, { idToken, state, cookieState });
        const outcome = await completeLaunch(services, verified);
        if (outcome.kind === 'page') return sendPage(reply, 200, outcome, [spent, outcome.cookie]);
        return reply
          .code(303)
          .header('set-cookie', [spent, outcome.cookie])
          .header('cache-control', 'no-store')
          .header('location', outcome.location)
          .send();
      } catch (error) {
        if (error instanceof LaunchRefusal) return refuse(reply, 'launch', error);
        throw error;
      }
    });

    scope.get(LTI_PATHS.jwks, async (_request, reply) => {
      const services = requireServices(runtime);
      const key = await toolKey(services.database.db);
      return reply.header('cache-control', 'public, max-age=300').send({ keys: [key.publicJwk] });
    });

    scope.post(LTI_PATHS.deepLink, { bodyLimit: FORM_LIMIT }, async (request, reply) => {
      const services = requireServices(runtime);
      const db = services.database.db;
      const parsed = choiceSchema.safeParse(request.body ?? {});
      const choice = parsed.success ? await readChoice(services, parsed.data.choice) : null;
      // The choice is bound to the instructor signed in by the deep-linking launch, in this browser.
      const viewer = await sessionUser(services, request);
      if (!parsed.success || !choice || !viewer || viewer.uid !== choice.uid)
        return refuse(
          reply,
          'deep-linking',
          new LaunchRefusal(
            'This choice has expired or was not made here. Add the activity from your course again.',
            401,
          ),
        );
      const [platform] = await db
        .select()
        .from(ltiPlatforms)
        .where(and(eq(ltiPlatforms.id, choice.platform_id), eq(ltiPlatforms.enabled, true)));
      const [activity] = await db
        .select({ activity_id: activities.activity_id, title: activities.title })
        .from(activities)
        .where(
          and(
            eq(activities.activity_id, parsed.data.activity_id),
            eq(activities.class_id, choice.class_id),
            eq(activities.deleted, false),
          ),
        );
      if (!platform || !activity)
        return refuse(
          reply,
          'deep-linking',
          new LaunchRefusal('That activity or platform is not available.', 404, platform ?? null),
        );
      const jwt = await deepLinkingResponse(services, platform, choice, activity);
      await recordLaunch(db, {
        platformId: platform.id,
        kind: 'deep-linking',
        ok: true,
        detail: `Placed "${activity.title.slice(0, 200)}"`,
        uid: viewer.uid,
        classId: choice.class_id,
      });
      return sendPage(
        reply,
        200,
        autoPostPage('Returning to your course', choice.return_url, { JWT: jwt }),
      );
    });
  });
}
