// Docs: docs/classes.md#export — writes the class's record into a zip stream: class.json, the
// sections' JSON-lines files, attachments.jsonl and the files, then manifest.json. One entry at a
// time, each read lazily as the zip takes it: the response's backpressure paces the database reads
// and the file store, so memory holds a page of rows or a chunk of a file, whatever the class's size.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Archiver, ZipEntryData } from 'archiver';
import {
  CLASS_RECORD_FORMAT,
  CLASS_RECORD_VERSION,
  recordFilePath,
  type ClassRecordManifest,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { queryRows, type Db } from '../db/client';
import type { S3ObjectStore } from '../attachments/s3';
import { ObjectStoreError } from '../attachments/s3';
import {
  attachmentRefs,
  RECORD_SECTIONS,
  type AttachmentRef,
  type RecordSection,
  type SectionContext,
} from './sections';

/** Bytes read per query from a file kept in the database (a bytea read in slices). */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** What an export reads from and who asked for it. */
export interface ExportContext extends SectionContext {
  objects: S3ObjectStore | null;
  exporter: SessionUser;
  /** Set when the download is abandoned: the export stops at the next page or chunk. */
  signal: AbortSignal;
  /** Extra sections after the built-in ones (the debrief's grades join here). */
  sections?: readonly RecordSection[];
}

/** Appends one entry and waits until the zip has taken all of it (the next one starts then). */
function appendEntry(archive: Archiver, source: Readable, data: ZipEntryData): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      archive.off('error', failed);
      source.off('error', failed);
      resolve();
    };
    const failed = (error: Error) => {
      archive.off('entry', done);
      archive.off('error', failed);
      source.off('error', failed);
      reject(error);
    };
    archive.once('entry', done);
    archive.once('error', failed);
    source.once('error', failed);
    archive.append(source, data);
  });
}

/** Lines as a byte stream (newline after each), counted into `counted.lines`. */
function linesStream(
  lines: AsyncIterable<string>,
  signal: AbortSignal,
  counted: { lines: number },
): Readable {
  async function* bytes() {
    let batch = '';
    for await (const line of lines) {
      signal.throwIfAborted();
      counted.lines += 1;
      batch += line + '\n';
      // Fewer, larger chunks through the zip's deflate (one page of rows is at most ~4 MB).
      if (batch.length >= 64 * 1024) {
        yield Buffer.from(batch);
        batch = '';
      }
    }
    if (batch) yield Buffer.from(batch);
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** A file kept in the database, read in slices of FILE_CHUNK_BYTES. */
async function* databaseFile(db: Db, ref: AttachmentRef, signal: AbortSignal) {
  for (let offset = 0; offset < ref.size; offset += FILE_CHUNK_BYTES) {
    signal.throwIfAborted();
    const [row] = await queryRows<{ chunk: Uint8Array | null }>(
      db,
      sql`select substring(data from ${offset + 1} for ${FILE_CHUNK_BYTES}) as chunk
        from attachments where id = ${ref.id}`,
    );
    if (!row?.chunk) return;
    yield Buffer.from(row.chunk.buffer, row.chunk.byteOffset, row.chunk.byteLength);
  }
}

/** An attachment's bytes as a stream, or null when the store no longer has them. */
async function fileStream(context: ExportContext, ref: AttachmentRef): Promise<Readable | null> {
  if (ref.object_key === null) return Readable.from(databaseFile(context.db, ref, context.signal));
  if (!context.objects)
    throw new ObjectStoreError('A file is in the S3 store, which is not configured.');
  const body = await context.objects.get(ref.object_key);
  return body ? body.stream : null;
}

/**
 * Writes the whole record of `context.classId` into `archive` and finalizes it; returns the
 * manifest it wrote last. Rejects (leaving the zip unfinished: no central directory, so no tool
 * takes it for whole) when the database or the store fails or the download is abandoned.
 */
export async function writeClassRecord(
  context: ExportContext,
  archive: Archiver,
): Promise<ClassRecordManifest> {
  const { db, classId, signal } = context;
  const files: Record<string, number> = {};
  const date = new Date();

  const [cls] = await queryRows<{ line: string }>(
    db,
    sql`select to_jsonb(c)::text as line from classes c where c.class_id = ${classId}`,
  );
  if (!cls) throw new Error(`class ${classId} is gone`);
  await appendEntry(archive, Readable.from([Buffer.from(cls.line + '\n')]), {
    name: 'class.json',
    date,
  });
  files['class.json'] = 1;

  for (const section of [...RECORD_SECTIONS, ...(context.sections ?? [])]) {
    const counted = { lines: 0 };
    await appendEntry(archive, linesStream(section.lines(context), signal, counted), {
      name: section.file,
      date,
    });
    files[section.file] = counted.lines;
  }

  // attachments.jsonl first (a zip's entries are written one after another), then the files.
  const refsCounted = { lines: 0 };
  async function* refLines() {
    for await (const ref of attachmentRefs(context)) {
      const { object_key: objectKey, ...fields } = ref;
      yield JSON.stringify({
        ...fields,
        store: objectKey === null ? 'database' : 's3',
        path: recordFilePath(ref.id, ref.name),
      });
    }
  }
  await appendEntry(archive, linesStream(refLines(), signal, refsCounted), {
    name: 'attachments.jsonl',
    date,
  });
  files['attachments.jsonl'] = refsCounted.lines;

  const attachments = { files: 0, bytes: 0, missing: 0 };
  for await (const ref of attachmentRefs(context)) {
    signal.throwIfAborted();
    const stream = await fileStream(context, ref);
    if (!stream) {
      attachments.missing += 1;
      continue;
    }
    // Stored, not deflated: most files (images, PDFs, office files) are compressed already.
    await appendEntry(archive, stream, {
      name: recordFilePath(ref.id, ref.name),
      date,
      store: true,
    });
    attachments.files += 1;
    attachments.bytes += ref.size;
  }

  const manifest: ClassRecordManifest = {
    format: CLASS_RECORD_FORMAT,
    version: CLASS_RECORD_VERSION,
    class_id: classId,
    exported_at: date.toISOString(),
    exported_by: { uid: context.exporter.uid, name: context.exporter.displayName },
    files,
    attachments,
  };
  await appendEntry(
    archive,
    Readable.from([Buffer.from(JSON.stringify(manifest, null, 2) + '\n')]),
    { name: 'manifest.json', date },
  );
  await archive.finalize();
  return manifest;
}
