// Docs: DESIGN §3 — @seminar/shared: constants, pure rules (SPEC §3–§9) and zod schemas used by both
// the server and the web app.
export * from './constants';
export * from './text';
export * from './names';
export * from './email';
export * from './emailAddress';
export * from './documentId';
export * from './recordId';
export * from './roles';
export * from './policies';
export * from './profiles';
export * from './visibility';
export * from './recency';
export * from './caseLabel';
export * from './channelNames';
export * from './classSearch';
export * from './schemas';
export * from './classSelection';
export * from './authErrors';
export * from './liveEvents';
export * from './liveProtocol';
export * from './dataAnalyst';
export * from './agents';
