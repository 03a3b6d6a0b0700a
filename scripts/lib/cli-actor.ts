import type { Actor } from '@/lib/auth/permissions';

/**
 * Who a read-only CLI command acts as. Whoever runs it already holds the
 * database credentials, so it reads with admin rights; it never writes (no
 * audit entry would have a real user).
 */
export const CLI_ACTOR: Actor = {
  userId: 'cli',
  name: 'command line',
  email: 'cli@localhost',
  role: 'ADMIN',
  via: 'token',
};
