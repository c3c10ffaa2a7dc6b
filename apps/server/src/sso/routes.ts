// Docs: docs/institutions.md#single-sign-on-oidc — the HTTP side of single sign-on: the sign-in
// page's provider list, the start (state, nonce, PKCE, browser cookie), OIDC's callback, SAML's
// metadata, ACS and finish. Every failure is a plain page with a way back, never a stack trace.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailDomain, normalizeEmail, ssoStartPath, type SsoProviderButton } from '@seminar/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ssoSamlAssertions } from '../db/schema';
import { requireServices, type Runtime } from '../runtime';
import type { Services } from '../services';
import type { SsoProviderConfig } from './config';
import { authorizationUrl, OidcError, redeemCode } from './oidc';
import { signInFailedPage, testSignInPage } from './pages';
import { SamlError, samlLoginRequest, spMetadata, verifySamlResponse } from './saml';
import { signInAsserted, type AssertedIdentity } from './signIn';
import {
  attachIdentity,
  consumeState,
  SSO_BROWSER_COOKIE,
  SSO_STATE_TTL_MS,
  startSignIn,
  type StateRefusal,
} from './states';
import { lt } from 'drizzle-orm';

export const SSO_BASE_PATH = '/api/sso';

const STATE_WORDS: Record<StateRefusal, string> = {
  missing:
    'This sign-in was not started from this browser, or its cookie was blocked. Start again from the sign-in page.',
  unknown: 'This sign-in link has expired or was already used. Start again from the sign-in page.',
  'other-browser':
    'This sign-in was started in another browser. Start again from the sign-in page in this one.',
};

const paramsSchema = z.object({ id: z.string().max(40) });

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function browserCookie(config: Config, value: string): string {
  return [
    `${SSO_BROWSER_COOKIE}=${value}`,
    `Path=${SSO_BASE_PATH}`,
    `Max-Age=${Math.ceil((SSO_STATE_TTL_MS * 6) / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(config.publicUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');
}

function failed(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(signInFailedPage(message));
}

function providerOf(config: Config, request: FastifyRequest): SsoProviderConfig | undefined {
  const parsed = paramsSchema.safeParse(request.params);
  return parsed.success ? config.ssoProviders.find((p) => p.id === parsed.data.id) : undefined;
}

/**
 * The asserted person signed in (or, for a test sign-in, shown). A provider speaks only for the
 * domains it is configured to serve: another domain's address would let it take over accounts it
 * has no say over.
 */
async function finishSignIn(
  services: Services,
  reply: FastifyReply,
  provider: SsoProviderConfig,
  identity: AssertedIdentity,
  test: boolean,
): Promise<FastifyReply> {
  if (!provider.domains.includes(emailDomain(identity.email)))
    return failed(
      reply,
      403,
      `${provider.label} signs in addresses at ${provider.domains.join(', ')} only, not ${normalizeEmail(identity.email)}.`,
    );
  if (test)
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(testSignInPage(provider.label, identity));
  const outcome = await signInAsserted(services.auth, identity);
  if (!outcome.ok)
    return failed(
      reply,
      403,
      outcome.reason === 'disabled'
        ? 'This account has been disabled.'
        : `${provider.label} did not confirm that ${normalizeEmail(identity.email)} is yours (the address is not verified there), so it cannot sign you in here.`,
    );
  return reply
    .code(303)
    .header('Cache-Control', 'no-store')
    .header('set-cookie', outcome.setCookie)
    .header('location', '/')
    .send();
}

async function start(runtime: Runtime, request: FastifyRequest, reply: FastifyReply) {
  const { config, database } = requireServices(runtime);
  const provider = providerOf(config, request);
  if (!provider) return failed(reply, 404, 'There is no such sign-in provider here.');
  const test = (request.query as { test?: unknown }).test === '1';
  const browser = cookieValue(request, SSO_BROWSER_COOKIE);
  let location: string;
  let started;
  if (provider.type === 'oidc') {
    started = await startSignIn(database.db, { providerId: provider.id, browser, test });
    try {
      location = await authorizationUrl(provider, config.publicUrl, started);
    } catch (error) {
      if (error instanceof OidcError) return failed(reply, 502, error.message);
      throw error;
    }
  } else {
    const login = samlLoginRequest(config, provider);
    started = await startSignIn(database.db, {
      providerId: provider.id,
      browser,
      test,
      requestId: login.requestId,
    });
    location = login.url(started.state);
  }
  return reply
    .code(302)
    .header('Cache-Control', 'no-store')
    .header('set-cookie', browserCookie(config, started.browser))
    .header('location', location)
    .send();
}

async function oidcCallback(runtime: Runtime, request: FastifyRequest, reply: FastifyReply) {
  const services = requireServices(runtime);
  const provider = providerOf(services.config, request);
  if (provider?.type !== 'oidc')
    return failed(reply, 404, 'There is no such sign-in provider here.');
  const query = request.query as { code?: unknown; state?: unknown; error?: unknown };
  const state = await consumeState(
    services.database.db,
    provider.id,
    typeof query.state === 'string' ? query.state : undefined,
    cookieValue(request, SSO_BROWSER_COOKIE),
  );
  if (!state.ok) return failed(reply, 400, STATE_WORDS[state.reason]);
  if (typeof query.error === 'string' || typeof query.code !== 'string')
    return failed(
      reply,
      400,
      `${provider.label} did not sign you in. Start again from the sign-in page.`,
    );
  try {
    const claims = await redeemCode(provider, services.config.publicUrl, query.code, state);
    return await finishSignIn(
      services,
      reply,
      provider,
      { providerId: provider.id, protocol: 'oidc', ...claims },
      state.test,
    );
  } catch (error) {
    if (error instanceof OidcError) return failed(reply, 403, error.message);
    throw error;
  }
}

/** Remembers an assertion's id until it expires; false when it was already used (a replay). */
async function firstUse(db: Db, providerId: string, assertionId: string, expiresAt: Date) {
  await db.delete(ssoSamlAssertions).where(lt(ssoSamlAssertions.expiresAt, new Date()));
  const rows = await db
    .insert(ssoSamlAssertions)
    .values({ providerId, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: ssoSamlAssertions.assertionId });
  return rows.length > 0;
}

async function samlAcs(runtime: Runtime, request: FastifyRequest, reply: FastifyReply) {
  const services = requireServices(runtime);
  const provider = providerOf(services.config, request);
  if (provider?.type !== 'saml')
    return failed(reply, 404, 'There is no such sign-in provider here.');
  const body = (request.body ?? {}) as { SAMLResponse?: unknown; RelayState?: unknown };
  if (typeof body.SAMLResponse !== 'string' || typeof body.RelayState !== 'string')
    return failed(
      reply,
      400,
      `${provider.label} sent no sign-in answer. Start again from the sign-in page.`,
    );
  let assertion;
  try {
    assertion = await verifySamlResponse(services.config, provider, body.SAMLResponse);
  } catch (error) {
    if (error instanceof SamlError) return failed(reply, 403, error.message);
    throw error;
  }
  const db = services.database.db;
  if (!(await firstUse(db, provider.id, assertion.assertionId, assertion.expiresAt)))
    return failed(
      reply,
      403,
      `This ${provider.label} answer was already used. Start again from the sign-in page.`,
    );
  const attached = await attachIdentity(db, provider.id, body.RelayState, assertion.inResponseTo, {
    subject: assertion.subject,
    email: assertion.email,
    name: assertion.name ?? null,
  });
  if (!attached) return failed(reply, 400, STATE_WORDS.unknown);
  // A GET of our own site next: the browser sends its Lax cookie there (not on this cross-site POST).
  const finish = `${SSO_BASE_PATH}/${provider.id}/finish?state=${encodeURIComponent(body.RelayState)}`;
  return reply.code(303).header('Cache-Control', 'no-store').header('location', finish).send();
}

async function samlFinish(runtime: Runtime, request: FastifyRequest, reply: FastifyReply) {
  const services = requireServices(runtime);
  const provider = providerOf(services.config, request);
  if (provider?.type !== 'saml')
    return failed(reply, 404, 'There is no such sign-in provider here.');
  const query = request.query as { state?: unknown };
  const state = await consumeState(
    services.database.db,
    provider.id,
    typeof query.state === 'string' ? query.state : undefined,
    cookieValue(request, SSO_BROWSER_COOKIE),
  );
  if (!state.ok) return failed(reply, 400, STATE_WORDS[state.reason]);
  if (!state.identity) return failed(reply, 400, STATE_WORDS.unknown);
  // The IdP is the authority for the domains it serves (checked in finishSignIn): its signed
  // assertion of an address there is its verification.
  return finishSignIn(
    services,
    reply,
    provider,
    {
      providerId: provider.id,
      protocol: 'saml',
      subject: state.identity.subject,
      email: state.identity.email,
      emailVerified: true,
      name: state.identity.name ?? undefined,
    },
    state.test,
  );
}

/** Mounts single sign-on's routes under /api/sso. */
export function registerSsoRoutes(app: FastifyInstance, runtime: Runtime): void {
  void app.register(async (scope) => {
    // SAML's POST binding is a form; 256 KiB is far above a real signed response.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.get(`${SSO_BASE_PATH}/providers`, (_request, reply) => {
      const { config } = requireServices(runtime);
      const providers: SsoProviderButton[] = config.ssoProviders.map((p) => ({
        id: p.id,
        label: p.label,
        startUrl: ssoStartPath(p.id),
      }));
      return reply.header('Cache-Control', 'no-store').send({ providers });
    });
    scope.get(`${SSO_BASE_PATH}/:id/start`, (request, reply) => start(runtime, request, reply));
    scope.get(`${SSO_BASE_PATH}/:id/callback`, (request, reply) =>
      oidcCallback(runtime, request, reply),
    );
    scope.get(`${SSO_BASE_PATH}/:id/metadata`, (request, reply) => {
      const { config } = requireServices(runtime);
      const provider = providerOf(config, request);
      if (provider?.type !== 'saml')
        return failed(reply, 404, 'There is no such SAML provider here.');
      return reply.type('application/samlmetadata+xml').send(spMetadata(config, provider));
    });
    scope.post(`${SSO_BASE_PATH}/:id/acs`, (request, reply) => samlAcs(runtime, request, reply));
    scope.get(`${SSO_BASE_PATH}/:id/finish`, (request, reply) =>
      samlFinish(runtime, request, reply),
    );
  });
}
