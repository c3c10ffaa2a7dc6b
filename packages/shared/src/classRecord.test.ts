import { describe, expect, it } from 'vitest';
import {
  CLASS_RECORD_FORMAT,
  classRecordFileName,
  classRecordManifestSchema,
  recordFilePath,
} from './classRecord';

describe('recordFilePath', () => {
  it.each([
    ['att_abc', 'notes.pdf', 'files/att_abc/notes.pdf'],
    ['att_abc', '../../etc/passwd', 'files/att_abc/passwd'],
    ['att_abc', '..', 'files/att_abc/file'],
    ['att_abc', 'a\\b.txt', 'files/att_abc/b.txt'],
    ['att_abc', 'tab\there.txt', 'files/att_abc/tabhere.txt'],
    ['att/../x', 'n.txt', 'files/att____x/n.txt'],
    ['', 'n.txt', 'files/file/n.txt'],
    ['att_é', 'résumé.pdf', 'files/att__/résumé.pdf'],
  ])('(%j, %j) → %j', (id, name, path) => {
    expect(recordFilePath(id, name)).toBe(path);
  });
});

describe('classRecordFileName', () => {
  it.each([
    ['Strategy 101', 'c1', '2026-12-18', 'Strategy 101 record 2026-12-18.zip'],
    ['  ', 'class_1', '2026-12-18', 'class_1 record 2026-12-18.zip'],
    ['a/b', 'c1', '2026-12-18', 'b record 2026-12-18.zip'],
  ])('(%j, %j, %j) → %j', (name, id, day, file) => {
    expect(classRecordFileName(name, id, day)).toBe(file);
  });
});

describe('classRecordManifestSchema', () => {
  const manifest = {
    format: CLASS_RECORD_FORMAT,
    version: 1,
    class_id: 'c1',
    exported_at: '2026-12-18T10:00:00.000Z',
    exported_by: { uid: 'u1', name: 'Ada' },
    files: { 'messages.jsonl': 3 },
    attachments: { files: 1, bytes: 10, missing: 0 },
  };
  it.each([
    [manifest, true],
    [{ ...manifest, format: 'zip' }, false],
    [{ ...manifest, version: 0 }, false],
    [{ ...manifest, files: { 'messages.jsonl': -1 } }, false],
    [{ ...manifest, attachments: { files: 1, bytes: 1.5, missing: 0 } }, false],
  ])('%#: valid %j', (value, valid) => {
    expect(classRecordManifestSchema.safeParse(value).success).toBe(valid);
  });
});
