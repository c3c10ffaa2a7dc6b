// Docs: SPEC §7 "Event logging", docs/catalogue.md#analytics — the server's check of an analytics
// event (`analyticsEventSchema`), without zod: the web checks each event it logs before queueing it
// (one bad event would spoil its batch), and a zod-free check keeps zod's one long evaluation task
// out of the page (docs/ARCHITECTURE.md#first-load). analyticsCheck.test.ts holds it to the schema.
import { ANALYTICS_EVENT_NAMES, ROLES } from './constants';
import { isValidDocumentId } from './documentId';
import { textProblem } from './text';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text of at most `max` UTF-16 units (and at least `min`) that the database can store. */
const isText = (value: unknown, max: number, min = 0): boolean =>
  typeof value === 'string' &&
  value.length >= min &&
  value.length <= max &&
  textProblem(value) === null;

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isRole = (value: unknown): boolean => (ROLES as readonly unknown[]).includes(value);

/** The events whose payload must name a class. */
const CLASS_EVENTS: ReadonlySet<unknown> = new Set([
  'selected_class_not_available',
  'class_selected',
  'class_created',
  'message_sent',
]);

const PAYLOAD_KEYS = ['uid', 'class_id', 'class_name', 'role', 'channel_id'];

function payloadProblem(payload: unknown): string | null {
  if (!isObject(payload)) return 'payload: expected an object';
  const unknown = Object.keys(payload).find((key) => !PAYLOAD_KEYS.includes(key));
  if (unknown !== undefined) return `payload: unknown key ${unknown}`;
  if (!isValidDocumentId(payload.uid)) return 'payload.uid: not a valid id';
  for (const key of ['class_id', 'channel_id'] as const) {
    if (payload[key] !== undefined && !isValidDocumentId(payload[key]))
      return `payload.${key}: not a valid id`;
  }
  const name = payload.class_name;
  if (name !== undefined && name !== null && !isText(name, 1000))
    return 'payload.class_name: not text of at most 1000 characters';
  if (payload.role !== undefined && payload.role !== null && !isRole(payload.role))
    return 'payload.role: not a role';
  return null;
}

/**
 * Why the server would refuse `value` as one analytics event, or null when it takes it: the same
 * answer as `analyticsEventSchema.safeParse(value).success` (the words differ).
 */
export function analyticsEventProblem(value: unknown): string | null {
  if (!isObject(value)) return 'expected an object';
  if (!(ANALYTICS_EVENT_NAMES as readonly unknown[]).includes(value.event)) return 'event: unknown';
  const payload = payloadProblem(value.payload);
  if (payload !== null) return payload;
  const texts: Array<[string, number, number]> = [
    ['event_variant', 50, 1],
    ['database_name', 200, 0],
    ['version', 50, 1],
    ['user_agent', 1000, 0],
    ['timezone', 100, 0],
  ];
  for (const [key, max, min] of texts) {
    if (!isText(value[key], max, min)) return `${key}: not text of ${min}–${max} characters`;
  }
  if (!isWhole(value.timestamp) || value.timestamp < 0) return 'timestamp: not epoch milliseconds';
  const { languages } = value;
  if (!Array.isArray(languages) || languages.length > 50 || !languages.every((l) => isText(l, 50)))
    return 'languages: not a list of at most 50 short texts';
  const memory = value.device_memory;
  if (memory !== undefined && memory !== null && !(isFiniteNumber(memory) && memory >= 0))
    return 'device_memory: not a number ≥ 0';
  const cores = value.hardware_concurrency;
  if (cores !== undefined && cores !== null && !(isWhole(cores) && cores >= 0))
    return 'hardware_concurrency: not a whole number ≥ 0';
  for (const key of ['screen_width', 'screen_height'] as const) {
    const size = value[key];
    if (!isWhole(size) || size < 0) return `${key}: not a whole number ≥ 0`;
  }
  if (!isFiniteNumber(value.pixel_ratio) || value.pixel_ratio <= 0)
    return 'pixel_ratio: not a number > 0';
  if (CLASS_EVENTS.has(value.event) && (value.payload as Loose).class_id === undefined)
    return 'This event needs payload.class_id';
  return null;
}
