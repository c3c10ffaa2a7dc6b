// Docs: docs/ai.md — DataAnalystBot's analysis engine: tables in message text → statistics,
// correlations, a chart spec and asked-for operations → the bot's reply. Pure; no server, no model.
export * from './limits';
export * from './csv';
export * from './values';
export * from './detect';
export * from './table';
export * from './stats';
export * from './analyze';
export * from './requests';
export * from './operations';
export * from './engine';
export * from './tableFile';
export * from './chart';
export * from './chartText';
export * from './chartTitle';
export { formatCount, formatR, formatStat } from './format';
export * from './reply';
