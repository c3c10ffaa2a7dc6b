// Docs: docs/ai.md#replies — turns the engine's outcome into DataAnalystBot's message: markdown of
// the chat's safe subset (bold, inline code, fenced blocks), always within MESSAGE_MAX_LENGTH.
import { MESSAGE_MAX_LENGTH } from '../constants';
import type { ChartSpec, TableAnalysis } from './analyze';
import type { AnalystOutcome } from './engine';
import { ANALYST_MAX_LINES_READ } from './limits';
import { plural } from '../plural';
import { codeTable, formatCount, formatR, formatStat, plain } from './format';
import type { OperationResult } from './operations';
import type { Aggregate } from './stats';
import type { TableProblem } from './table';

/** Rows of each section shown in a reply; the rest are counted ("… and 12 more"). */
const SHOWN_NUMERIC_COLUMNS = 20;
const SHOWN_TEXT_COLUMNS = 10;
const SHOWN_CORRELATIONS = 5;

const AGGREGATE_LABELS: Record<Aggregate, string> = {
  mean: 'Mean',
  median: 'Median',
  sum: 'Sum',
  count: 'Count',
  min: 'Minimum',
  max: 'Maximum',
};

const code = (name: string) => `\`${plain(name)}\``;

const HOW_TO_POST =
  'Paste CSV or TSV text (a header row, then one line per row), or put it in a ```csv block.';

/** The reply to a table the engine refuses or cannot read. */
export function formatProblem(problem: TableProblem): string {
  switch (problem.code) {
    case 'too-long':
      return (
        `That is too much text for me: ${formatCount(problem.chars)} characters, and I read at most ` +
        `${formatCount(problem.max)}. Send a smaller sample of the table.`
      );
    case 'too-many-rows':
      return problem.rows === null
        ? `The text has more than ${formatCount(ANALYST_MAX_LINES_READ)} lines; I analyse tables of at ` +
            `most ${formatCount(problem.max)} rows. Send a smaller sample of the table.`
        : `The table has ${formatCount(problem.rows)} rows; I analyse at most ` +
            `${formatCount(problem.max)}. Send a smaller sample of the table.`;
    case 'too-many-columns':
      return (
        `The table has ${formatCount(problem.columns)} columns; I analyse at most ${formatCount(problem.max)}. ` +
        'Send only the columns you need.'
      );
    case 'ragged':
      return (
        `Row ${formatCount(problem.row)} has ${problem.fields} ${problem.fields === 1 ? 'value' : 'values'}, ` +
        `but the first row has ${problem.expected} (rows are counted from the table's first line). ` +
        'Check that row for a missing or extra separator, and put values that contain one in quotes ' +
        '("Smith, Jo"). If text around the table has commas, put the table in a ```csv block.'
      );
    case 'unclosed-quote':
      return (
        `Row ${formatCount(problem.row)} opens a quoted value with " that never closes, so the rest of the ` +
        'table would be one value. Close the quote; a quote inside a quoted value is written twice ("").'
      );
    case 'too-few-rows':
      return problem.rows === 0
        ? 'The table has a header row but no data rows. I need at least two rows of data.'
        : 'The table has only one row of data (the first row holds the column names). I need at ' +
            'least two rows to compute statistics.';
  }
}

/** "… and 3 more groups." on a line of its own, or nothing. */
const more = (n: number, one: string, many: string) =>
  n > 0 ? `\n… and ${formatCount(n)} more ${plural(n, { one, other: many })}.` : '';

/** What a chart asked for is, in words. */
function chartWords(chart: ChartSpec): string {
  return chart.kind === 'histogram'
    ? `histogram of ${code(chart.column)}`
    : `scatter of ${code(chart.y)} against ${code(chart.x)}`;
}

function operationLines(result: OperationResult, drawn: ChartSpec | null): string {
  switch (result.kind) {
    case 'chart':
      return result.chart === drawn
        ? `Chart: the ${chartWords(result.chart)} is drawn below.`
        : `I draw one chart per answer, so not the ${chartWords(result.chart)}: ask for it in another message.`;
    case 'no-scatter':
      return `I cannot draw a scatter of ${code(result.y)} against ${code(result.x)}: one of them does not vary.`;
    case 'not-understood':
      return (
        `I did not understand ${code(result.text)}, so I left it out. I can do: summary of, ` +
        'mean/median/sum/count/min/max of (by a group), correlation of … and …, histogram of, ' +
        'scatter of … against ….'
      );
    case 'unknown-column':
      return (
        `There is no column ${code(result.asked)}. The columns are: ` +
        `${result.available.slice(0, 30).map(code).join(', ')}${result.available.length > 30 ? ', …' : ''}.`
      );
    case 'not-numeric':
      return `${code(result.column)} holds text, not numbers, so I cannot compute its ${result.operation}.`;
    case 'aggregate':
      return `${AGGREGATE_LABELS[result.aggregate]} of ${code(result.column)}: **${formatStat(result.value)}** (n = ${formatCount(result.n)}).`;
    case 'correlation':
      return (
        `Correlation of ${code(result.x)} and ${code(result.y)}: **r = ${formatR(result.r)}** ` +
        `(Pearson, n = ${formatCount(result.n)}).`
      );
    case 'group-by': {
      const label = AGGREGATE_LABELS[result.aggregate];
      const table = codeTable(
        [plain(result.by, 24), 'n', result.aggregate],
        result.groups.map((g) => [plain(g.key, 24), formatCount(g.n), formatStat(g.value)]),
      );
      return `${label} of ${code(result.column)} by ${code(result.by)}:\n${table}${more(result.moreGroups, 'group', 'groups')}`;
    }
    case 'summary':
      if (result.numeric) {
        const s = result.numeric;
        return (
          `Summary of ${code(s.column)}: n = ${formatCount(s.n)}, missing = ${formatCount(s.missing)}, ` +
          `mean = ${formatStat(s.mean)}, median = ${formatStat(s.median)}, SD = ${formatStat(s.sd)}, ` +
          `min = ${formatStat(s.min)}, max = ${formatStat(s.max)}.`
        );
      }
      if (result.text) {
        const t = result.text;
        return (
          `Summary of ${code(t.column)} (text): ${formatCount(t.n)} values, ${formatCount(t.missing)} missing, ` +
          `${formatCount(t.distinct)} distinct; most frequent: ${t.top.map((v) => `${code(v.value)} ${formatCount(v.count)}`).join(', ')}.`
        );
      }
      return '';
  }
}

function analysisText(analysis: TableAnalysis): string {
  const parts: string[] = [];
  parts.push(
    `**Table:** ${formatCount(analysis.rowCount)} rows × ${formatCount(analysis.columnCount)} columns ` +
      `(${analysis.hasHeader ? 'first row read as column names' : 'no header row; columns are numbered'}).`,
  );
  if (analysis.numeric.length === 0) {
    parts.push(
      'No column holds only numbers, so there are no statistics or correlations to compute. ' +
        'Numbers are written like 12, -3.5 or 1.2e3 (or 1,5 in semicolon-separated tables); ' +
        'missing values may be empty, NA, N/A, null or -.',
    );
  } else {
    const shown = analysis.numeric.slice(0, SHOWN_NUMERIC_COLUMNS);
    parts.push(
      '**Numeric columns**\n' +
        codeTable(
          ['column', 'n', 'missing', 'mean', 'median', 'SD', 'min', 'max'],
          shown.map((s) => [
            plain(s.column, 24),
            formatCount(s.n),
            formatCount(s.missing),
            formatStat(s.mean),
            formatStat(s.median),
            formatStat(s.sd),
            formatStat(s.min),
            formatStat(s.max),
          ]),
        ) +
        more(analysis.numeric.length - shown.length, 'numeric column', 'numeric columns'),
    );
  }
  if (analysis.text.length > 0) {
    const shown = analysis.text.slice(0, SHOWN_TEXT_COLUMNS);
    const lines = shown.map((t) => {
      const top =
        t.n > 1 && t.distinct === t.n
          ? 'every value different'
          : t.top.map((v) => `${code(v.value)} ${formatCount(v.count)}`).join(', ');
      const note = t.nonNumeric
        ? ` — mostly numbers, but ${formatCount(t.nonNumeric.count)} ${plural(t.nonNumeric.count, { one: 'value is', other: 'values are' })} not (first: ${code(t.nonNumeric.example)} in row ${formatCount(t.nonNumeric.row)})`
        : '';
      return `- ${code(t.column)}: ${formatCount(t.distinct)} distinct of ${formatCount(t.n)} (${formatCount(t.missing)} missing); top: ${top || '–'}${note}`;
    });
    parts.push(
      '**Text columns**\n' +
        lines.join('\n') +
        more(analysis.text.length - shown.length, 'text column', 'text columns'),
    );
  }
  if (analysis.correlations.length > 0) {
    const shown = analysis.correlations.slice(0, SHOWN_CORRELATIONS);
    parts.push(
      '**Correlations** (Pearson r, strongest first)\n' +
        shown
          .map(
            (p) => `- ${code(p.x)} and ${code(p.y)}: r = ${formatR(p.r)} (n = ${formatCount(p.n)})`,
          )
          .join('\n') +
        more(analysis.correlations.length - shown.length, 'pair', 'pairs'),
    );
  }
  const chart = analysis.chart;
  if (chart?.kind === 'scatter')
    parts.push(
      `**Chart:** scatter of ${code(chart.y)} against ${code(chart.x)} (r = ${formatR(chart.r)}).`,
    );
  else if (chart?.kind === 'histogram')
    parts.push(`**Chart:** histogram of ${code(chart.column)}.`);
  return parts.join('\n\n');
}

/** Cuts a reply to the chat's limit at a line break, closing an open code block. */
function fit(text: string): string {
  if (text.length <= MESSAGE_MAX_LENGTH) return text;
  const note = '\n… (reply shortened)';
  let cut = text.slice(0, MESSAGE_MAX_LENGTH - note.length - 4);
  cut = cut.slice(0, Math.max(0, cut.lastIndexOf('\n')));
  const fences = cut.split('\n').filter((line) => line.startsWith('```')).length;
  return cut + (fences % 2 === 1 ? '\n```' : '') + note;
}

/** DataAnalystBot's reply to an outcome of `analyzeMessage`. */
export function formatAnalystReply(outcome: AnalystOutcome): string {
  switch (outcome.kind) {
    case 'no-table':
      return `I didn't find a table in your message. ${HOW_TO_POST}`;
    case 'problem':
      return fit(formatProblem(outcome.problem));
    case 'analysis': {
      const drawn = outcome.analysis.chart;
      const answers = outcome.operations
        .map((o) => operationLines(o, drawn))
        .filter((line) => line !== '');
      const asked = answers.length > 0 ? `${answers.join('\n\n')}\n\n` : '';
      return fit(asked + analysisText(outcome.analysis));
    }
  }
}
