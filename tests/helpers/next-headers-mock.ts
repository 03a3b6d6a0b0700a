/**
 * Route handlers read their caller through `next/headers`, which only works
 * inside a Next server. A test sets `testRequest.current` to the request it
 * hands a handler, and mocks the module with
 *
 *   vi.mock('next/headers', () => import('../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));
 */
export const testRequest: { current: Request | null } = { current: null };

export function nextHeadersFromTestRequest() {
  return {
    headers: async () => testRequest.current!.headers,
    cookies: async () => {
      const jar = new Map(
        (testRequest.current!.headers.get('cookie') ?? '')
          .split(/;\s*/)
          .filter(Boolean)
          .map((c) => c.split('=') as [string, string]),
      );
      return { get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined) };
    },
  };
}
