// Docs: docs/realtime.md#protocol — what a live query sends and how a client folds it into its rows.
// The web cache and the server tests use this one reducer.

/** Every live row carries the version of its last write (one sequence for all live tables). */
export interface LiveRow {
  version: number;
}

/** What a live query sends: a snapshot, then changes, possibly an end. */
export type LiveEvent<Row> =
  /** `replace`: the rows are the whole set (collections); otherwise they merge (ordered streams). */
  | { type: 'snapshot'; rows: Row[]; replace: boolean }
  | { type: 'upsert'; rows: Row[] }
  | { type: 'remove'; ids: string[] }
  /**
   * The subscription is over: access lost (the client keeps nothing of it), or, with `retry`, the
   * server shed a subscriber too far behind — the client subscribes again.
   */
  | { type: 'end'; reason: string; retry?: boolean };

/** A live query's rows by id, plus whether it has ended and why. */
export interface LiveState<Row> {
  rows: ReadonlyMap<string, Row>;
  ready: boolean;
  ended: string | null;
}

/** The state before anything arrived. */
export function emptyLiveState<Row>(): LiveState<Row> {
  return { rows: new Map(), ready: false, ended: null };
}

/**
 * Folds one event into the state. A row never goes back to an older version, so the same change
 * arriving twice (in a snapshot and as an upsert) changes nothing the second time.
 */
export function applyLiveEvent<Row extends LiveRow>(
  state: LiveState<Row>,
  event: LiveEvent<Row>,
  idOf: (row: Row) => string,
): LiveState<Row> {
  switch (event.type) {
    case 'snapshot': {
      const rows = new Map(event.replace ? [] : state.rows);
      for (const row of event.rows) upsertInto(rows, row, idOf);
      return { rows, ready: true, ended: null };
    }
    case 'upsert': {
      const rows = new Map(state.rows);
      for (const row of event.rows) upsertInto(rows, row, idOf);
      return { ...state, rows };
    }
    case 'remove': {
      const rows = new Map(state.rows);
      for (const id of event.ids) rows.delete(id);
      return { ...state, rows };
    }
    case 'end':
      return { rows: new Map(), ready: true, ended: event.reason };
  }
}

function upsertInto<Row extends LiveRow>(
  rows: Map<string, Row>,
  row: Row,
  idOf: (row: Row) => string,
): void {
  const id = idOf(row);
  const current = rows.get(id);
  if (!current || current.version <= row.version) rows.set(id, row);
}
