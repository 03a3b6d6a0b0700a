import { z } from 'zod';
import { functionCardSchema, skillCardSchema } from '@/lib/cards/card-schemas';
import { releaseRecipeSchema } from './release-recipe';

/**
 * The JSON export of a release (`bank-export.v1`): its manifest and every card
 * with its version content, ids and provenance ids. Published as JSON Schema
 * at `GET /api/schemas/bank-export` (z.toJSONSchema of this schema).
 */
export const BANK_EXPORT_FORMAT = 'bank-export.v1';

export const exportProvenanceSchema = z.object({
  reviewId: z.string().nullable(),
  proposalId: z.string().nullable(),
  runId: z.string().nullable(),
  diagnosisIds: z.array(z.string()),
  trajectoryIds: z.array(z.string()),
  /** Earlier versions of the card, oldest first. */
  previousVersionIds: z.array(z.string()),
});

const exportCardBase = {
  key: z.string(),
  ability: z.string().nullable(),
  apps: z.array(z.string()),
  version: z.object({ id: z.string(), number: z.number().int().min(1), createdAt: z.string() }),
  runtimeText: z.string().describe('The exact text the renderer gives an agent for this card.'),
  provenance: exportProvenanceSchema,
};

export const exportCardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('SKILL'), ...exportCardBase, content: skillCardSchema }),
  z.object({ kind: z.literal('FUNCTION'), ...exportCardBase, content: functionCardSchema }),
]);

export const bankExportSchema = z.object({
  format: z.literal(BANK_EXPORT_FORMAT),
  manifest: z.object({
    release: z.string(),
    note: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    recipe: releaseRecipeSchema.nullable(),
    leakOverrideNote: z.string().nullable(),
    counts: z.object({ skillCards: z.number().int(), functionCards: z.number().int(), banks: z.array(z.string()) }),
  }),
  cards: z.array(exportCardSchema),
});
export type BankExport = z.infer<typeof bankExportSchema>;
export type ExportCard = z.infer<typeof exportCardSchema>;

export function bankExportJsonSchema() {
  return { $id: BANK_EXPORT_FORMAT, ...z.toJSONSchema(bankExportSchema, { io: 'input' }) };
}
