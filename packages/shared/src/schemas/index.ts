// Docs: SPEC §3 — the zod schemas of every entity, re-exported in one place.
export * from './common';
export * from './class';
export * from './pendingClass';
export * from './channel';
export * from './activity';
export * from './membership';
export * from './message';
export * from './product';
export * from './authUser';
export * from './analyticsEvent';
export * from './messageSearch';
