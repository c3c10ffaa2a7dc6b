// Docs: docs/channels.md#attachments — the S3-compatible object store for attachments
// (ATTACHMENT_S3_*). Requests are signed with AWS Signature V4 (aws4fetch: one small file, no
// dependencies, on Node's own fetch and WebCrypto) and address objects path-style,
// `<endpoint>/<bucket>/<key>`, which AWS S3, MinIO, Garage, Ceph and R2 all answer.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

/** Where the S3-compatible store is (config.attachments.s3). */
export interface S3Settings {
  /** The endpoint, without a trailing slash: `https://s3.eu-central-1.amazonaws.com`. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The store could not be reached or refused a request; the message says which. */
export class ObjectStoreError extends Error {
  override name = 'ObjectStoreError';
}

/** An object being read: its bytes as a Node stream, and their count when the store says it. */
export interface ObjectBody {
  stream: Readable;
  length: number | null;
}

/** A request to the store gives up after this long (a hung store must not hold an upload). */
const REQUEST_TIMEOUT_MS = 30_000;

/** Puts, reads and deletes objects of one bucket. */
export class S3ObjectStore {
  readonly #client: AwsClient;
  readonly #base: string;

  constructor(settings: S3Settings) {
    // Two retries (aws4fetch retries 5xx and 429 with backoff; its default of 10 could hold an
    // upload for most of a minute). A refused connection is not retried: it throws at once.
    this.#client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      retries: 2,
    });
    this.#base = `${settings.url}/${encodeURIComponent(settings.bucket)}/`;
  }

  #url(key: string): string {
    return this.#base + key.split('/').map(encodeURIComponent).join('/');
  }

  async #request(key: string, init: RequestInit): Promise<Response> {
    try {
      return await this.#client.fetch(this.#url(key), {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ObjectStoreError(
        `The file store did not answer ${init.method ?? 'GET'} ${key}: ${(error as Error).message}`,
      );
    }
  }

  /**
   * Stores `data` under `key`. The payload's SHA-256 is signed, so the store refuses bytes changed
   * on the way.
   * @throws ObjectStoreError when the store is unreachable or does not answer 2xx.
   */
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const response = await this.#request(key, {
      method: 'PUT',
      // A view of the same bytes (no copy), typed as fetch's body under both the DOM and Node types.
      body: new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.length),
      headers: {
        'content-type': contentType,
        'content-length': String(data.length),
        'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
      },
    });
    await response.body?.cancel();
    if (!response.ok) {
      throw new ObjectStoreError(`The file store answered ${response.status} to PUT ${key}.`);
    }
  }

  /**
   * The object's bytes as a stream, or null when the store has no such object.
   * @throws ObjectStoreError when the store is unreachable or answers an error.
   */
  async get(key: string): Promise<ObjectBody | null> {
    const response = await this.#request(key, { method: 'GET' });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new ObjectStoreError(`The file store answered ${response.status} to GET ${key}.`);
    }
    const length = Number(response.headers.get('content-length') ?? NaN);
    return {
      stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      length: Number.isFinite(length) ? length : null,
    };
  }

  /**
   * Deletes the object (S3 answers 204 whether or not it was there).
   * @throws ObjectStoreError when the store is unreachable or answers an error.
   */
  async delete(key: string): Promise<void> {
    const response = await this.#request(key, { method: 'DELETE' });
    await response.body?.cancel();
    if (!response.ok && response.status !== 404) {
      throw new ObjectStoreError(`The file store answered ${response.status} to DELETE ${key}.`);
    }
  }
}
