// An LTI 1.3 platform stand-in for the tests (docs/institutions.md#lti-13): a real HTTP server that
// does what Canvas or Moodle does — answers the tool's login initiation redirect with a signed
// id_token auto-posted to the tool (OIDC form_post), publishes its JWKS, issues service tokens only
// for a client assertion signed by the tool's key (checked against the tool's own JWKS, RFC 7523),
// serves a roster (NRPS) and takes line items and scores (AGS), and checks the signed deep-linking
// answer. Everything it receives is recorded for the test to read.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
export const LIS_ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  ta: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
} as const;

/** A person of the LMS, by the login hint the test launches them with. */
export interface LmsUser {
  sub: string;
  name: string;
  roles: string[];
}

/** What the next id_token looks like (one launch): the test's tampering. */
export interface LaunchTweak {
  claims?: Record<string, unknown>;
  /** Sign with a key the platform's JWKS does not publish. */
  rogueKey?: boolean;
  /** Seconds from now: exp (negative: already expired) and iat. */
  expiresIn?: number;
  issuedAgo?: number;
  /** Deep linking instead of a resource link launch. */
  deepLinking?: boolean;
}

export interface RecordedScore {
  lineItem: string;
  body: Record<string, unknown>;
}

export interface LtiPlatformStandIn {
  issuer: string;
  clientId: string;
  deploymentId: string;
  contextId: string;
  urls: { authLogin: string; token: string; jwks: string; memberships: string; lineitems: string };
  /** The tool's JWKS URL: service tokens and deep-linking answers are checked against it. */
  toolJwksUrl: string;
  users: Map<string, LmsUser>;
  /** The course roster NRPS answers (with status). */
  roster: Array<LmsUser & { status?: 'Active' | 'Inactive' }>;
  /** Applied to the next id_token only. */
  nextTweak: LaunchTweak | null;
  /** The last id_token signed (to replay it). */
  lastIdToken: string | null;
  tokenRequests: Array<{ ok: boolean; scope: string; error?: string }>;
  nrpsRequests: number;
  lineItems: Array<{ id: string; resourceId: string; label: string; scoreMaximum: number }>;
  scores: RecordedScore[];
  deepLinkAnswers: Array<{ ok: boolean; payload?: JWTPayload; error?: string }>;
  /** Signs an id_token as the platform would (for a test that crafts one). */
  signIdToken(claims: Record<string, unknown>, tweak?: LaunchTweak): Promise<string>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json') {
  response.writeHead(status, { 'content-type': type });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export async function startLtiPlatform(options: {
  toolUrl: string;
  contextTitle?: string;
}): Promise<LtiPlatformStandIn> {
  const key = await generateKeyPair('RS256', { extractable: true });
  const rogue = await generateKeyPair('RS256');
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(key.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const toolJwksUrl = new URL('/lti/jwks', options.toolUrl).href;
  const toolKeys = createRemoteJWKSet(new URL(toolJwksUrl));
  const tokens = new Set<string>();
  let server: Server | null = null;

  const platform = {
    clientId: `seminar-${randomUUID().slice(0, 8)}`,
    deploymentId: `deployment-${randomUUID().slice(0, 8)}`,
    contextId: `course-${randomUUID().slice(0, 8)}`,
    toolJwksUrl,
    users: new Map<string, LmsUser>(),
    roster: [],
    nextTweak: null,
    lastIdToken: null,
    tokenRequests: [],
    nrpsRequests: 0,
    lineItems: [],
    scores: [],
    deepLinkAnswers: [],
  } as unknown as LtiPlatformStandIn;

  platform.signIdToken = async (claims, tweak = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const iat = now - (tweak.issuedAgo ?? 0);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(platform.issuer)
      .setAudience(platform.clientId)
      .setIssuedAt(iat)
      .setExpirationTime(now + (tweak.expiresIn ?? 300))
      .sign((tweak.rogueKey ? rogue.privateKey : key.privateKey) as CryptoKey);
  };

  const bearerOk = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice(7));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', platform.issuer);
    if (request.method === 'GET' && url.pathname === '/jwks')
      return send(response, 200, { keys: [publicJwk] });

    if (request.method === 'GET' && url.pathname === '/auth') {
      // The OIDC authentication request of the tool's login redirect (LTI Core §5.1.1.2).
      const q = url.searchParams;
      const user = platform.users.get(q.get('login_hint') ?? '');
      if (
        !user ||
        q.get('client_id') !== platform.clientId ||
        q.get('response_mode') !== 'form_post' ||
        q.get('scope') !== 'openid' ||
        !q.get('nonce') ||
        !q.get('state')
      )
        return send(response, 400, 'bad authentication request', 'text/plain');
      const tweak = platform.nextTweak ?? {};
      platform.nextTweak = null;
      const claims: Record<string, unknown> = {
        sub: user.sub,
        name: user.name,
        nonce: q.get('nonce'),
        [`${LTI}/message_type`]: tweak.deepLinking
          ? 'LtiDeepLinkingRequest'
          : 'LtiResourceLinkRequest',
        [`${LTI}/version`]: '1.3.0',
        [`${LTI}/deployment_id`]: platform.deploymentId,
        [`${LTI}/target_link_uri`]: new URL('/lti/launch', options.toolUrl).href,
        [`${LTI}/resource_link`]: { id: 'link-1' },
        [`${LTI}/roles`]: user.roles,
        [`${LTI}/context`]: {
          id: platform.contextId,
          title: options.contextTitle ?? 'Strategy 101',
          label: 'STR101',
        },
        'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
          context_memberships_url: platform.urls.memberships,
          service_versions: ['2.0'],
        },
        'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
          scope: [
            'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
            'https://purl.imsglobal.org/spec/lti-ags/scope/score',
          ],
          lineitems: platform.urls.lineitems,
        },
        ...(tweak.deepLinking
          ? {
              'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
                deep_link_return_url: `${platform.issuer}/deep-link-return`,
                accept_types: ['ltiResourceLink'],
                accept_presentation_document_targets: ['window'],
                data: 'opaque-data-1',
              },
            }
          : {}),
        ...tweak.claims,
      };
      const idToken = await platform.signIdToken(claims, tweak);
      platform.lastIdToken = idToken;
      const redirect = q.get('redirect_uri') ?? '';
      return send(
        response,
        200,
        `<!doctype html><html lang="en"><head><title>Launching</title></head><body><main><form id="f" method="post" action="${escapeAttr(redirect)}"><input type="hidden" name="id_token" value="${escapeAttr(idToken)}"><input type="hidden" name="state" value="${escapeAttr(q.get('state') ?? '')}"><button type="submit">Continue</button></form><script>document.getElementById('f').submit()</script></main></body></html>`,
        'text/html',
      );
    }

    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(request));
      const scope = form.get('scope') ?? '';
      try {
        if (form.get('grant_type') !== 'client_credentials') throw new Error('grant_type');
        if (
          form.get('client_assertion_type') !==
          'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
        )
          throw new Error('client_assertion_type');
        await jwtVerify(form.get('client_assertion') ?? '', toolKeys, {
          issuer: platform.clientId,
          subject: platform.clientId,
          audience: platform.urls.token,
          requiredClaims: ['jti', 'exp', 'iat'],
        });
      } catch (error) {
        platform.tokenRequests.push({ ok: false, scope, error: (error as Error).message });
        return send(response, 401, { error: 'invalid_client' });
      }
      const token = randomUUID();
      tokens.add(token);
      platform.tokenRequests.push({ ok: true, scope });
      return send(response, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 3600,
        scope,
      });
    }

    if (url.pathname === `/nrps/${platform.contextId}`) {
      if (!bearerOk(request)) return send(response, 401, { error: 'unauthorized' });
      platform.nrpsRequests += 1;
      return send(
        response,
        200,
        {
          id: url.href,
          context: { id: platform.contextId },
          members: platform.roster.map((member) => ({
            user_id: member.sub,
            name: member.name,
            roles: member.roles,
            status: member.status ?? 'Active',
          })),
        },
        'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
      );
    }

    const lineItemsPath = `/ags/${platform.contextId}/lineitems`;
    if (url.pathname === lineItemsPath) {
      if (!bearerOk(request)) return send(response, 401, { error: 'unauthorized' });
      if (request.method === 'GET') {
        const resourceId = url.searchParams.get('resource_id');
        return send(
          response,
          200,
          platform.lineItems.filter((item) => !resourceId || item.resourceId === resourceId),
          'application/vnd.ims.lis.v2.lineitemcontainer+json',
        );
      }
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      const item = {
        id: `${platform.issuer}${lineItemsPath}/${platform.lineItems.length + 1}`,
        resourceId: String(body.resourceId),
        label: String(body.label),
        scoreMaximum: Number(body.scoreMaximum),
      };
      platform.lineItems.push(item);
      return send(response, 201, item, 'application/vnd.ims.lis.v2.lineitem+json');
    }
    const scoreMatch = new RegExp(`^${lineItemsPath}/(\\d+)/scores$`).exec(url.pathname);
    if (request.method === 'POST' && scoreMatch) {
      if (!bearerOk(request)) return send(response, 401, { error: 'unauthorized' });
      if (request.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json')
        return send(response, 415, { error: 'score media type' });
      platform.scores.push({
        lineItem: `${platform.issuer}${lineItemsPath}/${scoreMatch[1]}`,
        body: JSON.parse(await readBody(request)) as Record<string, unknown>,
      });
      return send(response, 200, {});
    }

    if (request.method === 'POST' && url.pathname === '/deep-link-return') {
      const form = new URLSearchParams(await readBody(request));
      try {
        const { payload } = await jwtVerify(form.get('JWT') ?? '', toolKeys, {
          issuer: platform.clientId,
          audience: platform.issuer,
          requiredClaims: ['nonce', 'exp', 'iat'],
        });
        platform.deepLinkAnswers.push({ ok: true, payload });
        return send(
          response,
          200,
          '<!doctype html><html lang="en"><head><title>Placed</title></head><body><main><h1>Activity placed in the course</h1></main></body></html>',
          'text/html',
        );
      } catch (error) {
        platform.deepLinkAnswers.push({ ok: false, error: (error as Error).message });
        return send(response, 400, 'invalid deep linking response', 'text/plain');
      }
    }
    return send(response, 404, { error: 'not found' });
  };

  server = createServer((request, response) => {
    handle(request, response).catch((error: Error) =>
      send(response, 500, { error: error.message }),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  platform.issuer = `http://127.0.0.1:${port}`;
  platform.urls = {
    authLogin: `${platform.issuer}/auth`,
    token: `${platform.issuer}/token`,
    jwks: `${platform.issuer}/jwks`,
    memberships: `${platform.issuer}/nrps/${platform.contextId}`,
    lineitems: `${platform.issuer}/ags/${platform.contextId}/lineitems`,
  };
  platform.close = () =>
    new Promise<void>((resolve) => {
      server!.closeAllConnections();
      server!.close(() => resolve());
    });
  return platform;
}
