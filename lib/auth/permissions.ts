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
  // Reviewers read every release card through the API already; the export is the same cards as a file.
  'bank:export': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'release:freeze': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'dashboard:read': ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'],
  // Paired comparisons of two arms (lib/compare): researchers read them, reviewers see a card's record from them.
  'compare:read': ['REVIEWER', 'RESEARCHER', 'ADMIN'],
  'import:run': ['RESEARCHER', 'ADMIN'],
  // Moving a trace that named no task under a real one changes what a run counts towards: an admin's call.
  'trajectory:reassign': ['ADMIN'],
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

/**
 * Decisions that depend on who did the earlier work as well as on the role: the
 * role grants the permission, and these rules refuse it to a person who is one
 * of the parties. The message is the reason the UI shows next to the disabled action.
 */
export const OWN_WORK_RULES = {
  'diagnosis:adjudicate':
    'Your own diagnosis is one of the sides of this disagreement: another reviewer must adjudicate it',
  'proposal:second-approval':
    'You wrote or first approved this card: a second, different reviewer must approve it before it enters the bank',
} as const;

export type OwnWorkRule = keyof typeof OWN_WORK_RULES;

/** Why `actor` may not take this decision over work by `parties` (user ids), or null when they may. */
export function ownWorkConflict(actor: Pick<Actor, 'userId'>, rule: OwnWorkRule, parties: (string | null)[]) {
  return parties.includes(actor.userId) ? OWN_WORK_RULES[rule] : null;
}

export function requireNotOwnWork(actor: Actor, rule: OwnWorkRule, parties: (string | null)[]): Actor {
  const why = ownWorkConflict(actor, rule, parties);
  if (why) throw new AppError('FORBIDDEN', why, [], { reason: 'OWN_WORK' });
  return actor;
}
