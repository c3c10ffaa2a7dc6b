// A small zip reader for tests (docs/classes.md#export): reads the central directory at the end of
// the archive (zip64 too) and inflates each entry with node's zlib — no dependency, and a zip that
// was cut off (no central directory) fails to read, which is what a test of a whole export wants.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  data(): Buffer;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of a whole zip archive, in the central directory's order. */
export function readZip(zip: Buffer): ZipEntry[] {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a whole zip: no end of central directory');
  let count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (end >= 20 && zip.readUInt32LE(end - 20) === EOCD64_LOCATOR) {
    const at = Number(zip.readBigUInt64LE(end - 20 + 8));
    if (zip.readUInt32LE(at) !== EOCD64) throw new Error('bad zip64 end record');
    count = Number(zip.readBigUInt64LE(at + 32));
    offset = Number(zip.readBigUInt64LE(at + 48));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(offset) !== CENTRAL) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(offset + 10);
    const crc32 = zip.readUInt32LE(offset + 16);
    let compressedSize = zip.readUInt32LE(offset + 20);
    let size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    let local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    // Zip64 extra field: the 64-bit values, in order, for each 32-bit field that is all ones.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const tag = zip.readUInt16LE(extra);
      const length = zip.readUInt16LE(extra + 2);
      if (tag === 0x0001) {
        let at = extra + 4;
        if (size === 0xffffffff) {
          size = Number(zip.readBigUInt64LE(at));
          at += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(zip.readBigUInt64LE(at));
          at += 8;
        }
        if (local === 0xffffffff) local = Number(zip.readBigUInt64LE(at));
      }
      extra += 4 + length;
    }
    const localAt = local;
    const entrySize = compressedSize;
    entries.push({
      name,
      method,
      compressedSize,
      size,
      crc32,
      data() {
        if (zip.readUInt32LE(localAt) !== LOCAL) throw new Error(`bad local header for ${name}`);
        const start =
          localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
        const raw = zip.subarray(start, start + entrySize);
        if (method === 0) return raw;
        if (method === 8) return inflateRawSync(raw);
        throw new Error(`unsupported method ${method} for ${name}`);
      },
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entries by name, their JSON-lines files parsed. */
export function readRecord(zip: Buffer): {
  entries: Map<string, ZipEntry>;
  lines(file: string): unknown[];
  json(file: string): unknown;
} {
  const entries = new Map(readZip(zip).map((entry) => [entry.name, entry]));
  const text = (file: string) => {
    const entry = entries.get(file);
    if (!entry) throw new Error(`no ${file} in the archive`);
    return entry.data().toString('utf8');
  };
  return {
    entries,
    lines: (file) =>
      text(file)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as unknown),
    json: (file) => JSON.parse(text(file)) as unknown,
  };
}
