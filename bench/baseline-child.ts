// The baseline: a bare `ws` broadcast server, as a child process like the real server. A client
// connects to /?room=N; whatever JSON text it sends is parsed (so a malformed frame is dropped) and
// sent as is to every client of that room, itself included. No auth, no database, no tRPC.
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { serveChildRequests } from './lib/childIpc';

const port = Number(process.env.BENCH_CHILD_PORT);
if (!port) throw new Error('BENCH_CHILD_PORT is required');

const rooms = new Map<string, Set<WebSocket>>();
const server = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server, maxPayload: 256 * 1024, perMessageDeflate: false });

wss.on('connection', (ws, request) => {
  const room = new URL(request.url ?? '/', 'http://localhost').searchParams.get('room') ?? '';
  let members = rooms.get(room);
  if (!members) {
    members = new Set();
    rooms.set(room, members);
  }
  members.add(ws);
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = data.toString();
    try {
      JSON.parse(text);
    } catch {
      return;
    }
    for (const member of members) member.send(text);
  });
  ws.on('close', () => {
    members.delete(ws);
    if (members.size === 0) rooms.delete(room);
  });
});

await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
serveChildRequests({
  url: `http://127.0.0.1:${port}`,
  stats: () => ({ connections: wss.clients.size }),
  stop: async () => {
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});
