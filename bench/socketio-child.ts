// The Socket.IO peer: what a Node developer would reach for instead — a Socket.IO server (WebSocket
// transport only, no compression) as a child process like the others. A client joins room `room`
// (handshake query); every `m` event it emits is broadcast to its room (`io.to(room).emit`),
// itself included. No auth, no database: it persists nothing.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { serveChildRequests } from './lib/childIpc';

const port = Number(process.env.BENCH_CHILD_PORT);
if (!port) throw new Error('BENCH_CHILD_PORT is required');

const httpServer = createServer((_request, response) => response.writeHead(404).end());
const io = new Server(httpServer, {
  transports: ['websocket'],
  perMessageDeflate: false,
  serveClient: false,
  maxHttpBufferSize: 256 * 1024,
});
io.on('connection', (socket) => {
  const room = String(socket.handshake.query.room ?? '');
  void socket.join(room);
  socket.on('m', (payload: unknown) => {
    io.to(room).emit('m', payload);
  });
});

await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
serveChildRequests({
  url: `http://127.0.0.1:${port}`,
  stats: () => ({ connections: io.engine.clientsCount }),
  stop: async () => {
    await io.close();
  },
});
