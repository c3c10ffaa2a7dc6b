// Docs: docs/ai.md#limits-and-schedules — when an activity's agents answer a student: the hours (in
// the activity's time zone) and phases in which they answer, the answers a student may have per day
// and per activity, and the activity's budget. Pure and zod-free: the server decides with these
// under the activity row's lock when a job is claimed (apps/server/src/ai/admission.ts), the web
// words the settings with them.
import { budgetReached, budgetReply } from './agents';
import { countOf } from './plural';
import { PHASE_KIND_LABELS, type PhaseKind } from './phases';

/** The instructor's limits and schedule for an activity's agents (stored in `ai_limits`). */
export interface AgentLimits {
  /** Answers one student may have in a day (the time zone's day); null: no limit. */
  per_student_day: number | null;
  /** Answers one student may have in the activity in all; null: no limit. */
  per_student_activity: number | null;
  /** Agents answer only from `from` to `to` ("HH:MM", `to` after `from`); null: at any hour. */
  hours: { from: string; to: string } | null;
  /** The IANA time zone of the hours and of the day (the class's, as the instructor sets it). */
  time_zone: string;
  /** Kinds of phase during which agents do not answer students. */
  phases_off: PhaseKind[];
}

/** An activity without settings: no limits, any hour, every phase. */
export const DEFAULT_AGENT_LIMITS: AgentLimits = {
  per_student_day: null,
  per_student_activity: null,
  hours: null,
  time_zone: 'UTC',
  phases_off: [],
};

/** The highest limits an instructor may set (a bound, not a product rule). */
export const AGENT_LIMIT_MAX = 100_000;

/** An hour of the day as "HH:MM" (00:00–23:59). */
export const HOUR_MINUTE_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of "HH:MM". */
export function minutesOfDay(value: string): number {
  const [hours, minutes] = value.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** Whether an IANA time zone name is known to this runtime. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A moment's wall-clock parts in a time zone. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `instant` (epoch ms). */
export function zonedParts(instant: number, timeZone: string): ZonedParts {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}

/**
 * The instant (epoch ms) of a wall-clock time in `timeZone`. A time a clock change skips is taken
 * after the change (02:30 on a spring-forward night is 03:30).
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  minutes: number,
  timeZone: string,
): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  // The zone's offset near that time, applied twice: once to land near it, once to correct for a
  // clock change between the guess and the answer.
  const offsetAt = (instant: number) => {
    const p = zonedParts(instant, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - instant;
  };
  const guess = wall - offsetAt(wall);
  const instant = wall - offsetAt(guess);
  // Floor to the minute: zonedParts has no seconds, so offsets are whole minutes.
  return instant - (instant % 60_000);
}

/** The day after a calendar date. */
function nextDate(date: { year: number; month: number; day: number }) {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** "2026-11-27" of a calendar date. */
function isoDate(date: { year: number; month: number; day: number }): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** When the day holding `now` began in `timeZone`, and when the next begins (epoch ms). */
export function zonedDay(now: number, timeZone: string): { start: number; end: number } {
  const today = zonedParts(now, timeZone);
  return {
    start: zonedInstant(today, 0, timeZone),
    end: zonedInstant(nextDate(today), 0, timeZone),
  };
}

/** What is asked of the rules for one trigger. */
export interface AdmissionQuestion {
  /** Epoch ms (the database's clock). */
  now: number;
  /** The kind of the activity's phase in force, or null when none runs. */
  phaseKind: PhaseKind | null;
  /** When the phase in force started (epoch ms), to say the refusal once per phase. */
  phaseStartedAt: number | null;
  /** Whether the per-student limits and the schedule apply (students; staff try agents out). */
  student: boolean;
  /** Answers of this person in the activity: posted, or admitted and still being written. */
  personAnswers: number;
  /** The same, since the start of today in the limits' time zone. */
  personAnswersToday: number;
  /** Answers in the activity (everyone's), posted or in flight; tokens used by finished answers. */
  activityAnswers: number;
  activityTokens: number;
  /** The activity's budget (null: no limit). */
  budgetAnswers: number | null;
  budgetTokens: number | null;
}

/**
 * Why a trigger is refused. `key` names the refusal and its window (a day, a phase, an opening
 * hour): a person is told once per key, silent after that.
 */
export type AdmissionRefusal =
  | { reason: 'phase'; key: string; phase: PhaseKind }
  | { reason: 'hours'; key: string; reopensAt: number; from: string; to: string; timeZone: string }
  | { reason: 'day'; key: string; limit: number; reopensAt: number; timeZone: string }
  | { reason: 'activity'; key: string; limit: number }
  | { reason: 'budget'; key: string; reached: 'answers' | 'tokens'; limit: number };

/**
 * Whether a trigger gets an answer: the schedule first (phase, then hours), then the student's
 * limits (today, then the activity), then the activity's budget (everyone's answers, staff's too).
 * Answers being written count, so racing triggers cannot pass a limit. Null: answer.
 */
export function admissionRefusal(
  limits: AgentLimits,
  question: AdmissionQuestion,
): AdmissionRefusal | null {
  const { now, student } = question;
  if (student && question.phaseKind !== null && limits.phases_off.includes(question.phaseKind))
    return {
      reason: 'phase',
      key: `phase:${question.phaseStartedAt ?? 0}`,
      phase: question.phaseKind,
    };
  if (student && limits.hours) {
    const { from, to } = limits.hours;
    const wall = zonedParts(now, limits.time_zone);
    const minute = wall.hour * 60 + wall.minute;
    if (minute < minutesOfDay(from) || minute >= minutesOfDay(to)) {
      const day = minute < minutesOfDay(from) ? wall : nextDate(wall);
      return {
        reason: 'hours',
        key: `hours:${isoDate(day)}`,
        reopensAt: zonedInstant(day, minutesOfDay(from), limits.time_zone),
        from,
        to,
        timeZone: limits.time_zone,
      };
    }
  }
  if (
    student &&
    limits.per_student_day !== null &&
    question.personAnswersToday >= limits.per_student_day
  ) {
    const wall = zonedParts(now, limits.time_zone);
    return {
      reason: 'day',
      key: `day:${isoDate(wall)}`,
      limit: limits.per_student_day,
      reopensAt: zonedDay(now, limits.time_zone).end,
      timeZone: limits.time_zone,
    };
  }
  if (
    student &&
    limits.per_student_activity !== null &&
    question.personAnswers >= limits.per_student_activity
  )
    return { reason: 'activity', key: 'activity', limit: limits.per_student_activity };
  const budget = { answers: question.budgetAnswers, tokens: question.budgetTokens };
  const reached = budgetReached(
    { answers: question.activityAnswers, tokens: question.activityTokens },
    budget,
  );
  if (reached) return { reason: 'budget', key: 'budget', reached, limit: budget[reached] ?? 0 };
  return null;
}

/** "09:00 on Sat 28 Nov (Europe/Paris)": when a refused student may ask again. */
export function formatReopening(instant: number, now: number, timeZone: string): string {
  const at = zonedParts(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = `${pad(at.hour)}:${pad(at.minute)}`;
  const today = zonedParts(now, timeZone);
  const tomorrow = nextDate(today);
  const sameDay = (a: { year: number; month: number; day: number }) =>
    a.year === at.year && a.month === at.month && a.day === at.day;
  const day = sameDay(today)
    ? 'today'
    : sameDay(tomorrow)
      ? 'tomorrow'
      : new Intl.DateTimeFormat('en-GB', {
          timeZone,
          weekday: 'short',
          day: 'numeric',
          month: 'short',
        }).format(new Date(instant));
  return `${day} at ${time} (${timeZone})`;
}

/** The one reply a refused student gets, saying when they may ask again. */
export function admissionReply(agent: string, refusal: AdmissionRefusal, now: number): string {
  switch (refusal.reason) {
    case 'phase':
      return `${agent} does not answer during the "${PHASE_KIND_LABELS[refusal.phase]}" phase. Ask again when your instructor moves the activity to the next phase.`;
    case 'hours':
      return `${agent} answers from ${refusal.from} to ${refusal.to} (${refusal.timeZone}). Ask again ${formatReopening(refusal.reopensAt, now, refusal.timeZone)}.`;
    case 'day':
      return `You have had the ${answersWord(refusal.limit)} ${agent} gives each student per day. Ask again ${formatReopening(refusal.reopensAt, now, refusal.timeZone)}.`;
    case 'activity':
      return `You have had the ${answersWord(refusal.limit)} ${agent} gives each student in this activity. Your instructor can raise the limit.`;
    case 'budget':
      return budgetReply(agent, refusal.reached, { answers: refusal.limit, tokens: refusal.limit });
  }
}

function answersWord(count: number): string {
  return countOf(count, { one: 'answer', other: 'answers' });
}

/** The limits in plain words, for the activity's card ("3 answers per student per day · …"). */
export function describeAgentLimits(limits: AgentLimits): string {
  const parts: string[] = [];
  if (limits.per_student_day !== null)
    parts.push(`${answersWord(limits.per_student_day)} per student per day`);
  if (limits.per_student_activity !== null)
    parts.push(`${answersWord(limits.per_student_activity)} per student in this activity`);
  if (limits.hours)
    parts.push(`answers ${limits.hours.from}–${limits.hours.to} (${limits.time_zone})`);
  if (limits.phases_off.length > 0)
    parts.push(`not during ${limits.phases_off.map((kind) => PHASE_KIND_LABELS[kind]).join(', ')}`);
  return parts.length > 0 ? parts.join(' · ') : 'No limits for students';
}
