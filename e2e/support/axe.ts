// Accessibility checks with axe-core (the root's devDependency): injects axe.min.js into the page
// and returns the violations that matter most (impact serious or critical), one line per element.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

export interface AxeOptions {
  /** CSS selectors of parts to leave out. */
  exclude?: string[];
  /** Impacts that count (default: serious and critical). */
  impacts?: string[];
}

/**
 * Runs axe on the page as it is now (after CSS transitions have finished) and returns the
 * violations of the given impacts (default serious and critical).
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const first = await runAxe(page, options);
  // A colour transition that began after the check started (a button enabled by the render that
  // followed a dialog closing) reads as a contrast failure once; a real one is there again after
  // the next frames, so contrast findings are checked once more before they count.
  if (!first.some((violation) => violation.id === 'color-contrast')) return first;
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return runAxe(page, options);
}

async function runAxe(page: Page, options: AxeOptions): Promise<AxeViolation[]> {
  const impacts = options.impacts ?? ['serious', 'critical'];
  return page.evaluate(
    async ({ exclude, impacts }) => {
      // Colours mid-transition (a button just enabled, a dialog fading in) are not what anyone reads.
      // Only finite animations are awaited: a spinner or a skeleton's pulse never finishes.
      const finite = document.getAnimations().filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return timing !== undefined && Number.isFinite(timing.endTime ?? Infinity);
      });
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      type Result = {
        violations: Array<{
          id: string;
          impact?: string | null;
          help: string;
          nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
        }>;
      };
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<Result> };
      };
      const context =
        exclude.length > 0 ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
      const result = await axe.run(context, { resultTypes: ['violations'] });
      // A scrolling code block inside a message is out of the Tab order on purpose: the message
      // list is one Tab stop with roving focus (rovingFocus.ts), and Enter into the message reaches
      // the block, where the arrow keys scroll it (MessageList.test.tsx checks that path). axe only
      // counts tabindex ≥ 0 as keyboard access, so that one rule is not counted inside messages.
      const inMessage = (target: unknown[]) =>
        document.querySelector(String(target[0]))?.closest('[role="article"][data-message-id]') !=
        null;
      for (const violation of result.violations) {
        if (violation.id === 'scrollable-region-focusable')
          violation.nodes = violation.nodes.filter((node) => !inMessage(node.target));
      }
      return result.violations
        .filter((violation) => violation.nodes.length > 0)
        .filter((violation) => impacts.includes(violation.impact ?? ''))
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? null,
          help: violation.help,
          nodes: violation.nodes.map((node) => ({
            target: node.target.map(String).join(' '),
            html: node.html.slice(0, 200),
            summary: (node.failureSummary ?? '').slice(0, 300),
          })),
        }));
    },
    { exclude: options.exclude ?? [], impacts },
  );
}

/** The violations as readable lines ("rule (impact): element — why"), for a failing assertion. */
export function describeViolations(violations: readonly AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target} ${node.html} — ${node.summary.replaceAll('\n', ' ')}`,
    ),
  );
}
