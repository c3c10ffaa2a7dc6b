// Docs: docs/channels.md#attachments — the pure rules of message attachments: what a file is, judged
// by its first bytes (never by its name or the type a browser claims), and how its name goes into a
// Content-Disposition header without breaking it.
import { cutText } from './cutText';
import { isValidDocumentId } from './documentId';
import type { MessageAttachment } from './schemas/message';

/** The types an attachment is served as; anything not recognised is application/octet-stream. */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/octet-stream',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The size limit when ATTACHMENT_MAX_BYTES is not set: 25 MB. */
export const DEFAULT_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
/** The most attachments one message may carry. */
export const MESSAGE_MAX_ATTACHMENTS = 10;
/** The longest file name kept (longer names are cut, keeping the extension). */
export const ATTACHMENT_NAME_MAX_LENGTH = 200;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The type of a file from its magic bytes: PNG, JPEG, GIF, WebP and PDF are recognised; everything
 * else — SVG and HTML included, which a browser could run — is application/octet-stream.
 */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return 'application/octet-stream';
}

/** True for the types shown in the page (an image preview) rather than only downloaded. */
export function isPreviewableImage(type: string): boolean {
  return (
    type === 'image/png' || type === 'image/jpeg' || type === 'image/gif' || type === 'image/webp'
  );
}

/**
 * A file name as kept: path parts, control characters and surrounding spaces dropped, cut to
 * ATTACHMENT_NAME_MAX_LENGTH keeping the extension; "file" when nothing is left.
 */
export function cleanAttachmentName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  let clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length > ATTACHMENT_NAME_MAX_LENGTH) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    // Cut between characters, never inside one (a surrogate pair, an emoji with its skin tone).
    clean = cutText(clean, ATTACHMENT_NAME_MAX_LENGTH - extension.length) + extension;
  }
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

/**
 * A Content-Disposition value for `name` (RFC 6266): an ASCII fallback `filename` (quotes,
 * backslashes and anything outside printable ASCII as `_`) and the exact name as UTF-8 in
 * `filename*` (percent-encoded, RFC 5987). `inline` for what the browser may show.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = [...name]
    .map((char) => (/^[\x20-\x7e]$/.test(char) && char !== '"' && char !== '\\' ? char : '_'))
    .join('');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A size for people: "900 B", "14 KB", "3.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/**
 * Whether `value` is a message's attachment as stored or sent (`messageAttachmentSchema` gives the
 * same answer; attachments.test.ts holds the two together): for data read back without zod, such
 * as the outbox in the browser's storage.
 */
export function isMessageAttachment(value: unknown): value is MessageAttachment {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const file = value as Record<string, unknown>;
  return (
    isValidDocumentId(file.id) &&
    typeof file.name === 'string' &&
    typeof file.type === 'string' &&
    Number.isSafeInteger(file.size) &&
    (file.size as number) >= 0
  );
}
