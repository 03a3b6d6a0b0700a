import { gunzipSync } from 'node:zlib';
import { AppError } from '@/lib/errors';
import { readLimitedBody } from '@/lib/http/read-limited-body';
import { decodeProtobufRequest } from './otlp-proto';
import { readRequest, requestShape, type ReceivedSpan, type RejectedSpan, type RequestShape } from './received-span';

/**
 * The largest OTLP request the receiver takes: 16 MiB as sent, and 16 MiB once un-gzipped. The
 * OpenTelemetry SDKs' batch processors send 512 spans per request by default, well under 1 MiB;
 * anything above is refused with 413 before it is decoded (docs/send-traces.md).
 */
export const OTLP_MAX_BODY_BYTES = 16 * 1024 * 1024;

export type OtlpEncoding = 'protobuf' | 'json';

export type DecodedRequest = {
  encoding: OtlpEncoding;
  spans: ReceivedSpan[];
  rejected: RejectedSpan[];
};

function tooLarge(what: string): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `${what}; the OTLP receiver takes requests of at most ${OTLP_MAX_BODY_BYTES.toLocaleString('en-US')} bytes (16 MiB), compressed or not: send smaller batches (OTEL_BSP_MAX_EXPORT_BATCH_SIZE)`,
    [{ path: 'body', message: `larger than ${OTLP_MAX_BODY_BYTES} bytes` }],
  );
}

/** The encoding a Content-Type names, or a 400 naming what the receiver takes. */
export function encodingOf(contentType: string | null): OtlpEncoding {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  if (type === 'application/json') return 'json';
  throw new AppError(
    'VALIDATION',
    `Content-Type "${type || '(none)'}" is not an OTLP encoding: send application/x-protobuf or application/json`,
    [{ path: 'content-type', message: 'not application/x-protobuf or application/json' }],
  );
}

/** The body's bytes, refused with 413 as soon as they pass the limit (a chunked body sends no length). */
export function readBody(body: ReadableStream<Uint8Array> | null, declared: number | null): Promise<Buffer> {
  return readLimitedBody(body, declared, OTLP_MAX_BODY_BYTES, (size) =>
    tooLarge(
      size != null ? `The request body is ${size.toLocaleString('en-US')} bytes` : 'The request body is too large',
    ),
  );
}

function undecodable(what: string, why: string): AppError {
  return new AppError('VALIDATION', `The body is not ${what}: ${why}`, [{ path: 'body', message: why }]);
}

/** Un-gzips a body (Content-Encoding: gzip) within the same limit, so a small bomb cannot inflate past it. */
export function inflate(body: Buffer, contentEncoding: string | null): Buffer {
  const coding = (contentEncoding ?? '').trim().toLowerCase();
  if (!coding || coding === 'identity') return body;
  if (coding !== 'gzip')
    throw new AppError('VALIDATION', `Content-Encoding "${coding}" is not supported: send gzip or no encoding`, [
      { path: 'content-encoding', message: 'not gzip' },
    ]);
  try {
    return gunzipSync(body, { maxOutputLength: OTLP_MAX_BODY_BYTES });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw tooLarge('The un-gzipped request body is too large');
    throw undecodable('gzip data', (err as Error).message);
  }
}

/** Decodes an ExportTraceServiceRequest (protobuf or OTLP/JSON) into checked spans; 400 when it cannot. */
export function decodeRequest(body: Buffer, encoding: OtlpEncoding): DecodedRequest {
  let raw: unknown;
  if (encoding === 'protobuf') {
    try {
      raw = decodeProtobufRequest(body);
    } catch (err) {
      throw undecodable('an OTLP protobuf ExportTraceServiceRequest', (err as Error).message);
    }
  } else {
    try {
      raw = JSON.parse(body.toString('utf8'));
    } catch (err) {
      throw undecodable('JSON', (err as Error).message);
    }
  }
  // Protobuf decoding already gave every container its type (repeated fields as arrays, messages as
  // objects): only OTLP/JSON, which may hold anything, is checked against the shape.
  if (encoding === 'protobuf') return { encoding, ...readRequest(raw as RequestShape) };
  const shaped = requestShape.safeParse(raw);
  if (!shaped.success) {
    const issue = shaped.error.issues[0];
    const at = issue.path.join('.') || '(the body)';
    throw undecodable('an OTLP/JSON ExportTraceServiceRequest', `${at}: ${issue.message}`);
  }
  return { encoding, ...readRequest(shaped.data) };
}
