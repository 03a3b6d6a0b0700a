import type { Role } from '@prisma/client';
import { can, type Permission } from './permissions';

/** `also`: other top-level paths that belong to the section (its nav item is marked current there). */
export type NavItem = { href: string; label: string; permission: Permission; key: string; also?: string[] };

/** Top-level sections; each is shown only to roles that hold its permission. */
export const NAV_ITEMS: NavItem[] = [
  { href: '/queue', label: 'Queue', permission: 'queue:work', key: 'g q' },
  { href: '/tasks', label: 'Tasks', permission: 'trajectory:read', key: 'g t' },
  { href: '/reviews', label: 'Reviews', permission: 'proposal:read', key: 'g r' },
  { href: '/runs', label: 'Runs', permission: 'reflection:read', key: 'g u' },
  { href: '/cards', label: 'Cards', permission: 'cards:read', key: 'g c' },
  { href: '/retrieval', label: 'Retrieval', permission: 'retrieval:preview', key: 'g p' },
  { href: '/releases', label: 'Releases', permission: 'cards:read', key: 'g l', also: ['/leakage'] },
  // The compare page belongs to the dashboard's section: the bar has no room for an item of its own at 1440 px.
  { href: '/dashboard', label: 'Dashboard', permission: 'dashboard:read', key: 'g d', also: ['/compare'] },
  { href: '/agreement', label: 'Agreement', permission: 'diagnosis:adjudicate', key: 'g g' },
  { href: '/search', label: 'Search', permission: 'trajectory:read', key: 'g s' },
  { href: '/imports', label: 'Imports', permission: 'import:run', key: 'g i' },
  { href: '/admin/users', label: 'Admin', permission: 'admin:users', key: 'g a' },
];

export function navFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((i) => can(role, i.permission));
}

/** Where a user lands after signing in. */
export function homeFor(role: Role): string {
  return role === 'RESEARCHER' ? '/cards' : can(role, 'queue:work') ? '/queue' : '/tasks';
}
