// A real OpenID provider for tests (`oidc-provider`, the certified implementation): discovery,
// authorization with its own login form, token endpoint, JWKS, RS256-signed ID tokens. The app
// talks real HTTP to it, as to a university's Keycloak or Entra ID. People are whoever the test
// adds (`setAccount`); the login form takes their id as the login and any password. With
// `{ consent: true }` the provider also shows its own consent page ("Continue") before it answers,
// as a browser sees it the first time; by default the test client is first-party and skips it.
//
// Keys: `rotate()` switches the provider to a new signing key (published alone from then on, as a
// provider does after a rotation); `signWithUnpublishedKey()` makes it sign with a key its JWKS
// does not show — a token nobody should accept.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

type LoadExistingGrant = NonNullable<Configuration['loadExistingGrant']>;

export interface TestAccount {
  email: string;
  /** Left out: the claim is absent. */
  email_verified?: boolean | string;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  setAccount(id: string, account: TestAccount): void;
  /** A new signing key; the old one is no longer published. */
  rotate(): Promise<void>;
  /** Signs with a new key but keeps publishing the current one. */
  signWithUnpublishedKey(): Promise<void>;
  /** The `kid`s the JWKS publishes now. */
  publishedKids(): string[];
  /** Registers the client's redirect URIs anew (an app whose URL is known only once it runs). */
  setRedirectUris(uris: string[]): void;
  close(): Promise<void>;
}

let kidCounter = 0;
async function newKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  kidCounter += 1;
  return { ...jwk, kid: `test-key-${kidCounter}`, alg: 'RS256', use: 'sig' };
}

/** Starts the provider on a free port of 127.0.0.1, for `redirectUris`. */
export async function startTestOidcProvider(
  redirectUris: string[],
  options: { consent?: boolean } = {},
): Promise<TestOidcProvider> {
  let redirects = redirectUris;
  const accounts = new Map<string, TestAccount>();
  const clientId = 'seminar-test';
  const clientSecret = 'seminar-test-secret-0123456789abcdef';
  let provider: Provider | undefined;
  let published: JWK[] = [];
  const server: Server = createServer((request, response) => {
    if (request.url === '/jwks') {
      // The JWKS as published (public parts only), which may differ from the signing key.
      const keys = published.map(
        ({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub }) => pub,
      );
      response.writeHead(200, { 'content-type': 'application/jwk-set+json' });
      response.end(JSON.stringify({ keys }));
      return;
    }
    void provider?.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = (signing: JWK) => {
    const next = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirects,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signing as never] },
      pkce: { required: () => true },
      // The ID token carries the e-mail claims itself (as most providers' do with scope email).
      conformIdTokenClaims: false,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: (_ctx, id) => {
        const account = accounts.get(id);
        if (!account) return undefined;
        return {
          accountId: id,
          claims: () => ({ sub: id, ...account }) as never,
        };
      },
      // No consent screen unless asked for: the test client is first-party.
      ...(options.consent
        ? {}
        : {
            loadExistingGrant: async (ctx: Parameters<LoadExistingGrant>[0]) => {
              const grant = new ctx.oidc.provider.Grant({
                clientId: ctx.oidc.client!.clientId,
                accountId: ctx.oidc.session!.accountId!,
              });
              grant.addOIDCScope('openid email profile');
              await grant.save();
              return grant;
            },
          }),
    });
    next.on('server_error', () => undefined);
    return next;
  };

  let signing = await newKey();
  published = [signing];
  provider = build(signing);

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (id, account) => accounts.set(id, account),
    async rotate() {
      signing = await newKey();
      published = [signing];
      provider = build(signing);
    },
    async signWithUnpublishedKey() {
      signing = await newKey();
      provider = build(signing);
    },
    publishedKids: () => published.map((key) => String(key.kid)),
    setRedirectUris(uris) {
      redirects = uris;
      provider = build(signing);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
