import { describe, expect, it } from 'vitest';
import { ApiError, retryRead, retryReadDelay, UNAVAILABLE_RETRIES } from '@/lib/http/api-client';

const unavailable = new ApiError(503, 'The database cannot be reached right now.', [], 'DATABASE_UNAVAILABLE', 5);

describe('retrying a read that failed', () => {
  it('tries a 503 again several times, after the server’s Retry-After', () => {
    for (let n = 0; n < UNAVAILABLE_RETRIES; n++) expect(retryRead(n, unavailable)).toBe(true);
    expect(retryRead(UNAVAILABLE_RETRIES, unavailable)).toBe(false);
    expect(retryReadDelay(0, unavailable)).toBe(5000);
  });

  it('tries anything else once, after a short wait', () => {
    const notFound = new ApiError(404, 'Card not found');
    expect([retryRead(0, notFound), retryRead(1, notFound)]).toEqual([true, false]);
    expect([retryRead(0, new TypeError('Failed to fetch')), retryRead(1, new TypeError('x'))]).toEqual([true, false]);
    expect(retryReadDelay(0, notFound)).toBe(1000);
  });
});
