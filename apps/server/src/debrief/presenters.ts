// Docs: docs/debrief.md — rows to the debrief's wire shapes, per viewer: names through
// debriefAuthorLabel, e-mails only to staff.
import type { GradingRow, ParticipationRow, Role, UnansweredQuestion } from '@seminar/shared';
import type { debriefGrades, debriefRubrics } from '../db/schema';
import type { FigureRow } from './figures';
import { debriefAuthorLabel, seesEveryone } from './policies';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function presentParticipation(
  row: FigureRow,
  viewer: { uid: string; role: Role },
): ParticipationRow {
  return {
    uid: row.uid,
    name: debriefAuthorLabel({ uid: row.uid, name: row.name }, viewer),
    email: seesEveryone(viewer.role) ? row.email : '',
    messages: Number(row.messages),
    words: Number(row.words),
    replies: Number(row.replies),
    mentions_received: Number(row.mentions_received),
    reactions_received: Number(row.reactions_received),
    poll_votes: Number(row.poll_votes),
    agent_questions: Number(row.agent_questions),
    phases: row.phases,
    first_post: iso(row.first_post),
    last_post: iso(row.last_post),
  };
}

export function presentQuestion(
  row: {
    id: string;
    channel_id: string;
    seq: number;
    author_uid: string;
    author_name: string;
    body: string;
    created_at: Date | string;
  },
  viewer: { uid: string; role: Role },
): UnansweredQuestion {
  return {
    id: row.id,
    channel_id: row.channel_id,
    seq: Number(row.seq),
    author_uid: row.author_uid,
    author_name: debriefAuthorLabel({ uid: row.author_uid, name: row.author_name }, viewer),
    body: row.body,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function presentRubric(row: typeof debriefRubrics.$inferSelect): GradingRow {
  return {
    kind: 'rubric',
    id: 'rubric',
    rubric: { scale: row.scale, criteria: row.criteria },
    updated_at: row.updated_at.toISOString(),
    updated_by_name: row.updated_by_name,
    version: row.version,
  };
}

export function presentGrade(row: typeof debriefGrades.$inferSelect): GradingRow {
  return {
    kind: 'grade',
    id: row.uid,
    marks: row.marks,
    comment: row.comment,
    updated_at: row.updated_at.toISOString(),
    updated_by_name: row.updated_by_name,
    version: row.version,
  };
}
