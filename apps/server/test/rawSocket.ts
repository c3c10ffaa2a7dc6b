// A live-socket client written on a bare TCP socket, for the attacker and fault tests: it speaks the
// protocol frame by frame, can stop reading (a client that never reads), and ignores close frames
// (a client that keeps writing after the server said goodbye).
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface RawLiveSocket {
  /** Sends one text frame (a JSON value is stringified). */
  send(frame: unknown): void;
  /** Text frames the server sent, parsed when they are JSON. */
  readonly received: unknown[];
  /** The size in bytes of each of them. */
  readonly sizes: number[];
  /** Close codes the server sent (the client never answers them). */
  readonly closeCodes: number[];
  /** Resolves when the server has dropped the TCP connection. */
  readonly ended: Promise<void>;
  readonly isEnded: () => boolean;
  /** Stops reading from the socket (the server's writes pile up in its buffers). */
  pause(): void;
  resume(): void;
  destroy(): void;
  /** Protocol pings the server sent (answered with a pong until `ignorePings`). */
  readonly pings: () => number;
  /** From now on answers no ping (a peer lost without a close). */
  ignorePings(): void;
  /** Waits for a received frame matching `predicate`. */
  waitFor(predicate: (frame: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
}

/** Encodes one masked client frame (opcode 1: text). */
function frame(payload: Buffer, opcode = 1): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | length])
      : length < 65536
        ? Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), u64(length)]);
  const body = Buffer.alloc(length);
  for (let index = 0; index < length; index += 1)
    body[index] = (payload[index] as number) ^ (mask[index % 4] as number);
  return Buffer.concat([head, mask, body]);
}

function u64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(value));
  return buffer;
}

/** Opens /api/live on `baseUrl` with `headers` (cookie, origin); rejects unless it upgrades. */
export function openRawSocket(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<RawLiveSocket> {
  const url = new URL('/api/live', baseUrl);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(url.port), url.hostname);
    const received: unknown[] = [];
    const sizes: number[] = [];
    const closeCodes: number[] = [];
    const waiters = new Set<() => void>();
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    let pings = 0;
    let answerPings = true;
    let ended = false;
    let endResolve!: () => void;
    const endedPromise = new Promise<void>((done) => (endResolve = done));
    socket.on('close', () => {
      ended = true;
      endResolve();
      for (const wake of waiters) wake();
    });
    socket.on('error', (error) => {
      if (!upgraded) reject(error);
    });
    socket.on('connect', () => {
      const lines = [
        `GET ${url.pathname} HTTP/1.1`,
        `Host: ${url.host}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    const parseFrames = () => {
      for (;;) {
        if (buffer.length < 2) return;
        const opcode = (buffer[0] as number) & 0x0f;
        let length = (buffer[1] as number) & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) return;
          length = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffer.length < offset + length) return;
        const payload = buffer.subarray(offset, offset + length);
        buffer = buffer.subarray(offset + length);
        if (opcode === 1) {
          sizes.push(payload.length);
          const text = payload.toString();
          try {
            received.push(JSON.parse(text));
          } catch {
            received.push(text);
          }
        } else if (opcode === 8) {
          closeCodes.push(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
        } else if (opcode === 9) {
          pings += 1;
          if (answerPings) socket.write(frame(payload, 0xa)); // pong
        }
        for (const wake of waiters) wake();
      }
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString();
        buffer = buffer.subarray(end + 4);
        if (!head.startsWith('HTTP/1.1 101')) {
          socket.destroy();
          reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
          return;
        }
        upgraded = true;
        resolve({
          send: (value) =>
            socket.write(
              frame(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value))),
            ),
          received,
          sizes,
          closeCodes,
          ended: endedPromise,
          isEnded: () => ended,
          pings: () => pings,
          ignorePings: () => {
            answerPings = false;
          },
          pause: () => socket.pause(),
          resume: () => socket.resume(),
          destroy: () => socket.destroy(),
          async waitFor(predicate, timeoutMs = 5_000) {
            const deadline = Date.now() + timeoutMs;
            for (;;) {
              const found = received.find(predicate);
              if (found !== undefined) return found;
              if (ended) throw new Error('socket ended');
              if (Date.now() > deadline)
                throw new Error(`timed out; received: ${JSON.stringify(received).slice(0, 500)}`);
              await new Promise<void>((wake) => {
                waiters.add(wake);
                setTimeout(() => {
                  waiters.delete(wake);
                  wake();
                }, 50);
              });
            }
          },
        });
      }
      parseFrames();
    });
  });
}
