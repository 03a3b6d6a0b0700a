import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { CSV_COLUMNS } from '@/lib/diagnosis/export-diagnoses';
import { diagnosisExportQuerySchema } from '@/lib/diagnosis/export-scope';
import { errors, errorSchema, json } from './shared';

/** The diagnoses dataset export (issue 43 item 6) in the OpenAPI document; fields in docs/export-diagnoses.md. */
export function registerDiagnosisExportPaths(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'get',
    path: '/api/diagnoses/export',
    summary: 'Export submitted diagnoses as a dataset (reviewer, researcher, admin)',
    description:
      'Streamed, one diagnosis per JSONL line or CSV row, in diagnosis id order: task, trajectory, checkpoint (or the run), anchored events and their text, category, the two texts, a pseudonymous annotator, agreement and adjudication state, the card versions it fed. `format=count` answers how many diagnoses the scope holds. See docs/export-diagnoses.md.',
    request: { query: diagnosisExportQuerySchema },
    responses: {
      200: {
        description: 'The file (Content-Disposition: attachment), or `{ count }` for format=count',
        content: {
          'application/x-ndjson': { schema: z.string().describe('One JSON object per line') },
          'text/csv': { schema: z.string().describe(`Columns: ${CSV_COLUMNS.join(', ')}`) },
          'application/json': { schema: z.object({ count: z.number().int() }) },
        },
      },
      ...errors,
      403: json(errorSchema, 'The role cannot read all diagnoses, or annotators=named by a non-admin'),
    },
  });
}
