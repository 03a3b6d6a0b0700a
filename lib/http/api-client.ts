/** Browser-side fetch for the JSON API: throws ApiError with the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { path?: string; message: string }[] = [],
    /** The server's machine-readable sub-code (AppError.reason), e.g. STALE or NOT_PENDING. */
    readonly reason?: string,
    /** When to try again (a 429 or 503: the server's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...rest.headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (res.status === 204) return undefined as T;
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const err = body?.error;
    throw new ApiError(
      res.status,
      err?.message ?? `Request failed (${res.status})`,
      err?.details ?? [],
      err?.reason,
      err?.retryAfterSeconds,
    );
  }
  return body as T;
}

/** How often a read is tried again after a 503 (the database busy or unreachable): it says when, in Retry-After. */
export const UNAVAILABLE_RETRIES = 4;

/**
 * Whether a failed read is tried again: a 503 up to UNAVAILABLE_RETRIES times, anything else
 * once, as before. A page open while PostgreSQL restarts then recovers by itself instead of
 * showing an error after one quick retry.
 */
export function retryRead(failures: number, err: unknown): boolean {
  if (err instanceof ApiError && err.status === 503) return failures < UNAVAILABLE_RETRIES;
  return failures < 1;
}

/** The wait before retrying a read: the server's Retry-After when it sent one, else a short backoff. */
export function retryReadDelay(failures: number, err: unknown): number {
  if (err instanceof ApiError && err.retryAfterSeconds) return err.retryAfterSeconds * 1000;
  return Math.min(1000 * 2 ** failures, 8000);
}
