// Docs: docs/classes.md#export — GET /api/classes/:classId/export: the class's record as one zip,
// streamed, for its instructors and class admins (signed in with the session cookie, like file
// downloads). Anyone else — a student, an outsider, a class that does not exist — gets the same 404.
import { ZipArchive } from 'archiver';
import type { FastifyInstance } from 'fastify';
import { can, classRecordFileName, contentDisposition, documentIdSchema } from '@seminar/shared';
import { sessionUser } from '../auth/session';
import { classRoleOf } from '../classes/access';
import { classes } from '../db/schema';
import { requireServices, type Runtime } from '../runtime';
import { eq } from 'drizzle-orm';
import { writeClassRecord } from './exporter';

const NOT_FOUND = { error: 'not_found', code: 'NOT_FOUND', message: 'Class not found.' };

/**
 * Exports one person may have under way at once on a node, and all of a node's exports: each holds
 * a database connection's worth of reads and a response for as long as the download takes.
 */
export const EXPORTS_PER_PERSON = 1;
export const EXPORTS_PER_NODE = 4;

export function registerClassRecordRoutes(app: FastifyInstance, runtime: Runtime): void {
  const running = new Map<string, number>();
  let total = 0;

  app.get<{ Params: { classId: string } }>(
    '/api/classes/:classId/export',
    // A zip is compressed already; the compression plugin would only spend CPU on it.
    { compress: false },
    async (request, reply) => {
      const services = requireServices(runtime);
      const viewer = await sessionUser(services, request);
      if (!viewer)
        return reply.code(401).send({ error: 'unauthorized', message: 'Sign in first.' });
      const id = documentIdSchema.safeParse(request.params.classId);
      if (!id.success) return reply.code(404).send(NOT_FOUND);
      const classId = id.data;
      const { db } = services.database;
      if (!can(await classRoleOf(db, viewer.uid, classId), 'class.export'))
        return reply.code(404).send(NOT_FOUND);
      const [cls] = await db
        .select({ name: classes.name })
        .from(classes)
        .where(eq(classes.class_id, classId));
      if (!cls) return reply.code(404).send(NOT_FOUND);
      const mine = running.get(viewer.uid) ?? 0;
      if (mine >= EXPORTS_PER_PERSON || total >= EXPORTS_PER_NODE) {
        return reply.code(429).send({
          error: 'too_many_requests',
          code: 'TOO_MANY_EXPORTS',
          message:
            mine >= EXPORTS_PER_PERSON
              ? 'Your other export is still running: wait for it to finish.'
              : 'The server is exporting other classes just now: try again in a few minutes.',
        });
      }
      running.set(viewer.uid, mine + 1);
      total += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (running.get(viewer.uid) ?? 1) - 1;
        if (left <= 0) running.delete(viewer.uid);
        else running.set(viewer.uid, left);
      };

      const archive = new ZipArchive({ zlib: { level: 6 } });
      const abandoned = new AbortController();
      // The download ends (done, or the browser went away): stop reading and free the slot.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abandoned.abort();
        release();
      });
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('Content-Type', 'application/zip')
        .header(
          'Content-Disposition',
          contentDisposition('attachment', classRecordFileName(cls.name, classId, day)),
        )
        .header('Cache-Control', 'no-store');
      writeClassRecord(
        {
          db,
          classId,
          objects: services.objects,
          exporter: viewer,
          signal: abandoned.signal,
        },
        archive,
      ).catch((error: unknown) => {
        if (!abandoned.signal.aborted) request.log.error({ err: error, classId }, 'export failed');
        // The zip has no central directory yet: cutting the response makes it plainly incomplete.
        archive.abort();
        reply.raw.destroy();
        release();
      });
      return reply.send(archive);
    },
  );
}
