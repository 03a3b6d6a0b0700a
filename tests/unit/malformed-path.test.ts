import { describe, expect, it } from 'vitest';
import { malformedPathResponse } from '@/lib/http/malformed-path';

describe('a request path that does not percent-decode', () => {
  it('is answered 400 in JSON for the API, naming the segment', async () => {
    for (const path of ['/api/cards/%ff', '/api/releases/%e0%a4/export', '/api/cards/50%', '/api/cards/%zz']) {
      const res = malformedPathResponse(path)!;
      expect(res.status, path).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: 'VALIDATION', details: [{ path: 'path' }] });
      expect(error.message).toMatch(/is not valid percent-encoding/);
    }
  });

  it('is answered a plain 400 for a page', async () => {
    const res = malformedPathResponse('/cards/%ff')!;
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('leaves every path that decodes alone', () => {
    for (const path of ['/api/cards/skill%3A%3Aa', '/cards/%C3%A9t%C3%A9', '/api/health', '/'])
      expect(malformedPathResponse(path), path).toBeNull();
  });
});
