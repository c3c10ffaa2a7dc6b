// Docs: SPEC §3 "Case record": exposes activity_qualified_name and channel_name; its label falls back
// to the channel name followed by ' case'.

/** The case record fields the label reads; any may be missing. */
export interface CaseRecordLike {
  activity_qualified_name?: string | null;
  channel_name?: string | null;
  label?: string | null;
}

/** Trimmed text, or '' for null, undefined and non-text values from stored data. */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The label to show for a case record, the first non-blank of:
 * 1. its explicit label;
 * 2. `${channel_name} case` (SPEC §3's fallback);
 * 3. its activity_qualified_name made readable (so a case without a channel, or one the viewer may
 *    not see, still has a name a person reads: "bio214.cases.kelp-forests" → "Kelp forests case");
 * 4. ''.
 * Values are trimmed; blank text counts as missing.
 */
export function caseLabel(record: CaseRecordLike): string {
  const label = text(record.label);
  if (label !== '') return label;
  const channelName = text(record.channel_name);
  if (channelName !== '') return `${channelName} case`;
  return readableQualifiedName(text(record.activity_qualified_name));
}

/**
 * A qualified name ("bio214.cases.kelp-forests") as words: its last dotted part, dashes and
 * underscores as spaces, the first letter capital, followed by " case" unless it says so already;
 * '' for blank.
 */
export function readableQualifiedName(name: string): string {
  const last = name
    .split('.')
    .map((part) => part.replace(/[-_]+/g, ' ').trim())
    .filter((part) => part !== '')
    .at(-1);
  if (!last) return '';
  const words = last.replace(/\s+/g, ' ');
  const readable = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  // "course.case-1" reads "Case 1", not "Case 1 case".
  return /\bcase\b/i.test(readable) ? readable : `${readable} case`;
}
