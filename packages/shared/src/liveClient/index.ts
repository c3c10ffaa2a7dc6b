// Docs: docs/realtime.md#the-client — the live socket's client (web app, tests, tools):
// `@seminar/shared/live-client`.
export * from './backoff';
export * from './connection';
export * from './connectionParts';
export * from './link';
