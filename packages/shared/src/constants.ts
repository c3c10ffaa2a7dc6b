// Docs: docs/ARCHITECTURE.md#where-code-goes-and-why — every business constant of SPEC §9 and DESIGN §2 lives here, once.

/** The product's version, sent with every analytics event (SPEC §7). */
export const APP_VERSION = '0.3.0';
/** Default product name; the server's APP_NAME overrides it. */
export const DEFAULT_APP_NAME = 'Seminar';
/** Page title template; `{name}` becomes the app name (SPEC §2). */
export const TITLE_TEMPLATE = '{name}';
/** Page description template; `{name}` becomes the app name (SPEC §2). */
export const DESCRIPTION_TEMPLATE =
  '{name} — classes, activities and live chat channels for instructors and students.';
/** Which variant of the app sends analytics events (SPEC §7). */
export const EVENT_VARIANT = 'instructor';
/** Bot name constant (SPEC §9). */
export const BOT_NAME = 'DataAnalystBot';

/** Theme (SPEC §2). */
export const THEME_PRIMARY_COLOR = '#1976d2';
export const THEME_BACKGROUND_COLOR = '#fafafa';
export const THEME_FONT_FAMILY = 'Roboto, "Helvetica Neue", Arial, sans-serif';

/** Keep-alive: HEAD /favicon.svg at once and every 180000 ms (SPEC §7). */
export const KEEP_ALIVE_PATH = '/favicon.svg';
export const KEEP_ALIVE_INTERVAL_MS = 180_000;

/** Better Auth's session read: the web app asks it first thing; a signed-in page's HTML preloads it. */
export const GET_SESSION_PATH = '/api/auth/get-session';

/** Typing and online windows (DESIGN §2); "recent" means newer than twice the window (SPEC §9). */
export const TYPING_WINDOW_MS = 5_000;
export const ONLINE_WINDOW_MS = 30_000;
/** How often recency is re-checked while any typing notice exists (SPEC §9). */
export const RECENCY_RECHECK_MS = 1_000;

/** Inactivity reload (DESIGN §2): idle threshold 8 h, checked every 60 s and when the tab shows. */
export const INACTIVITY_THRESHOLD_MS = 28_800_000;
export const INACTIVITY_CHECK_INTERVAL_MS = 60_000;

/** Messages (DESIGN §2). */
export const MESSAGE_PAGE_SIZE = 25;
export const MESSAGE_MAX_LENGTH = 8192;

/** Firestore's `in` limit in SPEC §7; kept for reference, our membership join has no such limit. */
export const CLASS_ID_CHUNK_SIZE = 30;

/** Document identifier limit (SPEC §5). */
export const DOCUMENT_ID_MAX_BYTES = 1500;

/** Record ids and timestamps use this zone (SPEC §9). */
export const APP_TIME_ZONE = 'America/New_York';

/** Password policy (DESIGN §2). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Reset code (DESIGN §2). */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** Sessions: refresh 5 minutes before expiry (SPEC §9). */
export const SESSION_REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;

/** Live connection reconnect backoff (issue: live data layer). */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;

/** Local storage keys. */
export const COLOR_MODE_STORAGE_KEY = 'seminar.colorMode';
/** The selected class is stored per user (SPEC §2). */
export const selectedClassStorageKey = (uid: string): string => `seminar.selectedClass.${uid}`;

/** Colour modes (SPEC §2). */
export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

/** Roles in a class, lowest to highest rank (SPEC §6). */
export const ROLES = ['student', 'admin', 'instructor'] as const;
export type Role = (typeof ROLES)[number];

/** Record ids (DESIGN §2): `prefix_YYYYMMDDHHmmssSSS_identifier_suffix`. */
export const RECORD_ID_PREFIX_MAX_LENGTH = 32;
/** Long identifiers are cut so a record id stays short and far below DOCUMENT_ID_MAX_BYTES. */
export const RECORD_ID_IDENTIFIER_MAX_LENGTH = 64;
/** Random base36 characters at the end of a record id: 36^6 ≈ 2.2e9 ids per identifier per ms. */
export const RECORD_ID_SUFFIX_LENGTH = 6;

/** Form limits for classes and activities (pending class and activity inputs). */
export const NAME_MAX_LENGTH = 200;
export const SHORT_TEXT_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 10_000;
/** At most this many course disciplines or categories on one class or product. */
export const TAG_LIST_MAX_ITEMS = 50;
/** At most this many e-mails in one channel group. */
export const CHANNEL_GROUP_MAX_MEMBERS = 1_000;

/** Analytics events accepted in one `POST /api/events` batch (DESIGN §2). */
export const ANALYTICS_BATCH_MAX_EVENTS = 100;
/** Analytics event names (SPEC §7). */
export const ANALYTICS_EVENT_NAMES = [
  'selected_class_not_available',
  'class_selected',
  'sign_in',
  'class_created',
  'message_sent',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** The largest POST /api/events body the server reads, in bytes. */
export const ANALYTICS_BODY_MAX_BYTES = 256 * 1024;

/** Channel notification types (SPEC §3). */
export const NOTIFICATION_TYPES = ['user_typing', 'user_online'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The most messages one `messages.range` answer holds. */
export const MESSAGE_RANGE_MAX = 500;
