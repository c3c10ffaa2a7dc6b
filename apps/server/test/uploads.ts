// Uploads as the web makes them: POST /api/attachments with the file's bytes, the session cookie and
// the app's origin (docs/channels.md#attachments).
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './fixtures';

/** A small valid PDF: typed by its bytes as application/pdf. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');

/** Uploads `data` as `name` into a channel as `user` (null: signed out), from `origin`. */
export function uploadFile(
  made: { app: FastifyInstance; config: { publicUrl: string } },
  user: TestUser | null,
  place: { classId: string; channelId: string },
  name: string,
  data: Buffer,
  origin = made.config.publicUrl,
) {
  const query = new URLSearchParams({
    class_id: place.classId,
    channel_id: place.channelId,
    name,
  });
  return made.app.inject({
    method: 'POST',
    url: `/api/attachments?${query}`,
    headers: {
      'content-type': 'application/octet-stream',
      origin,
      ...(user ? { cookie: user.cookie } : {}),
    },
    payload: data,
  });
}
