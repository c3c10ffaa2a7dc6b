// The measured side of `npm run bench -- class-export` (bench/class-export.ts): a process of its own
// that opens the database, settles, and then runs one export mode into a sink that only counts
// bytes, sampling its resident memory every 10 ms. It prints one JSON line: idle and peak RSS,
// bytes written and time. Modes: `ours` (the class's record, classRecord/exporter.ts) and
// `baseline` (a plain zip of the same files alone, read in the same slices).
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { FILE_CHUNK_BYTES, writeClassRecord } from '../apps/server/src/classRecord/exporter';

const [mode, databaseUrl, classId] = process.argv.slice(2) as [string, string, string];

async function main() {
  const database = await openDatabase({ databaseUrl });
  const db = database.db;
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const started = performance.now();
  const piped = pipeline(archive, sink);
  if (mode === 'ours') {
    await writeClassRecord(
      {
        db,
        classId,
        objects: null,
        exporter: {
          uid: 'bench',
          displayName: 'Bench',
          email: 'bench@example.test',
          emailVerified: true,
        },
        signal: new AbortController().signal,
      },
      archive,
    );
  } else {
    const files = await queryRows<{ id: string; size: number }>(
      db,
      sql`select id, size from attachments where class_id = ${classId} order by id`,
    );
    for (const file of files) {
      async function* slices() {
        for (let offset = 0; offset < Number(file.size); offset += FILE_CHUNK_BYTES) {
          const [row] = await queryRows<{ chunk: Uint8Array }>(
            db,
            sql`select substring(data from ${offset + 1} for ${FILE_CHUNK_BYTES}) as chunk
              from attachments where id = ${file.id}`,
          );
          if (row) yield Buffer.from(row.chunk.buffer, row.chunk.byteOffset, row.chunk.byteLength);
        }
      }
      await new Promise<void>((resolve, reject) => {
        archive.once('entry', () => resolve());
        archive.once('error', reject);
        archive.append(Readable.from(slices()), { name: `files/${file.id}`, store: true });
      });
    }
    await archive.finalize();
  }
  await piped;
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await database.close();
  process.stdout.write(`${JSON.stringify({ mode, idle, peak, bytes, ms })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
