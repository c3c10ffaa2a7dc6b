// Docs: docs/realtime.md#notices-and-signals — the signals: notices every node acts on that are not live queries.
import { defineSignal } from './topic';

/**
 * Members of a class re-check their access (key: class id; `uid`: only that member; `ids`: only
 * live queries under those keys, e.g. one channel's). The hub acts.
 */
export const accessSignal = defineSignal('access');
/** A site admin disabled a user (key: uid): the transport closes their sockets on every node. */
export const userDisabledSignal = defineSignal('user');
/**
 * Sessions ended — signed out, reset, revoked (key: uid, ids: session ids): the transport closes
 * those sockets on every node.
 */
export const sessionsEndedSignal = defineSignal('sessions');
