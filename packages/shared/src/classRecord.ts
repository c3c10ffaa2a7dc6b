// Docs: docs/classes.md#export — the class's record: one zip of JSON lines and files. The format's
// names and its manifest are shared, so the server writes them and tests and tools read them back.
import { z } from 'zod';
import { cleanAttachmentName } from './attachments';

/** The format's name and version, in manifest.json; the version goes up when a file changes shape. */
export const CLASS_RECORD_FORMAT = 'seminar.class-record';
export const CLASS_RECORD_VERSION = 1;

/** Where an attachment's bytes are in the archive: `files/<attachment id>/<its name>`. */
export function recordFilePath(attachmentId: string, name: string): string {
  // The id is a server-made `att_…` (base64url); the name is cleaned again so that no entry can
  // climb out of files/ (`..`, slashes) or carry control characters when an archive is unpacked.
  const id = attachmentId.replace(/[^A-Za-z0-9_-]/g, '_') || 'file';
  return `files/${id}/${cleanAttachmentName(name)}`;
}

/**
 * The archive's name when downloaded: the class's name (or its id) and the day, e.g.
 * `Strategy 101 record 2026-12-18.zip`. `day` is YYYY-MM-DD.
 */
export function classRecordFileName(className: string, classId: string, day: string): string {
  const base = cleanAttachmentName(className.trim() === '' ? classId : className);
  return `${base} record ${day}.zip`;
}

/** manifest.json, the archive's last entry: what it holds, counted as it was written. */
export const classRecordManifestSchema = z.object({
  format: z.literal(CLASS_RECORD_FORMAT),
  version: z.int().min(1),
  class_id: z.string(),
  exported_at: z.string(),
  exported_by: z.object({ uid: z.string(), name: z.string() }),
  /** Lines per JSON-lines file (class.json counts 1). */
  files: z.record(z.string(), z.int().min(0)),
  /** The attachments' files under files/: how many, their bytes, and any the store no longer had. */
  attachments: z.object({
    files: z.int().min(0),
    bytes: z.int().min(0),
    missing: z.int().min(0),
  }),
});

export type ClassRecordManifest = z.infer<typeof classRecordManifestSchema>;
