// Docs: SPEC §6 "Roles and permissions" — the zod schema of a role.
import { z } from 'zod';
import { ROLES } from '../constants';

/** zod schema for a role in a class: 'student', 'admin' or 'instructor'. */
export const roleSchema = z.enum(ROLES);
