// Docs: docs/channels.md#notifications — the zod schema of a notification level.
import { z } from 'zod';
import { NOTIFY_LEVELS } from '../notifyLevels';

/** zod schema of a notification level. */
export const notifyLevelSchema = z.enum(NOTIFY_LEVELS);
