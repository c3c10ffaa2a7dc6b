// A Web Push service stand-in for the tests (docs/channels.md#web-push): a real HTTPS server, with
// a self-signed certificate the server under test is told to trust, that does what a browser's push
// service does with the server's request — checks the VAPID JWT (RFC 8292: ES256 under the key in
// `k`, `aud` the endpoint's origin, `exp` within 24 hours) — and what the browser then does with the
// payload: decrypts the aes128gcm body (RFC 8188/8291) with the subscription's private key. It
// answers 201, or what the test tells it (404, 410, 500, or no answer at all).
import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A browser's subscription as the test holds it: what the server gets, and the private half. */
export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** One request the stand-in received. */
export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload as text (null: it could not be decrypted). */
  plaintext: string | null;
  /** Why the VAPID check failed (null: it passed). */
  vapidError: string | null;
  /** The `k` of the Authorization header (the server's VAPID public key). */
  vapidKey: string | null;
  jwt: Record<string, unknown> | null;
  topic: string | null;
  ttl: string | null;
  urgency: string | null;
  contentEncoding: string | null;
  /** What it answered (null: it held the request unanswered). */
  status: number | null;
}

export type PushAnswer = 201 | 404 | 410 | 500 | 'hold';

export interface PushServiceStandIn {
  origin: string;
  /** The certificate's PEM file (NODE_EXTRA_CA_CERTS for a server process). */
  certPath: string;
  /** An HTTPS agent that trusts the certificate (for a server in this process). */
  agent: Agent;
  received: ReceivedPush[];
  /** Requests accepted (201), per subscription id. */
  accepted(subscriptionId: string): ReceivedPush[];
  /** A new browser subscription on this service. */
  subscribe(): TestSubscription;
  /** How to answer a subscription's requests from now on (default 201). */
  answer(subscriptionId: string, answer: PushAnswer): void;
  /** From the `n`th accepted request on, hold every request unanswered (Infinity: never). */
  holdAfter: number;
  /** Answer held requests and stop holding. */
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made with openssl in a temporary folder. */
function makeCertificate(): { certPath: string; keyPath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'seminar-push-'));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certPath, keyPath };
}

const b64url = (value: string) => Buffer.from(value, 'base64url');

/** Checks the VAPID Authorization header; returns why not, or null. */
function checkVapid(
  header: string | undefined,
  audience: string,
): { error: string | null; key: string | null; jwt: Record<string, unknown> | null } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { error: 'no vapid authorization', key: null, jwt: null };
  const [, token, key] = match as unknown as [string, string, string];
  const parts = token.split('.');
  if (parts.length !== 3) return { error: 'not a JWT', key, jwt: null };
  const [head, body, signature] = parts as [string, string, string];
  const header64 = JSON.parse(b64url(head).toString('utf8')) as Record<string, unknown>;
  const claims = JSON.parse(b64url(body).toString('utf8')) as Record<string, unknown>;
  if (header64.alg !== 'ES256') return { error: `alg ${String(header64.alg)}`, key, jwt: claims };
  const point = b64url(key);
  if (point.length !== 65 || point[0] !== 4)
    return { error: 'k is not a P-256 point', key, jwt: claims };
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    b64url(signature),
  );
  if (!valid) return { error: 'bad signature', key, jwt: claims };
  if (claims.aud !== audience) return { error: `aud ${String(claims.aud)}`, key, jwt: claims };
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600)
    return { error: `exp ${String(claims.exp)}`, key, jwt: claims };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    return { error: `sub ${String(claims.sub)}`, key, jwt: claims };
  return { error: null, key, jwt: claims };
}

/** Decrypts an aes128gcm Web Push body (RFC 8291 §3.4, RFC 8188 §2) as the browser would. */
export function decryptPush(body: Buffer, subscription: TestSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const clientKey = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), clientKey, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const { certPath, keyPath } = makeCertificate();
  const subscriptions = new Map<string, TestSubscription>();
  const answers = new Map<string, PushAnswer>();
  const received: ReceivedPush[] = [];
  const held: Array<() => void> = [];
  let origin = '';
  let acceptedCount = 0;
  const state = { holdAfter: Infinity };
  const server: Server = createServer(
    { cert: readFileSync(certPath), key: readFileSync(keyPath) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = /^\/push\/([^/?]+)$/.exec(request.url ?? '')?.[1] ?? '';
        const subscription = subscriptions.get(id);
        if (request.method !== 'POST' || !subscription) {
          response.writeHead(404).end();
          return;
        }
        const vapid = checkVapid(request.headers.authorization, origin);
        let plaintext: string | null;
        try {
          plaintext = decryptPush(Buffer.concat(chunks), subscription);
        } catch {
          plaintext = null;
        }
        const answer: PushAnswer =
          acceptedCount >= state.holdAfter ? 'hold' : (answers.get(id) ?? 201);
        const entry: ReceivedPush = {
          subscriptionId: id,
          plaintext,
          vapidError: vapid.error,
          vapidKey: vapid.key,
          jwt: vapid.jwt,
          topic: (request.headers.topic as string | undefined) ?? null,
          ttl: (request.headers.ttl as string | undefined) ?? null,
          urgency: (request.headers.urgency as string | undefined) ?? null,
          contentEncoding: (request.headers['content-encoding'] as string | undefined) ?? null,
          status: answer === 'hold' ? null : vapid.error || plaintext === null ? 400 : answer,
        };
        received.push(entry);
        if (entry.status === 201) acceptedCount += 1;
        if (answer === 'hold') {
          // No answer: the sender waits (and is killed waiting, or times out).
          held.push(() => response.destroy());
          return;
        }
        response.writeHead(entry.status!).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const agent = new Agent({ ca: readFileSync(certPath), keepAlive: true });
  return {
    get holdAfter() {
      return state.holdAfter;
    },
    set holdAfter(value: number) {
      state.holdAfter = value;
    },
    origin,
    certPath,
    agent,
    received,
    accepted: (subscriptionId) =>
      received.filter((entry) => entry.subscriptionId === subscriptionId && entry.status === 201),
    subscribe() {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const subscription: TestSubscription = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
        ecdh,
        authSecret,
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    answer: (subscriptionId, answer) => {
      answers.set(subscriptionId, answer);
    },
    async close() {
      for (const release of held.splice(0)) release();
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
