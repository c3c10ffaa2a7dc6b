// Docs: SPEC §7 "Event logging" — the context every analytics event carries besides its payload:
// event_variant (instructor), database name, version, timestamp, user agent, time zone, languages,
// device memory, hardware concurrency, screen width and height, pixel ratio. Values are clipped to
// what `analyticsEventSchema` (and so the server) accepts; what the browser hides is null.
import {
  APP_VERSION,
  EVENT_VARIANT,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type EventPayload,
} from '@seminar/shared';
import { readAppName } from '../shell/appName';

/** Everything of an event but its name, payload and timestamp. */
export type EventContext = Omit<AnalyticsEvent, 'event' | 'payload' | 'timestamp'>;

/** The parts of the browser the context is read from (tests pass their own). */
export interface ContextSource {
  /** Undefined (or absent) where the page has no such object, as outside a browser. */
  navigator?:
    | (Partial<Pick<Navigator, 'userAgent' | 'language' | 'languages' | 'hardwareConcurrency'>> & {
        deviceMemory?: unknown;
      })
    | undefined;
  screen?: Partial<Pick<Screen, 'width' | 'height'>> | undefined;
  devicePixelRatio?: number | undefined;
  timeZone?: string;
  /** SPEC §7's "database name": the installation's app name (APP_NAME). */
  databaseName?: string | undefined;
}

function browserSource(): ContextSource {
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    // No Intl time zone support: left empty.
  }
  return {
    navigator: typeof navigator === 'undefined' ? undefined : navigator,
    screen: typeof screen === 'undefined' ? undefined : screen,
    devicePixelRatio: typeof window === 'undefined' ? undefined : window.devicePixelRatio,
    timeZone,
    databaseName: typeof document === 'undefined' ? undefined : readAppName(),
  };
}

const clip = (text: unknown, max: number): string =>
  typeof text === 'string' ? text.slice(0, max) : '';

const wholeOrZero = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/** The SPEC §7 context of an event sent now from this browser (or from `source`). */
export function eventContext(source: ContextSource = browserSource()): EventContext {
  const nav = source.navigator ?? {};
  const languages =
    Array.isArray(nav.languages) && nav.languages.length > 0
      ? nav.languages
      : nav.language
        ? [nav.language]
        : [];
  const memory = nav.deviceMemory;
  const cores = nav.hardwareConcurrency;
  const ratio = source.devicePixelRatio;
  return {
    event_variant: EVENT_VARIANT,
    database_name: clip(source.databaseName ?? 'seminar', 200),
    version: APP_VERSION,
    user_agent: clip(nav.userAgent, 1000),
    timezone: clip(source.timeZone, 100),
    languages: languages.slice(0, 50).map((language) => clip(language, 50)),
    device_memory:
      typeof memory === 'number' && Number.isFinite(memory) && memory >= 0 ? memory : null,
    hardware_concurrency:
      typeof cores === 'number' && Number.isInteger(cores) && cores >= 0 ? cores : null,
    screen_width: wholeOrZero(source.screen?.width),
    screen_height: wholeOrZero(source.screen?.height),
    pixel_ratio: typeof ratio === 'number' && Number.isFinite(ratio) && ratio > 0 ? ratio : 1,
  };
}

/** One whole event: the name and payload, when it happened (epoch ms) and the context. */
export function buildAnalyticsEvent(
  event: AnalyticsEventName,
  payload: EventPayload,
  timestamp: number,
  context: EventContext = eventContext(),
): AnalyticsEvent {
  return {
    event,
    payload: { ...payload },
    ...context,
    timestamp: Math.max(0, Math.round(timestamp)),
  };
}
