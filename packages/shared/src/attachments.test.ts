import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_NAME_MAX_LENGTH,
  cleanAttachmentName,
  contentDisposition,
  formatBytes,
  isMessageAttachment,
  isPreviewableImage,
  sniffAttachmentType,
} from './attachments';
import { messageAttachmentSchema } from './schemas/message';
import { textProblem } from './text';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

describe('sniffAttachmentType', () => {
  it.each([
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['gif87', bytes('GIF87a...'), 'image/gif'],
    ['gif89', bytes('GIF89a...'), 'image/gif'],
    ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    [
      'riff that is not webp (wav)',
      bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '),
      'application/octet-stream',
    ],
    ['pdf', bytes('%PDF-1.7\n'), 'application/pdf'],
    [
      'svg',
      bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      'application/octet-stream',
    ],
    ['html named .png', bytes('<html><script>alert(1)</script>'), 'application/octet-stream'],
    ['truncated png', bytes([0x89], 'PN'), 'application/octet-stream'],
    ['empty', bytes(), 'application/octet-stream'],
  ])('%s → %s', (_name, input, type) => {
    expect(sniffAttachmentType(input)).toBe(type);
  });

  it('previews images only', () => {
    expect(isPreviewableImage('image/png')).toBe(true);
    expect(isPreviewableImage('application/pdf')).toBe(false);
    expect(isPreviewableImage('image/svg+xml')).toBe(false);
  });
});

describe('cleanAttachmentName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ada\\notes.txt', 'notes.txt'],
    ['  bad\u0000\r\nname.png ', 'badname.png'],
    ['', 'file'],
    ['..', 'file'],
  ])('%j → %j', (name, clean) => {
    expect(cleanAttachmentName(name)).toBe(clean);
  });

  it('cuts a long name and keeps its extension', () => {
    const clean = cleanAttachmentName(`${'a'.repeat(500)}.jpeg`);
    expect(clean).toHaveLength(ATTACHMENT_NAME_MAX_LENGTH);
    expect(clean.endsWith('.jpeg')).toBe(true);
  });

  it.each([
    // 196 units before the extension: the cut falls inside the first emoji's surrogate pair.
    ['a surrogate pair at the cut', `${'a'.repeat(195)}${'😀'.repeat(20)}.pdf`, 'a'.repeat(195)],
    [
      'an emoji with a skin tone at the cut',
      `${'a'.repeat(193)}👍🏽${'b'.repeat(20)}.pdf`,
      'a'.repeat(193),
    ],
    ['a name of emoji only', `${'😀'.repeat(150)}.pdf`, '😀'.repeat(98)],
  ])('cuts %s between characters, never leaving half of one', (_label, name, start) => {
    const clean = cleanAttachmentName(name);
    expect(clean).toBe(`${start}.pdf`);
    expect(clean.length).toBeLessThanOrEqual(ATTACHMENT_NAME_MAX_LENGTH);
    expect(textProblem(clean)).toBeNull();
  });
});

describe('contentDisposition', () => {
  it.each([
    ['inline', 'photo.png', `inline; filename="photo.png"; filename*=UTF-8''photo.png`],
    [
      'attachment',
      'Grüße "x"; y\\z.pdf',
      `attachment; filename="Gr__e _x_; y_z.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22x%22%3B%20y%5Cz.pdf`,
    ],
    [
      'attachment',
      "it's (1).txt",
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    ],
  ] as const)('%s %j', (kind, name, header) => {
    expect(contentDisposition(kind, name)).toBe(header);
  });

  it('never lets a name end the header or add a parameter', () => {
    const header = contentDisposition('attachment', 'a"\r\nX-Evil: 1.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
  });
});

describe('formatBytes', () => {
  it.each([
    [900, '900 B'],
    [14 * 1024, '14 KB'],
    [3.25 * 1024 * 1024, '3.3 MB'],
    [25 * 1024 * 1024, '25 MB'],
  ])('%d → %s', (size, text) => {
    expect(formatBytes(size)).toBe(text);
  });
});

describe('isMessageAttachment', () => {
  const file = { id: 'att_1', name: 'data.csv', type: 'text/csv', size: 120 };
  const cases: unknown[] = [
    file,
    { ...file, size: 0 },
    { ...file, size: Number.MAX_SAFE_INTEGER },
    { ...file, extra: 'kept out of the check' },
    { ...file, name: '' },
    { ...file, size: -1 },
    { ...file, size: 1.5 },
    { ...file, size: Number.MAX_SAFE_INTEGER + 1 },
    { ...file, size: '120' },
    { ...file, id: '' },
    { ...file, id: 'a/b' },
    { ...file, id: '.' },
    { ...file, id: 7 },
    { ...file, name: null },
    { ...file, type: undefined },
    { id: file.id, name: file.name, type: file.type },
    null,
    [],
    [file],
    'att_1',
    {},
  ];

  it.each(cases.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    '%s: the same answer as messageAttachmentSchema',
    (_label, value) => {
      expect(isMessageAttachment(value)).toBe(messageAttachmentSchema.safeParse(value).success);
    },
  );

  it('accepts a whole attachment and refuses a negative size', () => {
    expect(isMessageAttachment(file)).toBe(true);
    expect(isMessageAttachment({ ...file, size: -1 })).toBe(false);
  });
});
