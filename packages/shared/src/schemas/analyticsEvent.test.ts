import { describe, expect, it } from 'vitest';
import { ANALYTICS_BATCH_MAX_EVENTS, APP_VERSION, EVENT_VARIANT } from '../constants';
import { analyticsBatchSchema, analyticsEventSchema } from './analyticsEvent';

const event = {
  event: 'class_selected',
  payload: { uid: 'u1', class_id: 'c1', class_name: 'Strategy', role: 'instructor' },
  event_variant: EVENT_VARIANT,
  database_name: 'seminar',
  version: APP_VERSION,
  timestamp: 1_780_000_000_000,
  user_agent: 'Mozilla/5.0',
  timezone: 'America/New_York',
  languages: ['en-US', 'en'],
  screen_width: 1920,
  screen_height: 1080,
  pixel_ratio: 2,
};

describe('analyticsEventSchema', () => {
  it('applies defaults for the values browsers may hide', () => {
    expect(analyticsEventSchema.parse(event)).toEqual({
      ...event,
      device_memory: null,
      hardware_concurrency: null,
    });
  });

  it('accepts selected_class_not_available with unknown class name and role', () => {
    const notAvailable = {
      ...event,
      event: 'selected_class_not_available',
      payload: { uid: 'u1', class_id: 'c9', class_name: null, role: null },
    };
    expect(analyticsEventSchema.safeParse(notAvailable).success).toBe(true);
  });

  it.each([
    ['event', { event: 'page_view' }],
    ['payload.class_id', { payload: { ...event.payload, class_id: 'a/b' } }],
    ['payload.role', { payload: { ...event.payload, role: 'owner' } }],
    ['timestamp', { timestamp: -1 }],
    ['user_agent', { user_agent: 'x'.repeat(1001) }],
    ['languages', { languages: 'en' }],
    ['pixel_ratio', { pixel_ratio: 0 }],
    ['hardware_concurrency', { hardware_concurrency: 2.5 }],
    ['version', { version: '' }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(
      analyticsEventSchema.safeParse({ ...event, ...overrides }).error?.issues[0]?.path.join('.'),
    ).toBe(path);
  });
});

describe('analyticsBatchSchema', () => {
  it.each([
    [0, false],
    [1, true],
    [ANALYTICS_BATCH_MAX_EVENTS, true],
    [ANALYTICS_BATCH_MAX_EVENTS + 1, false],
  ])('a batch of %i events → valid %j', (count, valid) => {
    expect(analyticsBatchSchema.safeParse(Array.from({ length: count }, () => event)).success).toBe(
      valid,
    );
  });

  it('points at the bad event', () => {
    const result = analyticsBatchSchema.safeParse([event, { ...event, event: 'nope' }]);
    expect(result.error?.issues[0]?.path).toEqual([1, 'event']);
  });
});

describe('the events beyond SPEC §7 (sign_in, class_created, message_sent)', () => {
  const context = {
    event_variant: 'instructor',
    database_name: 'seminar',
    version: '0.3.0',
    timestamp: 1_700_000_000_000,
    user_agent: 'test',
    timezone: 'America/New_York',
    languages: ['en-US'],
    screen_width: 1280,
    screen_height: 800,
    pixel_ratio: 2,
  };
  it.each([
    ['sign_in', { uid: 'u1' }, true],
    ['class_created', { uid: 'u1', class_id: 'c1', class_name: 'Physics' }, true],
    ['message_sent', { uid: 'u1', class_id: 'c1', channel_id: 'ch1' }, true],
    ['message_sent', { uid: 'u1' }, false],
    ['class_selected', { uid: 'u1' }, false],
    ['sign_in', { uid: 'u1', secret: 'x' }, false],
    ['no_such_event', { uid: 'u1' }, false],
  ])('%s with %o is accepted: %s', (event, payload, ok) => {
    expect(analyticsEventSchema.safeParse({ ...context, event, payload }).success).toBe(ok);
  });
});
