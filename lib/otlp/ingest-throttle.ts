import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { sharedRateLimitStore } from '@/lib/auth/login-throttle';
import { AppError } from '@/lib/errors';
import { waitText } from '@/lib/text/wait-text';

/**
 * Requests per minute one sender (API token) may make to POST /v1/traces: 600, ten a second, far above
 * a batching exporter's default (one request every 5 s per process) yet a bound on a runaway loop.
 * Shared by every replica (the counters live in PostgreSQL). Above it: 429 with Retry-After, which
 * the OTLP exporters honour by retrying later.
 */
export const OTLP_REQUESTS_PER_MINUTE = 600;

const globalForThrottle = globalThis as unknown as {
  __otlpLimiter?: { store: unknown; limiter: RateLimiterPostgres };
};

/** The limiter on the current rate-limit pool (a new one once disconnectDatabase closed the old pool). */
export function otlpLimiter(): RateLimiterPostgres {
  const store = sharedRateLimitStore();
  if (globalForThrottle.__otlpLimiter?.store !== store.storeClient) {
    globalForThrottle.__otlpLimiter = {
      store: store.storeClient,
      limiter: new RateLimiterPostgres({
        ...store,
        keyPrefix: 'otlp',
        points: OTLP_REQUESTS_PER_MINUTE,
        duration: 60,
      }),
    };
  }
  return globalForThrottle.__otlpLimiter.limiter;
}

/** Counts one request of `sourceKey`; 429 with Retry-After once the minute's allowance is spent. */
export async function consumeOtlpRequest(sourceKey: string): Promise<void> {
  try {
    await otlpLimiter().consume(sourceKey, 1);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many OTLP requests from this sender (more than ${OTLP_REQUESTS_PER_MINUTE} a minute). Try again in ${waitText(seconds)}.`,
      [],
      { retryAfterSeconds: seconds },
    );
  }
}
