import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, wantsPrettyLogs } from './logFormat';

describe('wantsPrettyLogs', () => {
  it.each([
    ['auto', true, true],
    ['auto', false, false],
    ['pretty', false, true],
    ['json', true, false],
  ] as const)('%s on a terminal: %s → %s', (format, terminal, pretty) => {
    expect(wantsPrettyLogs(format, terminal)).toBe(pretty);
  });
});

/** A stream that keeps what is written, saying it is (or is not) a terminal. */
function capture(isTTY: boolean) {
  let text = '';
  const out = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
    { isTTY },
  );
  return { out, text: () => text };
}

describe('loggerOptions', () => {
  it('writes readable lines on a terminal: level, message, fields, no JSON', async () => {
    const { out, text } = capture(true);
    const options = await loggerOptions({ logLevel: 'info', logFormat: 'auto' }, out);
    expect(options.stream).toBeDefined();
    const log = pino({ level: options.level }, options.stream as pino.DestinationStream);
    log.info({ url: 'http://localhost:3000' }, 'Seminar listening');
    // eslint-disable-next-line no-control-regex -- the terminal's colour codes
    const line = text().replace(/\u001b\[[0-9;]*m/g, '');
    expect(text()).not.toBe(line);
    expect(line).toContain('INFO');
    expect(line).toContain('Seminar listening');
    expect(line).toContain('url: "http://localhost:3000"');
    expect(line.trimStart().startsWith('{')).toBe(false);
  });

  it('leaves JSON lines to the default stream when not on a terminal, or when asked', async () => {
    expect(
      await loggerOptions({ logLevel: 'warn', logFormat: 'auto' }, capture(false).out),
    ).toEqual({
      level: 'warn',
    });
    expect(await loggerOptions({ logLevel: 'info', logFormat: 'json' }, capture(true).out)).toEqual(
      {
        level: 'info',
      },
    );
  });
});
