// Docs: docs/ai.md — DataAnalystBot's engine: one call from a message's text to an outcome that
// `formatAnalystReply` words. Pure and synchronous; no model, no server.
import { type TableAnalysis, analyzeTable } from './analyze';
import type { WorkMeter } from './csv';
import { findTable } from './detect';
import { ANALYST_MAX_ROWS } from './limits';
import { type OperationResult, runOperation } from './operations';
import { parseRequests } from './requests';
import { type TableProblem, buildTable, tooLongProblem } from './table';

export type AnalystOutcome =
  /** No table in the message. */
  | { kind: 'no-table' }
  /** A table the engine refuses or cannot read; nothing was computed. */
  | { kind: 'problem'; problem: TableProblem }
  | { kind: 'analysis'; analysis: TableAnalysis; operations: OperationResult[] };

export interface AnalyzeMessageOptions {
  /** Counts the characters examined (tests prove linear work with it). */
  meter?: WorkMeter;
}

/**
 * Finds the table in a message, checks it, analyses it and answers the operations asked for in the
 * text around it. Never throws on any input; text over the limit is refused before it is read.
 */
export function analyzeMessage(text: string, options: AnalyzeMessageOptions = {}): AnalystOutcome {
  const search = findTable(text, options.meter);
  if (search.kind === 'too-long') return { kind: 'problem', problem: tooLongProblem(search.chars) };
  if (search.kind === 'none') return { kind: 'no-table' };
  if (search.kind === 'too-many-lines')
    return {
      kind: 'problem',
      problem: { code: 'too-many-rows', rows: null, max: ANALYST_MAX_ROWS },
    };
  const built = buildTable(search.table);
  if (built.kind === 'problem') return { kind: 'problem', problem: built.problem };
  const { table } = built;
  const requests = parseRequests(
    search.table.requestText,
    table.columns.map((c) => c.name),
  );
  const operations = requests.map((request) => runOperation(table, request));
  const analysis = analyzeTable(table);
  // The chart drawn is the first one asked for; without one, the analysis picks it.
  const asked = operations.find((o) => o.kind === 'chart');
  return {
    kind: 'analysis',
    analysis: asked ? { ...analysis, chart: asked.chart } : analysis,
    operations,
  };
}
