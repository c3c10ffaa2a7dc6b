// Docs: docs/institutions.md#the-admin-page — the sections of the site admins' page, in order.
import type { ComponentType } from 'react';
import { AdminLtiSection } from './AdminLtiSection';
import { AdminSsoSection } from './AdminSsoSection';

export const ADMIN_SECTIONS: ReadonlyArray<{ id: string; Section: ComponentType }> = [
  { id: 'sso', Section: AdminSsoSection },
  { id: 'lti', Section: AdminLtiSection },
];
