import { z } from 'zod';
import { dashboardFilterFields } from '@/lib/dashboard/filter-schema';
import { optionalFilterText } from '@/lib/http/filter-text';

// No database imports here: the page's export form builds its link from these fields.

/**
 * The diagnoses export's query (GET /api/diagnoses/export, the agreement
 * page's form, `npm run export -- diagnoses`): the format, a scope (the
 * dashboard's benchmark / ability / model filters and days, plus a task), and
 * two choices. Dates are days (UTC, inclusive) of the diagnosis's submission.
 * Strict: an unknown parameter is refused by name, not ignored.
 */
const flag = z
  .union([z.enum(['1', '0', 'true', 'false', '']), z.boolean()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;

export const diagnosisExportQuerySchema = z
  .strictObject({
    format: z.enum([...EXPORT_FORMATS, 'count']).default('jsonl'),
    benchmark: dashboardFilterFields.shape.benchmark,
    ability: dashboardFilterFields.shape.ability,
    model: dashboardFilterFields.shape.model,
    task: optionalFilterText(300).describe("The task's id as the benchmark names it (airline/16) or the console's id"),
    from: dashboardFilterFields.shape.from,
    to: dashboardFilterFields.shape.to,
    deidentify: flag.describe('1: replace names, ids, e-mails, amounts… in every text with typed placeholders'),
    annotators: z
      .enum(['pseudonymous', 'named'])
      .default('pseudonymous')
      .describe('named (admins only): the annotator’s e-mail instead of a pseudonymous id'),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from && to && to < from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The range ends (${to}) before it starts (${from}): "to" must be on or after "from"`,
      });
  });

export type DiagnosisExportQuery = z.output<typeof diagnosisExportQuerySchema>;
export type DiagnosisExportInput = z.input<typeof diagnosisExportQuerySchema>;

/** The export's URL for a scope (the page's download link, the count it shows first). */
export function diagnosisExportHref(input: Record<string, string | boolean | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input))
    if (v !== undefined && v !== '' && v !== false) q.set(k, v === true ? '1' : v);
  return `/api/diagnoses/export?${q}`;
}
