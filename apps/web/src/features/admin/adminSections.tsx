// Docs: docs/institutions.md#the-admin-page — the sections of the site admin page, in order. One
// line per section: single sign-on here, LTI platforms beside it.
import type { ComponentType } from 'react';
import { AdminSsoSection } from './AdminSsoSection';

export const ADMIN_SECTIONS: ReadonlyArray<{ id: string; Section: ComponentType }> = [
  { id: 'sso', Section: AdminSsoSection },
];
