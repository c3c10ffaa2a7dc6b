// Docs: README.md#configuration (LOG_FORMAT) — how the server's log lines look: readable lines
// (pino-pretty) for a person at a terminal, one JSON object a line for a log collector.
import type { Writable } from 'node:stream';
import type { Config } from './config';

/** Whether lines are written for a person: `pretty`, or `auto` on a terminal. */
export function wantsPrettyLogs(format: Config['logFormat'], isTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}

/**
 * Fastify's logger options for the config: the level, and — for a person — a pino-pretty stream
 * (loaded only then: a server writing JSON never loads it). Synchronous, in this thread: a
 * transport's worker would need pino-pretty resolvable from the bundle's folder.
 */
export async function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  out: Writable & { isTTY?: boolean } = process.stdout,
): Promise<{ level: string; stream?: { write(line: string): void } }> {
  const terminal = out.isTTY === true;
  if (!wantsPrettyLogs(config.logFormat, terminal)) return { level: config.logLevel };
  const { default: pretty } = await import('pino-pretty');
  return {
    level: config.logLevel,
    stream: pretty({
      destination: out,
      colorize: terminal,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      sync: true,
    }),
  };
}
