// Rows as the server sends them, for tests of the classes, people, activities and chat screens.
import {
  DEFAULT_AGENT_LIMITS,
  NO_PHASES,
  type Activity,
  type ChannelView,
  type Class,
  type Message,
  type RosterEntry,
} from '@seminar/shared';
import { UNSENT_SEQ } from '../data/messages';

export function makeClass(overrides: Partial<Class> = {}): Class {
  return {
    class_id: 'class_1',
    name: 'Physics 101',
    is_public: false,
    is_demo: false,
    enabled: true,
    deleted: false,
    course_code: 'PHYS 101',
    course_term: 'Spring 2026',
    course_name: 'Mechanics',
    course_description: '',
    course_disciplines: [],
    course_categories: [],
    start_date: null,
    end_date: null,
    pending_enabled: false,
    pending_deleted: false,
    archived_at: null,
    created_at: 1_700_000_000_000,
    created_by: 'u1',
    updated_at: null,
    updated_by: null,
    updated_by_name: null,
    my_role: 'instructor',
    version: 5,
    ...overrides,
  };
}

export function makeMember(
  uid: string,
  role: RosterEntry['role'],
  overrides: Partial<RosterEntry> = {},
): RosterEntry {
  return {
    id: `${role}:${uid}`,
    class_id: 'class_1',
    uid,
    role,
    name: `${uid.toUpperCase()}, Person`,
    email: `${uid}@example.edu`,
    enabled: true,
    deleted: false,
    pending_deleted: false,
    invited: false,
    updated_at: null,
    updated_by: null,
    updated_by_name: null,
    version: 1,
    ...overrides,
  };
}

export function makeInvitation(email: string, role: RosterEntry['role']): RosterEntry {
  return {
    id: `invite:${role}:${email}`,
    class_id: 'class_1',
    uid: null,
    role,
    name: '',
    email,
    enabled: true,
    deleted: false,
    pending_deleted: false,
    invited: true,
    updated_at: null,
    updated_by: null,
    updated_by_name: null,
    version: 1,
  };
}

export function makeActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    ...NO_PHASES,
    activity_id: 'activity_1',
    class_id: 'class_1',
    title: 'Pricing case',
    description: '',
    activity_qualified_name: '',
    brief: '',
    brief_attachments: [],
    anonymous: false,
    product_id: null,
    channel_id: null,
    ai_agent_modes: {},
    ai_budget_answers: null,
    ai_budget_tokens: null,
    ai_limits: DEFAULT_AGENT_LIMITS,
    ai_tutor: null,
    start_date: null,
    due_date: null,
    enabled: true,
    deleted: false,
    pending_deleted: false,
    updated_at: null,
    updated_by: null,
    updated_by_name: null,
    version: 1,
    ...overrides,
  };
}

export function makeChannel(overrides: Partial<ChannelView> = {}): ChannelView {
  return {
    channel_id: 'channel_1',
    class_id: 'class_1',
    name: 'general',
    is_public: true,
    enabled: true,
    deleted: false,
    channel_group: [],
    updated_at: null,
    updated_by: null,
    updated_by_name: null,
    last_seq: 0,
    last_read_seq: 0,
    is_own: false,
    mention_count: 0,
    hidden_count: 0,
    notify: 'all',
    version: 1,
    ...overrides,
  };
}

/** A message not yet numbered by the server (seq UNSENT_SEQ) unless `overrides` says otherwise. */
export function makeMessage(id: string, overrides: Partial<Message> = {}): Message {
  return {
    id,
    class_id: 'c1',
    channel_id: 'general',
    seq: UNSENT_SEQ,
    author_uid: 'u1',
    author_name: 'Ada Lovelace',
    body: `text of ${id}`,
    created_at: 1_000,
    edited_at: null,
    deleted: false,
    reactions: [],
    attachments: [],
    ai: null,
    version: 0,
    ...overrides,
  };
}
