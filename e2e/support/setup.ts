// Every browser spec's setup (vitest.config.ts): a failed test's message gets what the open pages
// showed and printed, and the server's warnings (diagnostics.ts).
import { afterEach } from 'vitest';
import { describeOpenPages } from './diagnostics';

afterEach(async ({ task }) => {
  const errors = task.result?.state === 'fail' ? (task.result.errors ?? []) : [];
  const [first] = errors;
  if (!first) return;
  const pages = await describeOpenPages();
  if (pages) first.message = `${first.message}\n\nWhen it failed:\n${pages}`;
});
