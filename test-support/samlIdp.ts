// A SAML 2.0 identity provider stand-in for tests: samlify on the IdP side, over real HTTP, signing
// real assertions with a key and certificate made at start (openssl, in a temporary folder; no
// private key is committed). GET /sso takes the SP's AuthnRequest (redirect binding) and answers
// with the usual self-posting form to the SP's ACS, as Shibboleth or ADFS would.
//
// `response()` makes an answer directly, in variants a test needs: signed as an SP asks, only the
// envelope signed, nothing signed, meant for another SP (audience) or another address (recipient).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as samlify from 'samlify';

export type SamlVariant =
  'signed' | 'envelope-only' | 'unsigned' | 'wrong-audience' | 'wrong-recipient';

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  /** The signing certificate, PEM. */
  certificate: string;
  /** Who the next sign-in at /sso is. */
  setUser(user: { email: string; name?: string }): void;
  /** A base64 SAMLResponse answering `requestId`, for the SP whose metadata is given. */
  response(
    spMetadataXml: string,
    input: { requestId: string; email: string; name?: string; variant?: SamlVariant },
  ): Promise<string>;
  close(): Promise<void>;
}

function makeKeyPair(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'seminar-saml-idp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        '/CN=Seminar test IdP',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Starts the IdP on a free port of 127.0.0.1; `spMetadataUrl` is where it reads the SP from. */
export async function startTestSamlIdp(spMetadataUrl: () => Promise<string>): Promise<TestSamlIdp> {
  const { key, cert } = makeKeyPair();
  let user: { email: string; name?: string } = { email: 'nobody@example.org' };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://idp');
      if (url.pathname !== '/sso') {
        response.writeHead(404).end();
        return;
      }
      const spMetadata = await spMetadataUrl();
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const parsed = await idp.parseLoginRequest(sp, 'redirect', {
        query: Object.fromEntries(url.searchParams),
        octetString: '',
      } as never);
      const requestId = (parsed.extract as { request: { id: string } }).request.id;
      const samlResponse = await api.response(spMetadata, { requestId, ...user });
      const acs = /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(spMetadata)?.[1] ?? '';
      const relayState = url.searchParams.get('RelayState') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body><form method="post" action="${escape(acs)}"><input type="hidden" name="SAMLResponse" value="${escape(samlResponse)}"><input type="hidden" name="RelayState" value="${escape(relayState)}"><button type="submit">Continue to the service</button></form></body></html>`,
      );
    })().catch((error: unknown) => {
      console.error('IDP', error);
      if (!response.headersSent) response.writeHead(400).end('bad request');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const ssoUrl = `${base}/sso`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: key,
    signingCert: cert,
    singleSignOnService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl },
    ],
    wantAuthnRequestsSigned: false,
  });

  const api: TestSamlIdp = {
    entityId,
    ssoUrl,
    certificate: cert,
    setUser: (next) => {
      user = next;
    },
    async response(spMetadataXml, input) {
      const variant = input.variant ?? 'signed';
      let metadata = spMetadataXml;
      if (variant === 'envelope-only' || variant === 'unsigned')
        metadata = metadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"');
      if (variant === 'wrong-audience')
        metadata = metadata.replace(
          /entityID="[^"]+"/,
          'entityID="https://another-service.example.org/sp"',
        );
      if (variant === 'wrong-recipient')
        metadata = metadata.replace(
          /(AssertionConsumerService[^>]*Location=")[^"]+"/,
          '$1https://another-service.example.org/acs"',
        );
      const sp = samlify.ServiceProvider({ metadata });
      const { context } = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: input.requestId } } },
        'post',
        { email: input.email },
      );
      if (variant !== 'unsigned') return context;
      // Nothing signed: the envelope's signature taken out.
      const xml = Buffer.from(context, 'base64').toString('utf8');
      return Buffer.from(xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')).toString(
        'base64',
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
