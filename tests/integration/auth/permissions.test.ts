import type { Role } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, requirePermission, type Permission } from '@/lib/auth/permissions';
import { createApiToken, listApiTokens } from '@/lib/users/api-tokens';
import { createUser as createUserAsAdmin, listUsers } from '@/lib/users/manage-users';
import { AppError } from '@/lib/errors';
import { createActor } from '../../helpers/factories';

// The expected policy, written out independently of lib/auth/permissions.ts so a
// change there that widens access fails here.
const EXPECTED: Record<Role, Permission[]> = {
  ANNOTATOR: ['trajectory:read', 'queue:work', 'diagnosis:write', 'cards:read', 'retrieval:query', 'dashboard:read'],
  REVIEWER: [
    'trajectory:read',
    'queue:work',
    'diagnosis:write',
    'diagnosis:read-all',
    'diagnosis:adjudicate',
    'reflection:run',
    'reflection:read',
    'proposal:read',
    'proposal:review',
    'cards:read',
    'retrieval:preview',
    'retrieval:query',
    'retrieval:label',
    'bank:export',
    'release:freeze',
    'dashboard:read',
    'compare:read',
  ],
  RESEARCHER: [
    'trajectory:read',
    'diagnosis:read-all',
    'reflection:run',
    'reflection:read',
    'proposal:read',
    'cards:read',
    'retrieval:preview',
    'retrieval:query',
    'bank:export',
    'release:freeze',
    'dashboard:read',
    'compare:read',
    'import:run',
  ],
  ADMIN: Object.keys(PERMISSIONS) as Permission[],
};

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : 'OTHER';
  }
}

describe('permission check', () => {
  for (const role of ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'] as Role[]) {
    it(`grants ${role.toLowerCase()} exactly its permissions and refuses the rest with FORBIDDEN`, () => {
      const actor = { userId: 'u', name: 'n', email: 'e', role, via: 'session' as const };
      for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
        const expected = EXPECTED[role].includes(permission) ? null : 'FORBIDDEN';
        expect({ permission, code: codeOf(() => requirePermission(actor, permission)) }).toEqual({
          permission,
          code: expected,
        });
      }
    });
  }

  it('refuses an anonymous caller with UNAUTHENTICATED', () => {
    expect(codeOf(() => requirePermission(null, 'cards:read'))).toBe('UNAUTHENTICATED');
  });

  it('lets only admins list or create users and tokens (checked in the domain functions, not just the routes)', async () => {
    for (const role of ['ANNOTATOR', 'REVIEWER', 'RESEARCHER'] as Role[]) {
      const actor = await createActor(role);
      await expect(listUsers(actor)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(
        createUserAsAdmin(actor, { email: `x-${role}@t.local`, name: 'x', role: 'ADMIN', password: 'password1' }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(listApiTokens(actor)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(createApiToken(actor, { name: 't', role: 'ADMIN' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    const admin = await createActor('ADMIN');
    await expect(listUsers(admin)).resolves.toEqual(
      expect.arrayContaining([expect.objectContaining({ email: admin.email })]),
    );
  });
});
