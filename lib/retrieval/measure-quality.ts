import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import type { LabelledQuery } from '@/lib/retrieval/labels-file';
import { DEFAULT_EVAL_K, evaluateRetrieval, type QualityReport } from '@/lib/retrieval/retrieval-quality';
import { resolveBank } from './resolve-bank';
import { releaseRefSchema } from './retrieve-schema';
import { loadLabelledQueries } from './retrieval-labels';

export const qualityRequestSchema = z
  .object({
    release: releaseRefSchema.optional(),
    k: z.coerce.number().int().min(1).max(10).optional(),
  })
  .strict();

export type RetrievalQuality = QualityReport & { release: string; labelledQueries: number };

/**
 * Retrieval quality of a bank (a release, or "current") against every stored
 * label, or against a labels file's entries (`npm run eval:retrieval --
 * --labels FILE`): what the release page and the preview show, and `GET
 * /api/retrieve/quality` answers.
 */
export async function measureRetrievalQuality(
  actor: Actor | null,
  input: unknown,
  fromFile?: LabelledQuery[],
): Promise<RetrievalQuality> {
  requirePermission(actor, 'retrieval:preview');
  const req = qualityRequestSchema.parse(input);
  const [bank, labels] = await Promise.all([resolveBank(req.release), fromFile ?? loadLabelledQueries()]);
  const report = evaluateRetrieval(bank.index, labels, req.k ?? DEFAULT_EVAL_K);
  return { ...report, release: bank.label, labelledQueries: labels.length };
}
