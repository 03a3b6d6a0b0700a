import { z } from 'zod';
import type { Actor } from '@/lib/auth/permissions';
import { compareArms } from './compare-arms';
import { formatReport, REPORT_FORMATS } from './format-report';

const formatSchema = z.object({ format: z.enum(REPORT_FORMATS).optional() });

/** The comparison as a file (`?format=json|md|csv`), named for its two arms. */
export async function exportComparison(
  actor: Actor,
  input: Record<string, unknown>,
): Promise<{ body: string; contentType: string; fileName: string }> {
  const { format = 'json' } = formatSchema.parse({ format: input.format || undefined });
  const { format: _ignored, ...query } = input;
  const report = await compareArms(actor, query);
  const file = formatReport(report, format);
  // File names keep letters, digits, dots and dashes only: arm text is whatever the user typed.
  const safe = (s: string) => s.replace(/[^A-Za-z0-9.-]+/g, '_').slice(0, 60);
  return {
    body: file.body,
    contentType: file.contentType,
    fileName: `compare-${safe(report.arms.b.text)}-vs-${safe(report.arms.a.text)}.${file.extension}`,
  };
}
