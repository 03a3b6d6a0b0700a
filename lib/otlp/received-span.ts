import { z } from 'zod';

/**
 * A span as the receiver keeps it (OtlpSpan.span): ids as lowercase hex, times as decimal nanosecond
 * strings, attributes flattened to plain JSON values. Protobuf and JSON requests both end here, so
 * everything after the decoder sees one shape.
 */
export type AttributeMap = Record<string, unknown>;
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: number;
  startNs: string;
  endNs: string;
  attributes: AttributeMap;
  events: { name: string; timeNs: string; attributes: AttributeMap }[];
  /** 0 unset, 1 ok, 2 error (Status.StatusCode). */
  status: { code: number; message: string };
  resource: AttributeMap;
  scope: { name: string; version: string };
  /** Arrival order (OtlpSpan.seq), set when read back from staging: the tie-break between equal times. */
  seq?: number;
};

/** A span the receiver could not use, with where it was in the request and why. */
export type RejectedSpan = { at: string; reason: string };

// The containers of an ExportTraceServiceRequest. Unknown fields are ignored (the OTLP rule for
// receivers); a container of the wrong type makes the whole request undecodable (400).
const keyValues = z.array(z.object({ key: z.string(), value: z.unknown() }).passthrough()).optional();
export const requestShape = z
  .object({
    resourceSpans: z
      .array(
        z
          .object({
            resource: z.object({ attributes: keyValues }).passthrough().nullish(),
            scopeSpans: z
              .array(
                z
                  .object({
                    scope: z
                      .object({ name: z.string().optional(), version: z.string().optional() })
                      .passthrough()
                      .nullish(),
                    spans: z.array(z.record(z.string(), z.unknown())).optional(),
                  })
                  .passthrough(),
              )
              .optional(),
          })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();
export type RequestShape = z.infer<typeof requestShape>;

const HEX = /^[0-9a-f]*$/;

/** An id as hex: bytes from protobuf, a hex string from OTLP/JSON. Null when absent or empty. */
function idHex(value: unknown): string | null {
  if (value == null) return null;
  if (value instanceof Uint8Array) return value.length ? Buffer.from(value).toString('hex') : null;
  if (typeof value === 'string') return value.length ? value.toLowerCase() : null;
  return 'invalid';
}

function idProblem(hex: string | null, bytes: number, what: string): string | null {
  if (hex == null) return `${what} is missing`;
  if (hex.length !== bytes * 2 || !HEX.test(hex)) return `${what} must be ${bytes} bytes (${bytes * 2} hex digits)`;
  if (/^0+$/.test(hex)) return `${what} is all zeroes (invalid)`;
  return null;
}

/** A fixed64 time as a decimal string, or null when it is not a non-negative integer. */
function nanos(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value).toString();
  if (value && typeof value === 'object' && 'toString' in value) return nanos(String(value));
  return null;
}

function intValue(v: unknown): unknown {
  const text = String(v);
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

/** An AnyValue as plain JSON (nested lists and maps kept; bytes as base64). */
export function anyValue(v: unknown): unknown {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (o.stringValue != null) return String(o.stringValue);
  if (o.boolValue != null) return Boolean(o.boolValue);
  if (o.intValue != null) return intValue(o.intValue);
  if (o.doubleValue != null) return typeof o.doubleValue === 'number' ? o.doubleValue : Number(o.doubleValue);
  if (o.arrayValue != null) {
    const values = (o.arrayValue as { values?: unknown[] }).values;
    return Array.isArray(values) ? values.map(anyValue) : [];
  }
  if (o.kvlistValue != null) return attributeMap((o.kvlistValue as { values?: unknown }).values);
  if (o.bytesValue != null)
    return o.bytesValue instanceof Uint8Array ? Buffer.from(o.bytesValue).toString('base64') : String(o.bytesValue);
  return null;
}

export function attributeMap(list: unknown): AttributeMap {
  const out: AttributeMap = {};
  if (!Array.isArray(list)) return out;
  for (const kv of list) {
    if (kv && typeof kv === 'object' && typeof (kv as { key?: unknown }).key === 'string')
      out[(kv as { key: string }).key] = anyValue((kv as { value?: unknown }).value);
  }
  return out;
}

/** One span of a request, checked: the span, or why it cannot be used. */
export function readSpan(
  raw: Record<string, unknown>,
  resource: AttributeMap,
  scope: { name: string; version: string },
): { span: ReceivedSpan } | { reason: string } {
  const traceId = idHex(raw.traceId);
  const spanId = idHex(raw.spanId);
  const parent = idHex(raw.parentSpanId);
  const problem =
    idProblem(traceId, 16, 'traceId') ??
    idProblem(spanId, 8, 'spanId') ??
    (parent != null ? idProblem(parent, 8, 'parentSpanId') : null);
  if (problem) return { reason: problem };
  const startNs = nanos(raw.startTimeUnixNano);
  const endNs = nanos(raw.endTimeUnixNano);
  if (!startNs || startNs === '0') return { reason: 'startTimeUnixNano is missing' };
  if (!endNs || endNs === '0') return { reason: 'endTimeUnixNano is missing (the span has not ended)' };
  if (BigInt(endNs) < BigInt(startNs)) return { reason: `the span ends (${endNs}) before it starts (${startNs})` };
  const status = (raw.status ?? {}) as { code?: unknown; message?: unknown };
  const events = Array.isArray(raw.events) ? raw.events : [];
  return {
    span: {
      traceId: traceId!,
      spanId: spanId!,
      parentSpanId: parent,
      name: typeof raw.name === 'string' ? raw.name : '',
      kind: Number(raw.kind ?? 0) || 0,
      startNs,
      endNs,
      attributes: attributeMap(raw.attributes),
      events: events.map((e: Record<string, unknown>) => ({
        name: typeof e?.name === 'string' ? e.name : '',
        timeNs: nanos(e?.timeUnixNano) ?? startNs,
        attributes: attributeMap(e?.attributes),
      })),
      status: {
        code: Number(status.code ?? 0) || 0,
        message: typeof status.message === 'string' ? status.message : '',
      },
      resource,
      scope,
    },
  };
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: replaced by U+FFFD (as the import does in event content),
 * so a NUL in a span name or attribute is kept visibly instead of failing the whole request.
 */
function withoutNul(span: ReceivedSpan): ReceivedSpan {
  const text = JSON.stringify(span);
  return text.includes('\\u0000') ? (JSON.parse(text.replace(/\\u0000/g, '\\ufffd')) as ReceivedSpan) : span;
}

/** Every span of a decoded request, in request order: the usable ones and the rejected ones. */
export function readRequest(request: RequestShape): { spans: ReceivedSpan[]; rejected: RejectedSpan[] } {
  const spans: ReceivedSpan[] = [];
  const rejected: RejectedSpan[] = [];
  (request.resourceSpans ?? []).forEach((rs, r) => {
    const resource = attributeMap(rs.resource?.attributes);
    (rs.scopeSpans ?? []).forEach((ss, s) => {
      const scope = { name: ss.scope?.name ?? '', version: ss.scope?.version ?? '' };
      (ss.spans ?? []).forEach((raw, i) => {
        const read = readSpan(raw, resource, scope);
        if ('span' in read) spans.push(withoutNul(read.span));
        else rejected.push({ at: `resourceSpans[${r}].scopeSpans[${s}].spans[${i}]`, reason: read.reason });
      });
    });
  });
  return { spans, rejected };
}
