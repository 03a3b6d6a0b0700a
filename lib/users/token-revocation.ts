import type { Role } from '@prisma/client';

/** An API token as the users page and a role change's result name it (never its secret or prefix). */
export type TokenRef = { id: string; name: string; role: Role };

/**
 * Whether a token keeps working once its owner has `ownerRole`. A non-admin's token has exactly its owner's
 * role (createApiToken refuses any other), so its scopes must not outlive the role that granted them: a role
 * change revokes the owner's tokens of any other role. An admin may hold tokens of any role. The token lookup
 * applies the same rule to every request (lib/users/sessions.ts), so a change made around updateUser is safe too.
 *
 * Shared by the server (which revokes) and the users page (which says beforehand how many it will revoke).
 */
export function tokensRevokedByRole<T extends { role: Role }>(tokens: T[], ownerRole: Role): T[] {
  return ownerRole === 'ADMIN' ? [] : tokens.filter((t) => t.role !== ownerRole);
}

/** "2 API tokens (ci bot, nightly)" — what a role change revoked or will revoke. */
export function describeTokens(tokens: { name: string }[]): string {
  const noun = tokens.length === 1 ? 'API token' : 'API tokens';
  return `${tokens.length} ${noun} (${tokens.map((t) => `“${t.name}”`).join(', ')})`;
}
