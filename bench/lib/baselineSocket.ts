// A client of the bare ws baseline: joins a room, sends JSON text, hands every frame to a callback.
import WebSocket from 'ws';

/** Opens `baseUrl/?room=<room>`; `onMessage` gets each frame's text. */
export function connectBaseline(
  baseUrl: string,
  room: number,
  onMessage: (text: string) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/?room=${room}`, {
      perMessageDeflate: false,
    });
    ws.on('message', (raw: Buffer) => onMessage(raw.toString('utf8')));
    ws.once('open', () => {
      ws.removeAllListeners('error');
      ws.on('error', () => undefined);
      resolve(ws);
    });
    ws.once('error', reject);
  });
}

/** Closes a baseline socket and waits until it is closed. */
export function closeBaseline(ws: WebSocket): Promise<void> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.terminate();
      resolve();
    }, 3000);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.close();
  });
}
