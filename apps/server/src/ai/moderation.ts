// Docs: docs/ai.md#moderation — the server's side of moderation: the profanity list (`obscenity`, a
// kept library with its English data set and the transformers that see through l33t and spacing),
// the personal-data patterns of packages/shared, and the class's settings; then, when the server has
// one and nothing built in flagged the text, the OpenAI-compatible `/moderations` endpoint.
//
// An endpoint that does not answer does not let a text through: `ModerationUnavailableError` leaves
// the job to be tried again (its lease runs out), and after AI_JOB_MAX_ATTEMPTS it ends as failed,
// the student told the agent could not answer. Nothing unchecked reaches the model or the channel.
import { eq } from 'drizzle-orm';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import {
  findPersonalData,
  moderationSettings,
  moderationVerdict,
  profanityText,
  type ModerationSettings,
  type ModerationVerdict,
} from '@seminar/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { classes, users } from '../db/schema';

type Endpoint = NonNullable<Config['ai']['moderation']>;

/** How long the endpoint may take to answer before the check counts as failed. */
const ENDPOINT_TIMEOUT_MS = 10_000;

// Built once per process: the data set's patterns compiled with their transformers.
const profanity = new RegExpMatcher({
  ...englishDataset.build(),
  ...englishRecommendedTransformers,
});

/** Whether the text holds a word of the profanity list (mentions and agents' names left out). */
export function isProfane(text: string, names: readonly string[]): boolean {
  return profanity.hasMatch(profanityText(text, names));
}

/** The moderation endpoint did not give a verdict: the text is not let through. */
export class ModerationUnavailableError extends Error {
  readonly reason: string;

  constructor(reason: string, cause?: unknown) {
    super(`The moderation service did not answer: ${reason}`, { cause });
    this.name = 'ModerationUnavailableError';
    this.reason = reason;
  }
}

/** The categories the endpoint flagged the text for ([] when it did not flag it). */
export async function externalCategories(endpoint: Endpoint, text: string): Promise<string[]> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl}/moderations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({ input: text }),
      signal: AbortSignal.timeout(ENDPOINT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ModerationUnavailableError(
      error instanceof Error ? error.message : String(error),
      error,
    );
  }
  if (!response.ok) throw new ModerationUnavailableError(`HTTP ${response.status}`);
  let result: { flagged?: unknown; categories?: unknown } | undefined;
  try {
    const body = (await response.json()) as { results?: Array<typeof result> };
    result = body.results?.[0];
  } catch (error) {
    throw new ModerationUnavailableError('an answer that is not JSON', error);
  }
  if (!result || typeof result.flagged !== 'boolean')
    throw new ModerationUnavailableError('an answer without a verdict');
  if (!result.flagged) return [];
  const categories =
    result.categories && typeof result.categories === 'object'
      ? Object.entries(result.categories as Record<string, unknown>)
          .filter(([, on]) => on === true)
          .map(([name]) => name.slice(0, 60))
      : [];
  return categories.length > 0 ? categories : ['flagged'];
}

/** What a check needs besides the text. */
export interface ModerationContext {
  settings: ModerationSettings;
  /** Addresses of the writer (theirs to give); none for an agent's answer. */
  ownEmails: readonly string[];
  /** The agents' names, which the profanity list does not read. */
  names: readonly string[];
  endpoint: Endpoint | null;
}

/**
 * The verdict on a text: the built-in checks first (no network), then the endpoint only when they
 * found nothing and the class has it on.
 * @throws ModerationUnavailableError when the endpoint is asked and gives no verdict.
 */
export async function moderate(
  text: string,
  context: ModerationContext,
): Promise<ModerationVerdict> {
  const { settings } = context;
  const findings = {
    profane: settings.profanity && isProfane(text, context.names),
    personalData: settings.personal_data ? findPersonalData(text, context.ownEmails) : [],
    external: null,
  };
  const builtIn = moderationVerdict(findings, settings);
  if (builtIn.flagged || !context.endpoint || !settings.external) return builtIn;
  return moderationVerdict(
    { ...findings, external: await externalCategories(context.endpoint, text) },
    settings,
  );
}

/** The built-in checks alone (a streamed answer's text so far, checked before it is shown). */
export function moderateBuiltIn(
  text: string,
  settings: ModerationSettings,
  names: readonly string[],
): ModerationVerdict {
  return moderationVerdict(
    {
      profane: settings.profanity && isProfane(text, names),
      personalData: settings.personal_data ? findPersonalData(text) : [],
      external: null,
    },
    settings,
  );
}

/** A class's moderation settings (the defaults when it never chose). */
export async function classModeration(db: Db, classId: string): Promise<ModerationSettings> {
  const [row] = await db
    .select({ settings: classes.ai_moderation })
    .from(classes)
    .where(eq(classes.class_id, classId));
  return moderationSettings(row?.settings ?? null);
}

/** A person's own e-mail address (theirs to give to an agent), if they have an account. */
export async function emailsOf(db: Db, uid: string): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.id, uid));
  return rows.map((row) => row.email);
}
