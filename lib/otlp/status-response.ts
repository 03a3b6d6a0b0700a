import { AppError } from '@/lib/errors';
import { encodeStatus } from './otlp-proto';
import type { OtlpEncoding } from './decode-request';

// google.rpc.Code values. A body or size the receiver refuses will be refused again as sent
// (INVALID_ARGUMENT); a throttled sender may retry after Retry-After (RESOURCE_EXHAUSTED).
const RPC_CODE: Record<number, number> = { 400: 3, 413: 3, 429: 8 };

/**
 * The OTLP/HTTP answer to a refused request: "the response body MUST be the appropriate serialized
 * Status message" (OTLP specification, OTLP/HTTP Failures), protobuf for a protobuf request and the JSON
 * form otherwise (also when the Content-Type named no OTLP encoding). Null for any other error: those keep
 * the console's error body (401/403 from apiRoute, 500).
 */
export function otlpStatusResponse(err: unknown, encoding: OtlpEncoding | null): Response | null {
  if (!(err instanceof AppError) || !(err.status in RPC_CODE)) return null;
  const as = encoding ?? 'json';
  const retryAfter = err.options.retryAfterSeconds;
  const body = encodeStatus({ code: RPC_CODE[err.status], message: err.message }, as);
  return new Response(body as BodyInit, {
    status: err.status,
    headers: {
      'content-type': as === 'json' ? 'application/json' : 'application/x-protobuf',
      ...(retryAfter ? { 'retry-after': String(retryAfter) } : {}),
    },
  });
}
