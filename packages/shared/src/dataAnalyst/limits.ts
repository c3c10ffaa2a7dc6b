// Docs: docs/ai.md#limits — the DataAnalystBot engine's limits, each enforced before the work it
// bounds, so a huge or hostile message is refused in constant time or handled in linear time.

/** Longest text (message or attachment) the engine reads, in UTF-16 code units (≈ characters). */
export const ANALYST_MAX_TEXT_CHARS = 1_000_000;
/** Most data rows (the header not counted) in one table. */
export const ANALYST_MAX_ROWS = 10_000;
/**
 * Lines (records) read at most: the largest table, its header and room for text around it. Text
 * with more is refused as too long a table.
 */
export const ANALYST_MAX_LINES_READ = ANALYST_MAX_ROWS + 1 + 1_000;
/** Most columns in one table. */
export const ANALYST_MAX_COLUMNS = 100;
/** Top values listed per text column. */
export const ANALYST_TOP_VALUES = 5;
/** Most scatter points in a chart spec; larger tables are sampled evenly. */
export const ANALYST_MAX_SCATTER_POINTS = 1_000;
/** Most histogram bins. */
export const ANALYST_MAX_HISTOGRAM_BINS = 20;
/** A pair correlated at least this strongly (|r|) is charted as a scatter; else a histogram. */
export const ANALYST_SCATTER_MIN_ABS_R = 0.5;
/** Most asked-for operations answered per message. */
export const ANALYST_MAX_OPERATIONS = 5;
/** Most groups listed in a group-by answer. */
export const ANALYST_MAX_GROUPS = 20;
/** Lines longer than this are never read as an asked-for operation. */
export const ANALYST_MAX_REQUEST_LINE_CHARS = 500;
