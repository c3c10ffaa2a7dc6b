// The rules a web page's first load uses must not import zod, even through another module: building
// zod's schemas cost the class chat page ~60 ms of a phone's main thread before its first message
// (docs/ARCHITECTURE.md#first-load). This walks each module's value imports (not `import type`).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = dirname(fileURLToPath(import.meta.url));

/** The modules the web's first load imports values from (each checked with what it imports). */
const ZOD_FREE = [
  'constants.ts',
  'text.ts',
  'names.ts',
  'documentId.ts',
  'recordId.ts',
  'roles.ts',
  'policies.ts',
  'visibility.ts',
  'recency.ts',
  'mentions.ts',
  'reactions.ts',
  'notifyLevels.ts',
  'awayNotifications.ts',
  'attachments.ts',
  'agents.ts',
  'agentLimits.ts',
  'tutorModes.ts',
  'phases.ts',
  'pendingClasses.ts',
  'classSelection.ts',
  'caseBrief.ts',
  'liveEvents.ts',
  'liveWire.ts',
  'analyticsCheck.ts',
  'liveClient/index.ts',
];

const VALUE_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;

/** The modules `file` imports values from, with their chain, or the chain that reaches zod. */
function zodChain(file: string, seen = new Set<string>(), chain: string[] = []): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(VALUE_IMPORT)) {
    const target = match[1] as string;
    const here = [...chain, file.slice(root.length + 1)];
    if (target === 'zod' || target.startsWith('zod/')) return [...here, target];
    if (!target.startsWith('.')) continue;
    const path = resolve(dirname(file), target.endsWith('.ts') ? target : `${target}.ts`);
    const found = zodChain(path, seen, here);
    if (found) return found;
  }
  return null;
}

describe('zod-free rules', () => {
  it.each(ZOD_FREE)('%s reaches no zod import', (file) => {
    expect(zodChain(join(root, file))).toBeNull();
  });

  it('finds zod where it is', () => {
    expect(zodChain(join(root, 'schemas/message.ts'))).toContain('zod');
    expect(zodChain(join(root, 'liveProtocol.ts'))).toContain('zod');
  });
});
