// A real S3-compatible HTTP server for tests: it stands in for AWS S3, MinIO or Garage as the SMTP
// listener does for mail. Nothing in the app is mocked: the app's S3 client talks HTTP to it.
//
// It answers path-style PUT, GET, HEAD and DELETE of objects in one bucket, and checks every
// request's AWS Signature V4 (Authorization header) on its own, with node:crypto — a request signed
// with another key, region or scope, or whose body does not match its signed SHA-256, is refused
// with S3's 403/400 errors — so a test proves the client's signing, not just its HTTP.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The credentials the server accepts. */
export const TEST_S3_CREDENTIALS = {
  accessKeyId: 'TESTACCESSKEY',
  secretAccessKey: 'test-secret-key-for-the-s3-stand-in',
  region: 'eu-test-1',
};

export interface TestS3Server {
  /** The endpoint for ATTACHMENT_S3_URL. */
  url: string;
  bucket: string;
  /** The stored objects by key, with their content type. */
  objects: Map<string, { data: Buffer; type: string | undefined }>;
  /** Every request: method, key and the answer's status. */
  requests: Array<{ method: string; key: string; status: number }>;
  /** While true every request is answered 503 SlowDown (a store that is up but failing). */
  failing: boolean;
  /** The env for a test server that stores attachments here. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

function s3Error(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** Null when the request is signed right; else the S3 error code and message. */
function checkSignature(request: IncomingMessage, body: Buffer): [number, string, string] | null {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return [403, 'AccessDenied', 'No AWS Signature V4 authorization.'];
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== TEST_S3_CREDENTIALS.accessKeyId)
    return [403, 'InvalidAccessKeyId', 'Unknown access key.'];
  if (region !== TEST_S3_CREDENTIALS.region)
    return [400, 'AuthorizationHeaderMalformed', 'Wrong region.'];
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day!)) return [403, 'AccessDenied', 'The date does not match the scope.'];
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) return [400, 'InvalidRequest', 'Missing x-amz-content-sha256.'];
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
    return [400, 'XAmzContentSHA256Mismatch', 'The body does not match its signed hash.'];
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date'))
    return [403, 'AccessDenied', 'host and x-amz-date must be signed.'];
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = names
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [
    request.method,
    url.pathname,
    query,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${TEST_S3_CREDENTIALS.secretAccessKey}`, day!);
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(toSign).digest();
  const given = Buffer.from(signature!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return [403, 'SignatureDoesNotMatch', 'The signature does not match.'];
  return null;
}

/** Starts the server on a free 127.0.0.1 port, with an empty bucket `bucket`. */
export async function startTestS3Server(bucket = 'seminar-files'): Promise<TestS3Server> {
  const objects: TestS3Server['objects'] = new Map();
  const requests: TestS3Server['requests'] = [];
  const state = { failing: false };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const [, bucketPart = '', ...rest] = path.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      const answer = (status: number, code?: string, message?: string) => {
        requests.push({ method: request.method ?? '', key, status });
        if (code) s3Error(response, status, code, message ?? code);
      };
      if (state.failing) return answer(503, 'SlowDown', 'Please reduce your request rate.');
      const refused = checkSignature(request, body);
      if (refused) return answer(...refused);
      if (decodeURIComponent(bucketPart) !== bucket || !key)
        return answer(404, 'NoSuchBucket', 'The bucket does not exist.');
      const stored = objects.get(key);
      switch (request.method) {
        case 'PUT': {
          const declared = Number(request.headers['content-length'] ?? NaN);
          if (declared !== body.length)
            return answer(400, 'IncompleteBody', 'The body is not as long as declared.');
          const type = request.headers['content-type'];
          objects.set(key, { data: body, type });
          answer(200);
          response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          return response.end();
        }
        case 'GET':
        case 'HEAD':
          if (!stored) return answer(404, 'NoSuchKey', 'The key does not exist.');
          answer(200);
          response.writeHead(200, {
            'content-type': stored.type ?? 'application/octet-stream',
            'content-length': String(stored.data.length),
          });
          return response.end(request.method === 'GET' ? stored.data : undefined);
        case 'DELETE':
          objects.delete(key);
          answer(204);
          response.writeHead(204);
          return response.end();
        default:
          return answer(405, 'MethodNotAllowed', 'Not supported by the stand-in.');
      }
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    objects,
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    env: () => ({
      ATTACHMENT_S3_URL: url,
      ATTACHMENT_S3_BUCKET: bucket,
      ATTACHMENT_S3_REGION: TEST_S3_CREDENTIALS.region,
      ATTACHMENT_S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
      ATTACHMENT_S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
