import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ImportErrorKind, ImportSource, ImportStatus } from '@prisma/client';
import { z } from 'zod';
import { FORMAT_LABELS, FORMATS } from '@/lib/import/adapters/types';
import { IMPORT_FIELDS } from '@/lib/import/import-fields';
import { importReportQuerySchema, type ImportJobSummary, type ImportReport } from '@/lib/import/import-jobs';
import { pageQuerySchema } from '@/lib/http/pagination';
import { errors, errorSchema, json, named, pageOfSchema, sameShape } from './shared';

/**
 * The import API (docs/importing.md "Ways in": an authenticated HTTP API next to
 * the upload page and the CLI) in the OpenAPI document, so an import script can be
 * generated from it like an agent runtime's client. The report's shape is
 * checked against lib/import's types below: a field added there and not here
 * fails the typecheck.
 */
const importJobSummarySchema = z.object({
  id: z.string(),
  status: z
    .enum(ImportStatus)
    .describe(
      'INTERRUPTED: the importing process died; the records written are kept and importing the file again finishes it',
    ),
  format: z.string().nullable(),
  source: z.enum(ImportSource),
  fileName: z.string(),
  createdBy: z.string().nullable().describe("The importer's e-mail"),
  recordsTotal: z.number().int(),
  importedCount: z.number().int(),
  presentCount: z.number().int().describe('Records already imported before, unchanged (an import is idempotent)'),
  conflictCount: z
    .number()
    .int()
    .describe('Records whose id is known with different content: nothing of them was written'),
  failedCount: z.number().int(),
  error: z.string().nullable().describe('Why the file as a whole failed, if it did'),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});

const importErrorSchema = z.object({
  kind: z.enum(ImportErrorKind).describe('WARNING: imported anyway (or a note about the file)'),
  file: z.string(),
  line: z.number().int().nullable().describe('1-based line (JSONL)'),
  recordIndex: z.number().int().nullable().describe('0-based record index (JSON arrays)'),
  path: z.string().nullable().describe('The field, e.g. trajectory.events[3].role'),
  reason: z.string(),
});

const importReportSchema = importJobSummarySchema.extend({
  errors: z
    .array(importErrorSchema)
    .describe('Problems errorsOffset + 1 … errorsOffset + errorsShown of errorCount, in file order'),
  errorCount: z.number().int(),
  warningCount: z.number().int(),
  errorsShown: z.number().int(),
  errorsOffset: z.number().int(),
  errorsPage: z.number().int(),
  errorsPageCount: z.number().int().describe('Pages of 500 problems (at least 1)'),
  tasks: z
    .array(z.object({ id: z.string(), benchmark: z.string(), externalId: z.string() }))
    .describe('The first 20 tasks this import wrote a trajectory of'),
  taskCount: z.number().int(),
  failedWithoutFailedCheckpoint: z
    .number()
    .int()
    .describe(
      'Failed runs this import wrote that have no failed checkpoint result: the queue lists failed checkpoints, so these are not in it',
    ),
  notStarted: z
    .number()
    .int()
    .describe(
      'Runs this import wrote that never started (no checkpoints, 0 of 0 points): counted apart, not queued, not in the pass rates',
    ),
  models: z
    .array(
      z.object({ model: z.string(), agent: z.string().nullable(), runs: z.number().int(), passed: z.number().int() }),
    )
    .describe('The runs this import wrote per model and harness (agent), most first; at most 20'),
});

sameShape<z.infer<typeof importJobSummarySchema>, ImportJobSummary>(true);
sameShape<z.infer<typeof importReportSchema>, ImportReport>(true);

const formatField = z
  .enum(FORMATS)
  .optional()
  .describe(`Detected from the file when left out: ${FORMATS.map((f) => `${f} = ${FORMAT_LABELS[f]}`).join('; ')}`);
const uploadFields = {
  format: formatField,
  model: z
    .string()
    .optional()
    .describe('The model, for files that do not name it (τ-bench v1, bare τ²-bench simulation lists)'),
  domain: z.string().optional().describe('The domain, for files that do not name it'),
  agent: z
    .string()
    .optional()
    .describe('The agent, for TheAgentCompany folders whose name does not say it (`<date>_<agent>-<model>`)'),
};

// Every field the import reads (and refuses any other: lib/import/import-fields.ts) is described.
const importQuery = {
  fileName: z
    .string()
    .optional()
    .describe("The raw body's file name (also the `x-file-name` header); default upload.jsonl"),
  ...uploadFields,
} satisfies Record<(typeof IMPORT_FIELDS)[number], z.ZodType>;

export function registerImportPaths(r: OpenAPIRegistry): void {
  const ImportReport = named(r, 'ImportReport', importReportSchema);
  const ImportJob = named(r, 'ImportJob', importJobSummarySchema);
  r.registerPath({
    method: 'post',
    path: '/api/imports',
    summary: 'Import trajectory files (researcher, admin)',
    description:
      'Either one file as the raw request body (streamed to disk; name it with `fileName`) or multipart form data with one or more files and the same fields. Valid records are imported and each bad one is reported with where and why; a record already imported is counted as present. See docs/trajectory-format.md.',
    request: {
      query: z.object(importQuery),
      body: {
        content: {
          'application/octet-stream': {
            schema: z
              .string()
              .describe(
                'The file (native JSONL, τ²-bench results JSON, τ-bench trajectories JSON, OpenHands events), a .gz of one, or a .zip / .tar.gz of a TheAgentCompany folder (unpacked within limits: docs/import-archives.md)',
              ),
          },
          'multipart/form-data': {
            schema: z.object({
              file: z.array(z.string().describe('binary')).describe('One or more files'),
              ...uploadFields,
            }),
          },
        },
      },
    },
    responses: {
      200: json(
        z.object({ reports: z.array(ImportReport) }),
        'One report per file, including a file that failed as a whole (status FAILED, `error` says why)',
      ),
      413: json(errorSchema, 'The body is over IMPORT_MAX_UPLOAD_MB (the message names the limit)'),
      ...errors,
    },
  });
  r.registerPath({
    method: 'get',
    path: '/api/imports',
    summary: 'Past imports, newest first (researcher, admin)',
    request: { query: pageQuerySchema },
    responses: { 200: json(pageOfSchema(ImportJob), 'One page of imports'), ...errors },
  });
  r.registerPath({
    method: 'get',
    path: '/api/imports/{id}',
    summary: "One import's report with a page of its problems (researcher, admin)",
    request: { params: z.object({ id: z.string() }), query: importReportQuerySchema },
    responses: { 200: json(ImportReport, 'The report'), 404: json(errorSchema, 'Unknown import'), ...errors },
  });
}
