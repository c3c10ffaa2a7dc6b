// Docs: docs/ARCHITECTURE.md#layers — what the realtime kernel and its topics are given: the
// database (every read and LISTEN) and the configuration (the admins' addresses, the live limits).
// Narrow on purpose: the node's whole `Services` (services.ts) sits above every resource, and a
// kernel that took it would import the resources back through its type.
import type { Config } from '../config';
import type { Database } from '../db/client';

/** What topics and the hub use. */
export interface LiveServices {
  readonly database: Database;
  readonly config: Config;
}
