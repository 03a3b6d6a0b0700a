import type { Role } from '@prisma/client';
import type { Actor } from '@/lib/auth/permissions';
import { createUser } from '@/lib/users/manage-users';
import { uid } from './factories';

/** A user created as an admin creates one (lib/users, audited), e-mail `<name>-<uid>@test.local`. */
export function createManagedUser(admin: Actor, name: string, role: Role, password = 'password1') {
  return createUser(admin, { email: `${name.toLowerCase()}-${uid()}@test.local`, name, role, password });
}
