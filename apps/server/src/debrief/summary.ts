// Docs: docs/debrief.md#the-ai-summary — "Summarize the discussion": the model reads the activity's
// messages, each marked with its id, and writes themes, positions (with how many) and open
// questions, citing `[m:<id>]`. The text streams into the activity's summary row (at most 4 writes
// a second, each announced on `debrief.summary`, as agent answers stream into their message), and
// every citation is checked against the activity's channel: one the model invented, or of a message
// outside the activity or deleted, is dropped before anyone sees it.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  citedIds,
  debriefInputSchema,
  dropCitations,
  withoutPartialCitation,
  type DebriefInput,
  type DebriefSummary,
  type Role,
  type SummaryCitation,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { debriefSummaries, messages } from '../db/schema';
import { nextVersion, runCommand } from '../live/commands';
import type { CollectionTopic } from '../live/topic';
import type { Services } from '../services';
import type { DebriefAccess } from './access';
import { requireGradingAccess } from './live';
import { debriefAuthorLabel } from './policies';
import { DomainError } from '../errors';

/** The newest messages of the activity the model reads. */
export const SUMMARY_MAX_MESSAGES = 300;
/** Each message is cut to this many characters in the transcript. */
export const SUMMARY_MESSAGE_CUT = 1000;
/** The summary is cut at this many characters. */
export const SUMMARY_MAX_LENGTH = 12_000;
/** A summary still `streaming` after this long is taken to be lost (its node stopped): restartable. */
export const SUMMARY_STALE_SECONDS = 120;

export const NO_MODEL_MESSAGE =
  'No language model is configured on this server: set AI_BASE_URL and AI_MODEL (see docs/ai.md) to summarize discussions.';
export const SUMMARY_BUSY_MESSAGE = 'A summary of this activity is being written. Wait for it.';
export const SUMMARY_FAILED_MESSAGE = 'The model did not answer. Try again later.';

function present(row: typeof debriefSummaries.$inferSelect): DebriefSummary {
  return {
    id: row.activity_id,
    status: row.status,
    text: row.text,
    citations: row.citations,
    error: row.error,
    updated_at: row.updated_at.toISOString(),
    updated_by_name: row.updated_by_name,
    version: row.version,
  };
}

async function loadSummary(db: Db, activityId: string): Promise<DebriefSummary[]> {
  const rows = await db
    .select()
    .from(debriefSummaries)
    .where(eq(debriefSummaries.activity_id, activityId));
  return rows.map(present);
}

/** The activity's summary, live, to its staff (it quotes everyone's posts). */
export const summaryTopic: CollectionTopic<DebriefInput, DebriefSummary, DebriefAccess> = {
  name: 'debrief.summary',
  kind: 'collection',
  input: debriefInputSchema,
  key: (input) => input.activity_id,
  access: (services, viewer, input) => requireGradingAccess(services.database.db, viewer, input),
  classOf: (access) => access.classId,
  snapshot: (services, _viewer, input) => loadSummary(services.database.db, input.activity_id),
  load: (services, key) => loadSummary(services.database.db, key),
  visible: () => true,
  id: (row) => row.id,
};

interface TranscriptLine {
  id: string;
  author_uid: string;
  author_name: string;
  /** The author's pseudonym in an anonymous activity's case channel (null: none). */
  pseudonym: number | null;
  body: string;
}

/**
 * The transcript the model reads: `[m:<id>] <author>: <body>`, oldest first. In an anonymous
 * activity a student's posts go in under their pseudonym (docs/activities.md#anonymity): the
 * summary, kept and shown to every staff member, then names students as the channel does.
 */
export function transcriptOf(
  lines: readonly TranscriptLine[],
  viewer: { uid: string; role: Role },
) {
  return lines
    .map((line) => {
      const author = debriefAuthorLabel(
        { uid: line.author_uid, name: line.author_name, pseudonym: line.pseudonym },
        viewer,
        { pseudonymsOnly: true },
      );
      const body = line.body.slice(0, SUMMARY_MESSAGE_CUT).replace(/\s+/g, ' ');
      return `[m:${line.id}] ${author}: ${body}`;
    })
    .join('\n');
}

const SYSTEM_PROMPT = [
  'You write the debrief of a class case discussion for its instructor.',
  'The transcript gives each message as [m:<id>] <author>: <text>.',
  'Write three short markdown sections: "Themes", "Positions" (each position with how many students took it) and "Open questions".',
  'End every point with the citations of the messages it rests on, written exactly [m:<id>] with ids from the transcript. Never cite an id that is not in the transcript.',
].join('\n');

/**
 * Starts a summary (staff, with a model configured): claims the activity's summary row — refused
 * while another is being written — and lets the model write it in the background.
 */
export async function summaryStarter(
  services: Services,
  viewer: SessionUser,
  input: DebriefInput,
): Promise<DebriefSummary> {
  const db = services.database.db;
  const access = await requireGradingAccess(db, viewer, input);
  const llm = services.config.ai.llm;
  if (!llm) throw new DomainError({ code: 'PRECONDITION_FAILED', message: NO_MODEL_MESSAGE });
  const claimed = await runCommand(db, async ({ tx, announce }) => {
    const fresh = {
      status: 'streaming' as const,
      text: '',
      citations: [],
      error: null,
      created_at: new Date(),
      created_by: viewer.uid,
      updated_at: new Date(),
      updated_by: viewer.uid,
      updated_by_name: viewer.displayName,
      version: nextVersion,
    };
    const [row] = await tx
      .insert(debriefSummaries)
      .values({ activity_id: access.activityId, class_id: access.classId, ...fresh })
      .onConflictDoUpdate({
        target: debriefSummaries.activity_id,
        set: fresh,
        setWhere: sql`${debriefSummaries.status} <> 'streaming' or ${debriefSummaries.updated_at} < now() - make_interval(secs => ${SUMMARY_STALE_SECONDS})`,
      })
      .returning();
    if (!row) return null;
    announce({ topic: summaryTopic, key: access.activityId, ids: [access.activityId] });
    return present(row);
  });
  if (!claimed) throw new DomainError({ code: 'CONFLICT', message: SUMMARY_BUSY_MESSAGE });
  void writeSummary(db, llm, access, viewer);
  return claimed;
}

/** One write of the summary row, announced. */
async function saveSummary(
  db: Db,
  activityId: string,
  values: Partial<typeof debriefSummaries.$inferInsert>,
) {
  await runCommand(db, async ({ tx, announce }) => {
    await tx
      .update(debriefSummaries)
      .set({ ...values, updated_at: new Date(), version: nextVersion })
      .where(eq(debriefSummaries.activity_id, activityId));
    announce({ topic: summaryTopic, key: activityId, ids: [activityId] });
  });
}

/** The citations of `text` that are messages of the activity's channel (not deleted), in order. */
async function checkedCitations(
  db: Db,
  channelId: string | null,
  text: string,
): Promise<SummaryCitation[]> {
  const ids = citedIds(text);
  if (ids.length === 0 || channelId === null) return [];
  const rows = await db
    .select({ id: messages.id, channel_id: messages.channel_id, seq: messages.seq })
    .from(messages)
    .where(
      and(
        inArray(messages.id, ids),
        eq(messages.channel_id, channelId),
        eq(messages.deleted, false),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, channel_id: row.channel_id, seq: Number(row.seq) }] : [];
  });
}

async function writeSummary(
  db: Db,
  llm: NonNullable<Config['ai']['llm']>,
  access: DebriefAccess,
  viewer: SessionUser,
): Promise<void> {
  try {
    const lines =
      access.channelId === null
        ? []
        : (
            await db
              .select({
                id: messages.id,
                author_uid: messages.author_uid,
                author_name: messages.author_name,
                pseudonym: messages.pseudonym,
                body: messages.body,
              })
              .from(messages)
              .where(and(eq(messages.channel_id, access.channelId), eq(messages.deleted, false)))
              .orderBy(desc(messages.seq))
              .limit(SUMMARY_MAX_MESSAGES)
          ).reverse();
    const shownIds = new Set(lines.map((line) => line.id));
    const provider = createOpenAICompatible({
      name: 'seminar',
      baseURL: llm.baseUrl,
      ...(llm.apiKey ? { apiKey: llm.apiKey } : {}),
      includeUsage: true,
    });
    let failure: unknown = null;
    const result = streamText({
      model: provider.chatModel(llm.model),
      system: SYSTEM_PROMPT,
      messages: [
        {
          role: 'user',
          content: `Activity: ${access.title}\n\n${transcriptOf(lines, { uid: viewer.uid, role: access.role })}`,
        },
      ],
      maxRetries: 1,
      onError: ({ error }) => {
        failure ??= error;
      },
    });
    let text = '';
    let lastShown = 0;
    const interval = 1000 / llm.streamUpdatesPerSecond;
    for await (const delta of result.textStream) {
      text = (text + delta).slice(0, SUMMARY_MAX_LENGTH);
      if (Date.now() - lastShown >= interval) {
        lastShown = Date.now();
        // While streaming, only ids the model was shown survive (all of them are the activity's).
        const shown = dropCitations(withoutPartialCitation(text), (id) => shownIds.has(id));
        await saveSummary(db, access.activityId, { text: shown });
      }
    }
    if (failure !== null) throw failure;
    const citations = await checkedCitations(db, access.channelId, text);
    const kept = new Set(citations.map((citation) => citation.id));
    await saveSummary(db, access.activityId, {
      status: 'done',
      text: dropCitations(text, (id) => kept.has(id)),
      citations,
    });
  } catch {
    await saveSummary(db, access.activityId, {
      status: 'failed',
      error: SUMMARY_FAILED_MESSAGE,
    }).catch(() => undefined);
  }
}
