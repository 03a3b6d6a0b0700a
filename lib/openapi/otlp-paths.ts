import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { OtlpIngestRow } from '@/lib/otlp/list-ingestion';
import { reassignTraceSchema, type ReassignTraceResult } from '@/lib/otlp/reassign-trace';
import { errors, errorSchema, json, named, sameShape } from './shared';

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

// The OTLP specification's error body: google.rpc.Status (protobuf for a protobuf request, else this JSON form).
const rpcStatusSchema = z.object({
  code: z.number().int().describe('google.rpc.Code: 3 INVALID_ARGUMENT (400, 413), 8 RESOURCE_EXHAUSTED (429)'),
  message: z.string().describe('What was wrong, and where'),
  details: z.array(z.unknown()),
});
const statusBody = (description: string) => ({
  description,
  content: {
    'application/json': { schema: rpcStatusSchema },
    'application/x-protobuf': { schema: z.string().describe('google.rpc.Status, protobuf') },
  },
});

const reassignResultSchema = z.object({
  trajectoryId: z.string(),
  task: z.object({
    id: z.string(),
    benchmark: z.string(),
    externalId: z.string(),
    created: z.boolean().describe('The task did not exist and was created by this call'),
  }),
});
sameShape<z.infer<typeof reassignResultSchema>, ReassignTraceResult>(true);

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
      ...errors,
      400: statusBody('The body is not an ExportTraceServiceRequest (or not gzip, or an unknown content type)'),
      413: statusBody('The body is over 16 MiB (compressed or un-gzipped)'),
      429: statusBody('More than 600 requests a minute from this token: retry after Retry-After'),
    },
  });
  const ReassignBody = named(r, 'ReassignTrace', reassignTraceSchema);
  r.registerPath({
    method: 'post',
    path: '/api/trajectories/{trajectoryId}/reassign',
    summary: 'Move a trace that named no task under a real task (admin)',
    description:
      'For trajectories that arrived over OTLP without memory_console.task.id (task "unassigned", benchmark "otlp"). Name an existing task by `taskId`, or a task by `task: { benchmark, id }` (created when missing, with `instruction` if given). Checkpoint results move with the run. Audited. See docs/send-traces.md.',
    request: {
      params: z.object({ trajectoryId: z.string().describe('The console id of the trajectory') }),
      body: { content: { 'application/json': { schema: ReassignBody } } },
    },
    responses: {
      200: json(reassignResultSchema, 'The trajectory and the task it is now under'),
      404: json(errorSchema, 'No such trajectory or task (the message names the id)'),
      409: json(errorSchema, 'The trajectory is not under the unassigned task: nothing was changed'),
      ...errors,
    },
  });
  r.registerPath({
    method: 'get',
    path: '/api/imports/otlp',
    summary: 'What each sender has sent to the OTLP receiver (researcher, admin)',
    responses: {
      200: json(
        z.object({
          senders: z.array(IngestRow),
          unassigned: z
            .object({
              taskId: z.string().describe('The console id of the "unassigned" task (benchmark "otlp")'),
              trajectories: z.number().int().describe('Traces under it, waiting for an admin to re-assign them'),
            })
            .nullable(),
        }),
        'Senders most recently active first; where the traces that named no task are',
      ),
      ...errors,
    },
  });
}
