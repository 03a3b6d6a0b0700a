import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { OtlpIngestRow } from '@/lib/otlp/list-ingestion';
import { errors, errorSchema, json, named } from './shared';

/**
 * The OTLP/HTTP trace receiver and the ingestion list in the OpenAPI document. The request body is
 * OpenTelemetry's ExportTraceServiceRequest (opentelemetry-proto), not described again here.
 */
const partialSuccessSchema = z.object({
  partialSuccess: z
    .object({
      rejectedSpans: z.number().int(),
      errorMessage: z.string().describe('Where each rejected span was in the request and why (the first few)'),
    })
    .optional()
    .describe('Present when some spans could not be used; the rest were accepted'),
});

const ingestRowSchema = z.object({
  sourceKey: z.string().describe('"token:<id>" or "user:<id>"'),
  label: z.string(),
  apiTokenId: z.string().nullable(),
  requests: z.number().int(),
  tracesReceived: z.number().int(),
  tracesBuilt: z.number().int(),
  tracesOpen: z.number().int().describe('Waiting for their root span to end (or the 10-minute quiet period)'),
  tracesFailed: z.number().int(),
  spansAccepted: z.number().int(),
  spansRejected: z.number().int(),
  recentRejections: z.array(z.object({ at: z.string(), reason: z.string() })),
  lastSeenAt: z.string(),
}) satisfies z.ZodType<OtlpIngestRow>;

export function registerOtlpPaths(r: OpenAPIRegistry): void {
  const IngestRow = named(r, 'OtlpIngestRow', ingestRowSchema);
  r.registerPath({
    method: 'post',
    path: '/v1/traces',
    summary: 'OTLP/HTTP trace receiver (researcher, admin)',
    description:
      'Point an OpenTelemetry exporter at the console (OTEL_EXPORTER_OTLP_ENDPOINT=<console>, OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token>"). Spans of one trace become one trajectory when the root span has ended. See docs/send-traces.md.',
    request: {
      body: {
        content: {
          'application/x-protobuf': { schema: z.string().describe('ExportTraceServiceRequest, protobuf') },
          'application/json': { schema: z.object({}).passthrough().describe('ExportTraceServiceRequest, OTLP/JSON') },
        },
      },
    },
    responses: {
      200: {
        description: 'Accepted, in the request’s encoding (ExportTraceServiceResponse)',
        content: {
          'application/json': { schema: partialSuccessSchema },
          'application/x-protobuf': { schema: z.string().describe('ExportTraceServiceResponse, protobuf') },
        },
      },
      413: json(errorSchema, 'The body is over 16 MiB (compressed or un-gzipped)'),
      429: json(errorSchema, 'More than 600 requests a minute from this token: retry after Retry-After'),
      ...errors,
    },
  });
  r.registerPath({
    method: 'get',
    path: '/api/imports/otlp',
    summary: 'What each sender has sent to the OTLP receiver (researcher, admin)',
    responses: { 200: json(z.object({ senders: z.array(IngestRow) }), 'Most recently active first'), ...errors },
  });
}
