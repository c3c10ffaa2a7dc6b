// One app node of the chaos soak: the server's own entry (apps/server/src/main.ts), plus a probe: on
// SIGUSR2 it collects garbage (node runs with --expose-gc) and prints its heap and RSS as one line
// the soak reads from its output. Nothing else differs from `npm start`.
const MEMORY_LINE = 'soak-memory';

process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.stdout.write(`${MEMORY_LINE} ${JSON.stringify({ heapUsed, rss })}\n`);
});

await import('../../apps/server/src/main');

export {};
