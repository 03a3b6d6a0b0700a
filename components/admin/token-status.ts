import type { ApiTokenView } from '@/lib/users/api-tokens';

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export type TokenStatus = { label: string; works: boolean };

/**
 * Whether a token still works and until when, in the words its refusal uses
 * (lib/users/current-actor.ts), so an admin can tell why a CI job got 401.
 */
export function tokenStatus(
  t: Pick<ApiTokenView, 'revokedAt' | 'expiresAt' | 'ownerActive'>,
  now = new Date(),
): TokenStatus {
  if (t.revokedAt) return { label: `revoked ${utc(t.revokedAt)}`, works: false };
  if (t.expiresAt && new Date(t.expiresAt) <= now) return { label: `expired ${utc(t.expiresAt)}`, works: false };
  if (!t.ownerActive) return { label: 'owner deactivated', works: false };
  return { label: t.expiresAt ? `expires ${utc(t.expiresAt)}` : 'no expiry', works: true };
}

/** Lifetimes the form offers (days; '' = never), as the API takes them (`expiresInDays`). */
export const TOKEN_LIFETIMES = [
  ['', 'never'],
  ['7', '7 days'],
  ['30', '30 days'],
  ['90', '90 days'],
  ['365', '1 year'],
] as const;
