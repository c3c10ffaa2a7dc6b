// analyticsEventProblem must give the zod schema's answer for every event: a table of valid events
// and, for each, every field removed, replaced by values of each JSON type, and an unknown key added.
import { describe, expect, it } from 'vitest';
import { fieldPaths, withField } from './fieldVariants.testkit';
import { analyticsEventProblem } from './analyticsCheck';
import { analyticsEventSchema } from './schemas/analyticsEvent';

const context = {
  event_variant: 'instructor',
  database_name: 'Seminar',
  version: '0.3.0',
  timestamp: 1_795_000_000_000,
  user_agent: 'Mozilla/5.0',
  timezone: 'Europe/Paris',
  languages: ['en-US', 'fr'],
  device_memory: 8,
  hardware_concurrency: 4,
  screen_width: 412,
  screen_height: 823,
  pixel_ratio: 1.75,
};
const validEvents: unknown[] = [
  { event: 'sign_in', payload: { uid: 'u1' }, ...context },
  {
    event: 'class_selected',
    payload: { uid: 'u1', class_id: 'class_1', class_name: 'Physics', role: 'student' },
    ...context,
  },
  {
    event: 'message_sent',
    payload: { uid: 'u1', class_id: 'class_1', channel_id: 'channel_1' },
    ...context,
    device_memory: null,
    hardware_concurrency: null,
    languages: [],
    database_name: '',
    timezone: '',
  },
  {
    event: 'selected_class_not_available',
    payload: { uid: 'u1', class_id: 'c', class_name: null, role: null },
    ...context,
    timestamp: 0,
    pixel_ratio: 0.5,
    screen_width: 0,
  },
];

const replacements: unknown[] = [
  null,
  true,
  '',
  'x',
  'a\u0000b',
  '\uD800',
  'instructor',
  'class_1',
  'a/b',
  'x'.repeat(51),
  'x'.repeat(201),
  'x'.repeat(1001),
  0,
  -1,
  1.5,
  -0.5,
  8,
  Number.MAX_SAFE_INTEGER + 1,
  [],
  ['en'],
  [1],
  ['x'.repeat(51)],
  Array.from({ length: 51 }, () => 'en'),
  {},
  { uid: 'u2' },
];

function variants(event: unknown): unknown[] {
  const out: unknown[] = [event];
  for (const path of [...fieldPaths(event), ['payload', 'class_id'], ['payload', 'channel_id']]) {
    out.push(withField(event, path, undefined));
    for (const next of replacements) out.push(withField(event, path, next));
    out.push(withField(event, [...path.slice(0, -1), 'extra'], 1));
  }
  for (const name of ['sign_in', 'class_created', 'nope'])
    out.push(withField(event, ['event'], name));
  return out;
}

const cases = validEvents.flatMap(variants);
cases.push(null, 'event', 1, [], [validEvents[0]]);

describe('analyticsEventProblem', () => {
  it('takes every valid event', () => {
    for (const event of validEvents) expect(analyticsEventProblem(event)).toBeNull();
  });

  it(`gives the zod schema's answer for ${cases.length} events and variants`, () => {
    expect(cases.length).toBeGreaterThan(2000);
    const disagreements = cases.filter(
      (event) =>
        (analyticsEventProblem(event) === null) !== analyticsEventSchema.safeParse(event).success,
    );
    expect(disagreements).toEqual([]);
    const taken = cases.filter((event) => analyticsEventProblem(event) === null).length;
    expect(taken).toBeGreaterThan(100);
    expect(cases.length - taken).toBeGreaterThan(1000);
  });

  it('says which field is wrong', () => {
    expect(analyticsEventProblem({ ...(validEvents[0] as object), screen_width: -1 })).toMatch(
      /^screen_width/,
    );
    expect(analyticsEventProblem({ ...(validEvents[1] as object), payload: { uid: 'u1' } })).toBe(
      'This event needs payload.class_id',
    );
  });
});
