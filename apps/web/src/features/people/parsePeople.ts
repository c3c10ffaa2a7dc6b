// "Add people" input: e-mail addresses pasted one per line or comma-separated, or a CSV with
// `email,name` or `name,email` columns (pasted or uploaded). Parsing is tolerant — separators
// `,` `;` and tabs, quoted CSV fields, a header row, `Name <email>` as mail programs copy it,
// surrounding spaces and capitals — and says which lines it could not read, before anything is sent.
// Lines that look like mail headers are read as RFC 5322 address lists by a kept library
// (email-addresses): quoted names, groups, and the unquoted `Last, First <address>` that Outlook
// and Gmail copy, separated by commas or semicolons.
import emailAddresses from 'email-addresses';
import { isValidEmail, normalizeEmail } from '@seminar/shared';

/** One person to add: a normalized e-mail and a name ('' when none was given). */
export interface PersonToAdd {
  email: string;
  name: string;
}

/** A line that held no e-mail address that could be read. */
export interface InvalidLine {
  /** 1-based line number in the text. */
  line: number;
  text: string;
  reason: string;
}

export interface ParsedPeople {
  people: PersonToAdd[];
  invalid: InvalidLine[];
  /** E-mails given more than once (counted once in `people`). */
  duplicates: string[];
}

/** Splits one CSV line into fields: `,` `;` or tab separate; "double quotes" may hold them. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',' || ch === ';' || ch === '\t') {
      fields.push(field.trim());
      field = '';
    } else {
      field += ch;
    }
  }
  fields.push(field.trim());
  return fields;
}

/** `Ada Lovelace <ada@example.edu>` → name and address; otherwise null. */
function angleAddress(text: string): PersonToAdd | null {
  const match = /^(.*?)<([^<>]+)>\s*$/.exec(text);
  if (!match) return null;
  const email = (match[2] ?? '').trim();
  if (!isValidEmail(email)) return null;
  return { email: normalizeEmail(email), name: cleanName(match[1] ?? '') };
}

function cleanName(text: string): string {
  return text
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim();
}

const HEADER_WORDS = new Set([
  'email',
  'e-mail',
  'mail',
  'email address',
  'e-mail address',
  'name',
]);

/** A header row: every field is a column name such as "email" or "name". */
function isHeader(fields: readonly string[]): boolean {
  const words = fields.filter((field) => field !== '').map((field) => field.toLowerCase());
  return (
    words.length > 0 &&
    words.some((w) => w.includes('mail')) &&
    words.every((w) => HEADER_WORDS.has(w) || /name/.test(w))
  );
}

/**
 * The ways an address list is tried, strictest first: RFC 5322 (quoted names, groups), then names
 * with unquoted commas (`Turing, Alan <alan@…>, Lovelace, Ada <ada@…>`), then the same separated by
 * semicolons (Outlook).
 */
const ADDRESS_LIST_READINGS: readonly Omit<emailAddresses.Options, 'input'>[] = [
  {},
  { commaInDisplayName: true },
  { commaInDisplayName: true, addressListSeparator: ';' },
];

/** A line copied from a mail program's To: field as people, or null when it is not one. */
function addressList(text: string): PersonToAdd[] | null {
  // Only lines with a mail header's marks: a CSV row or plain addresses are read as before.
  if (!/[<>":]/.test(text)) return null;
  for (const reading of ADDRESS_LIST_READINGS) {
    const parsed = emailAddresses.parseAddressList({ input: text, rfc6532: true, ...reading });
    if (!parsed || parsed.length === 0) continue;
    const mailboxes = parsed.flatMap((entry) =>
      entry.type === 'group' ? entry.addresses : [entry],
    );
    if (mailboxes.length === 0 || !mailboxes.every((mailbox) => isValidEmail(mailbox.address)))
      continue;
    return mailboxes.map((mailbox) => ({
      email: normalizeEmail(mailbox.address),
      name: cleanName(mailbox.name ?? ''),
    }));
  }
  return null;
}

/** The people one line gives, or the reason it gives none. */
function parseLine(text: string): PersonToAdd[] | string {
  const fields = splitCsvLine(text).filter((field) => field !== '');
  if (fields.length === 0) return [];

  const listed = addressList(text);
  if (listed) return listed;

  const alone = fields.length === 1 ? angleAddress(fields[0] ?? '') : null;
  if (alone) return [alone];

  // Every field an address (a comma-separated list, or space-separated addresses).
  const tokens = fields.flatMap((field) => field.split(/\s+/)).filter(Boolean);
  if (tokens.length > 0 && tokens.every((token) => isValidEmail(token))) {
    return tokens.map((token) => ({ email: normalizeEmail(token), name: '' }));
  }
  const angled = fields.map(angleAddress);
  if (angled.every((person) => person !== null)) return angled;

  // A CSV row: one field is the address, the others make the name (`email,name`, `name,email`,
  // or an unquoted `Last, First, email`).
  const emailFields = fields.filter((field) => isValidEmail(field));
  if (emailFields.length === 1) {
    const email = normalizeEmail(emailFields[0] ?? '');
    const name = fields
      .filter((field) => !isValidEmail(field))
      .map(cleanName)
      .join(', ');
    return [{ email, name }];
  }
  if (emailFields.length > 1) {
    return 'has more than one email address mixed with other text';
  }
  return fields.some((field) => field.includes('@'))
    ? 'is not a valid email address'
    : 'has no email address';
}

/**
 * Reads pasted text or a CSV file's text into people to add, the lines it could not read and the
 * addresses given twice. A first line that is a header ("email,name") is skipped.
 */
export function parsePeople(text: string): ParsedPeople {
  const people: PersonToAdd[] = [];
  const invalid: InvalidLine[] = [];
  const duplicates: string[] = [];
  const byEmail = new Map<string, PersonToAdd>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let seenContent = false;

  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    if (!seenContent) {
      seenContent = true;
      if (isHeader(splitCsvLine(line))) return;
    }
    const parsed = parseLine(line);
    if (typeof parsed === 'string') {
      invalid.push({ line: index + 1, text: line, reason: parsed });
      return;
    }
    for (const person of parsed) {
      const known = byEmail.get(person.email);
      if (known) {
        if (!duplicates.includes(person.email)) duplicates.push(person.email);
        if (!known.name && person.name) known.name = person.name;
        continue;
      }
      const entry = { ...person };
      byEmail.set(entry.email, entry);
      people.push(entry);
    }
  });

  return { people, invalid, duplicates };
}
