// Docs: docs/channels.md#attachments — POST /api/attachments (upload, with the session cookie) and
// GET /api/attachments/:id (download). Files live in the database or in the S3-compatible store
// (streamed through this app, so the same checks and headers apply), so every node serves them.
// Uploads are checked before a byte of the body is read (session, origin, rate, channel access,
// pending count); the body limit is ATTACHMENT_MAX_BYTES. A file nobody may read and a file that does
// not exist get the same 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CLASS_ARCHIVED_MESSAGE,
  attachmentUploadQuerySchema,
  contentDisposition,
  documentIdSchema,
  formatBytes,
  type AttachmentUploadQuery,
} from '@seminar/shared';
import { sessionUser, type SessionUser } from '../auth/session';
import { requireChannelAccess } from '../channels/access';
import { isClassArchived } from '../classes/policies';
import { isClassArchivedWrite, isNotFound } from '../errors';
import { FILE_CONTENT_SECURITY_POLICY } from '../http/security';

import { MutationRateLimiter } from '../live/transport/limits';
import { requireServices, type Runtime } from '../runtime';
import { ObjectStoreError } from './s3';
import {
  attachmentBody,
  pendingUploads,
  PendingLimitError,
  readableAttachment,
  storeUpload,
  type AttachmentBody,
  type AttachmentMeta,
} from './store';

/** What the checks before the body found, for the handler. */
interface UploadContext {
  uploader: SessionUser;
  query: AttachmentUploadQuery;
}

const uploads = new WeakMap<FastifyRequest, UploadContext>();

/** Uploads one person may have under way at once on a node (each holds up to the limit in memory). */
export const MAX_UPLOADS_IN_FLIGHT = 3;

const NOT_FOUND = { error: 'not_found', code: 'NOT_FOUND', message: 'File not found.' };
const TOO_MANY_PENDING = {
  error: 'too_many_requests',
  code: 'TOO_MANY_PENDING',
  message: 'Send or remove the files you have attached before attaching more.',
};
const ARCHIVED = { error: 'forbidden', code: 'CLASS_ARCHIVED', message: CLASS_ARCHIVED_MESSAGE };
const STORE_DOWN = {
  error: 'unavailable',
  code: 'STORE_UNAVAILABLE',
  message: 'Files cannot be stored or read right now: try again in a moment.',
};

/** Types a browser may show in the page or a tab; everything else is only downloaded. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
]);

export function registerAttachmentRoutes(app: FastifyInstance, runtime: Runtime): void {
  const maxBytes = runtime.config.attachments.maxBytes;
  const perMinute = runtime.config.attachments.uploadsPerMinute;
  const limiter = new MutationRateLimiter(perMinute / 60, perMinute);
  const inFlight = new Map<string, number>();
  const release = (uid: string) => {
    const left = (inFlight.get(uid) ?? 1) - 1;
    if (left <= 0) inFlight.delete(uid);
    else inFlight.set(uid, left);
  };
  const tooLarge = {
    error: 'too_large',
    code: 'FILE_TOO_LARGE',
    message: `A file can be at most ${formatBytes(maxBytes)}.`,
    maxBytes,
  };

  void app.register(async (scope) => {
    // The body arrives as bytes, whatever type the browser gives it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_req, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: Error & { code?: string; statusCode?: number }, _req, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(tooLarge);
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.statusCode === 400)
        return reply.code(400).send({ error: 'bad_request', message: 'Send the file’s bytes.' });
      throw error;
    });

    scope.post('/api/attachments', {
      bodyLimit: maxBytes,
      // Everything that can refuse an upload runs before its body is read.
      onRequest: async (request, reply) => {
        const services = requireServices(runtime);
        const origin = request.headers.origin;
        if (origin !== services.config.publicUrl) {
          return reply
            .code(403)
            .send({ error: 'forbidden', message: 'Uploads must come from the app itself.' });
        }
        const uploader = await sessionUser(services, request);
        if (!uploader)
          return reply.code(401).send({ error: 'unauthorized', message: 'Sign in first.' });
        const parsed = attachmentUploadQuerySchema.safeParse(request.query);
        if (!parsed.success) {
          return reply.code(400).send({
            error: 'bad_request',
            message: parsed.error.issues[0]?.message ?? 'Name the class, channel and file.',
          });
        }
        const declared = Number(request.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) return reply.code(413).send(tooLarge);
        if (!limiter.take(uploader.uid)) {
          if (limiter.size > 10_000) limiter.prune();
          return reply.code(429).send({
            error: 'too_many_requests',
            code: 'TOO_MANY_UPLOADS',
            message: 'Too many uploads: wait a minute and try again.',
          });
        }
        const { db } = services.database;
        try {
          await requireChannelAccess(db, uploader, parsed.data.class_id, parsed.data.channel_id);
        } catch (error) {
          if (isNotFound(error)) {
            return reply
              .code(404)
              .send({ error: 'not_found', code: 'NOT_FOUND', message: 'Channel not found.' });
          }
          throw error;
        }
        // An archived class is read-only (docs/classes.md#archive); the archive guard would refuse
        // the row anyway, after the body was read.
        if (await isClassArchived(db, parsed.data.class_id)) return reply.code(403).send(ARCHIVED);
        // The early refusal, before the body is read; storeUpload counts again atomically.
        const pending = await pendingUploads(db, uploader.uid, services.objects, request.log);
        if (pending >= services.config.attachments.maxPending)
          return reply.code(429).send(TOO_MANY_PENDING);
        const running = inFlight.get(uploader.uid) ?? 0;
        if (running >= MAX_UPLOADS_IN_FLIGHT) {
          return reply.code(429).send({
            error: 'too_many_requests',
            code: 'TOO_MANY_UPLOADS',
            message: 'Wait for your other uploads to finish.',
          });
        }
        inFlight.set(uploader.uid, running + 1);
        uploads.set(request, { uploader, query: parsed.data });
      },
      // However the request ends (stored, refused while reading, the client gone), it is over.
      onResponse: async (request) => {
        const context = uploads.get(request);
        if (context) release(context.uploader.uid);
      },
      handler: async (request, reply) => {
        const context = uploads.get(request);
        const body = request.body;
        if (!context || !Buffer.isBuffer(body)) {
          return reply.code(400).send({ error: 'bad_request', message: 'Send the file’s bytes.' });
        }
        if (body.length === 0) {
          return reply.code(400).send({ error: 'bad_request', message: 'The file is empty.' });
        }
        const services = requireServices(runtime);
        let stored;
        try {
          stored = await storeUpload(
            services.database.db,
            services.objects,
            context.uploader,
            { classId: context.query.class_id, channelId: context.query.channel_id },
            { name: context.query.name, data: body },
            services.config.attachments.maxPending,
          );
        } catch (error) {
          if (error instanceof PendingLimitError) return reply.code(429).send(TOO_MANY_PENDING);
          // Archived while the body was arriving.
          if (isClassArchivedWrite(error)) return reply.code(403).send(ARCHIVED);
          if (!(error instanceof ObjectStoreError)) throw error;
          request.log.warn({ err: error }, 'attachment not stored');
          return reply.code(503).send(STORE_DOWN);
        }
        reply.header('Cache-Control', 'no-store');
        return reply.code(201).send(stored);
      },
    });
  });

  app.get<{ Params: { id: string } }>('/api/attachments/:id', async (request, reply) => {
    const services = requireServices(runtime);
    const viewer = await sessionUser(services, request);
    if (!viewer) return reply.code(401).send({ error: 'unauthorized', message: 'Sign in first.' });
    const id = documentIdSchema.safeParse(request.params.id);
    if (!id.success) return reply.code(404).send(NOT_FOUND);
    const { db } = services.database;
    const meta = await readableAttachment(db, viewer, id.data);
    if (!meta) return reply.code(404).send(NOT_FOUND);
    let body: AttachmentBody | null;
    try {
      body = await attachmentBody(db, services.objects, meta.id);
    } catch (error) {
      if (!(error instanceof ObjectStoreError)) throw error;
      request.log.warn({ err: error }, 'attachment not read');
      return reply.code(503).send(STORE_DOWN);
    }
    if (!body) return reply.code(404).send(NOT_FOUND);
    return sendFile(reply, meta, body);
  });
}

function sendFile(reply: FastifyReply, meta: AttachmentMeta, body: AttachmentBody) {
  const { name, content_type: type } = meta;
  const inline = INLINE_TYPES.has(type);
  reply
    .header('Content-Type', inline ? type : 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', FILE_CONTENT_SECURITY_POLICY)
    // Access can be taken away (a channel made private, a message deleted): no shared caches, and
    // the browser asks again after a short while.
    .header('Cache-Control', 'private, max-age=300');
  if ('data' in body) return reply.send(body.data);
  reply.header('Content-Length', String(body.length ?? meta.size));
  return reply.send(body.stream);
}
