// A real OpenID provider for tests (`oidc-provider`, the certified implementation): discovery,
// authorization with its own login form, token endpoint, JWKS, RS256-signed ID tokens. The app
// talks real HTTP to it, as to a university's Keycloak or Entra ID. People are whoever the test
// adds (`setAccount`); the login form takes their id as the login and any password.
//
// Keys: `rotate()` switches the provider to a new signing key (published alone from then on, as a
// provider does after a rotation); `signWithUnpublishedKey()` makes it sign with a key its JWKS
// does not show — a token nobody should accept.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

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
export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
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
          redirect_uris: redirectUris,
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
      // No consent screen: the test client is first-party.
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    next.on('server_error', () => undefined);
    return next;
  };

  const first = await newKey();
  published = [first];
  provider = build(first);

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (id, account) => accounts.set(id, account),
    async rotate() {
      const key = await newKey();
      published = [key];
      provider = build(key);
    },
    async signWithUnpublishedKey() {
      provider = build(await newKey());
    },
    publishedKids: () => published.map((key) => String(key.kid)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
