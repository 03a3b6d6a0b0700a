import type { Role } from '@prisma/client';
import { AppError } from '@/lib/errors';

/**
 * Every capability the server checks. Route handlers, server actions and pages
 * all go through `requirePermission`, so this table is the whole access policy.
 */
export const PERMISSIONS = {
  'trajectory:read': ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'],
  'queue:work': ['ANNOTATOR', 'REVIEWER', 'ADMIN'],
  'queue:assign': ['ADMIN'],
  'diagnosis:write': ['ANNOTATOR', 'REVIEWER', 'ADMIN'],
  'diagnosis:read-all': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'diagnosis:adjudicate': ['REVIEWER', 'ADMIN'],
  'reflection:run': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'reflection:read': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'proposal:read': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'proposal:review': ['REVIEWER', 'ADMIN'],
  'cards:read': ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'],
  'retrieval:preview': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'retrieval:query': ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'],
  'retrieval:label': ['REVIEWER', 'ADMIN'],
  'bank:export': ['RESEARCHER', 'ADMIN'],
  'release:freeze': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'dashboard:read': ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'],
  'import:run': ['RESEARCHER', 'ADMIN'],
  'taxonomy:edit': ['ADMIN'],
  'admin:users': ['ADMIN'],
  'admin:tokens': ['ADMIN'],
  'admin:settings': ['ADMIN'],
  'audit:read': ['ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const ROLES: readonly Role[] = ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'];

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** An API token as the audit log names it: never its secret. */
export type ApiTokenRef = { id: string; name: string; prefix: string };

/** The authenticated caller: a browser session or an API token acting with a role. */
export type Actor = {
  userId: string;
  name: string;
  email: string;
  role: Role;
  via: 'session' | 'token';
  /** The token the caller authenticated with (`via: 'token'`). */
  token?: ApiTokenRef;
};

export function requirePermission(actor: Actor | null, permission: Permission): Actor {
  // reason NOT_SIGNED_IN: the console's pages tell a session that ended from other 401s (a wrong password).
  if (!actor)
    throw new AppError('UNAUTHENTICATED', 'Sign in first (or send an API token)', [], { reason: 'NOT_SIGNED_IN' });
  if (!can(actor.role, permission)) {
    throw new AppError('FORBIDDEN', `Your role (${actor.role.toLowerCase()}) cannot do this: needs ${permission}`);
  }
  return actor;
}
