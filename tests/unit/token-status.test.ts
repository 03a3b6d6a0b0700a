import { describe, expect, it } from 'vitest';
import { tokenStatus } from '@/components/admin/token-status';

const now = new Date('2026-12-05T12:00:00Z');
const token = { revokedAt: null, expiresAt: null, ownerActive: true };

describe('what the API tokens list says about a token', () => {
  it('says until when a token works, or that it never expires', () => {
    expect(tokenStatus(token, now)).toEqual({ label: 'no expiry', works: true });
    expect(tokenStatus({ ...token, expiresAt: '2026-12-06T12:00:00.000Z' }, now)).toEqual({
      label: 'expires 2026-12-06 12:00 UTC',
      works: true,
    });
  });

  it('says a token expired, was revoked or lost its owner, in the words its 401 uses', () => {
    expect(tokenStatus({ ...token, expiresAt: '2026-12-05T11:59:00.000Z' }, now)).toEqual({
      label: 'expired 2026-12-05 11:59 UTC',
      works: false,
    });
    expect(
      tokenStatus({ ...token, revokedAt: '2026-12-03T14:05:00.000Z', expiresAt: '2026-12-01T00:00:00.000Z' }, now),
    ).toEqual({ label: 'revoked 2026-12-03 14:05 UTC', works: false });
    expect(tokenStatus({ ...token, ownerActive: false }, now)).toEqual({ label: 'owner deactivated', works: false });
  });
});
