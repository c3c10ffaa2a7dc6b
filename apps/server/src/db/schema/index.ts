// Docs: docs/ARCHITECTURE.md#one-database-dialect — the whole schema; drizzle-kit generates migrations from it.
export * from './common';
export * from './auth';
export * from './classes';
export * from './channels';
export * from './activities';
export * from './products';
export * from './analytics';
export * from './ai';
export * from './caseBrief';
export * from './notifications';
export * from './polls';
export * from './debrief';
export * from './lti';
export * from './sso';
