import { z } from 'zod';

const TEXT_MAX = 4000;

/**
 * A draft may be incomplete: autosave keeps whatever the annotator has typed so far. Strict, as every write
 * body is: a misspelt field (`comentt`) is refused by name instead of being dropped while the call succeeds.
 */
export const draftInputSchema = z.strictObject({
  checkpointResultId: z.string().min(1),
  categoryId: z.string().min(1).nullish(),
  eventStart: z.number().int().min(0).nullish(),
  eventEnd: z.number().int().min(0).nullish(),
  whatWentWrong: z.string().max(TEXT_MAX, `at most ${TEXT_MAX} characters`).default(''),
  whatShouldHaveHappened: z.string().max(TEXT_MAX, `at most ${TEXT_MAX} characters`).default(''),
  confidence: z.number().int().min(1).max(5).nullish(),
  // The version of the caller's diagnosis this write replaces: its updatedAt, or null when the caller saw none.
  // Given, a write over a version saved meanwhile elsewhere (another tab or window) is refused (409
  // CHANGED_ELSEWHERE) instead of silently replacing it; omitted (API callers), the last write wins.
  replacesUpdatedAt: z.iso.datetime({ message: 'replacesUpdatedAt must be an ISO time' }).nullable().optional(),
});
export type DraftInput = z.infer<typeof draftInputSchema>;

/** A submitted diagnosis is complete: range, category and both texts. */
export const submitInputSchema = draftInputSchema.extend({
  categoryId: z.string({ error: 'pick a failure category' }).min(1, 'pick a failure category'),
  eventStart: z.number({ error: 'select the event range where it went wrong' }).int().min(0),
  eventEnd: z.number({ error: 'select the event range where it went wrong' }).int().min(0),
  whatWentWrong: z.string().trim().min(1, 'say what went wrong').max(TEXT_MAX),
  whatShouldHaveHappened: z.string().trim().min(1, 'say what should have happened').max(TEXT_MAX),
});
export type SubmitInput = z.infer<typeof submitInputSchema>;

/**
 * PATCH /api/diagnoses/:id: the submission's fields. `checkpointResultId` may be echoed (a client sending back
 * the body it submitted) but never moves the diagnosis: another checkpoint's id is refused (editDiagnosis).
 */
export const editInputSchema = submitInputSchema.extend({ checkpointResultId: z.string().min(1).optional() });

export type DiagnosisView = {
  id: string;
  trajectoryId: string;
  checkpointResultId: string;
  author: { id: string; name: string };
  category: { id: string; key: string; label: string } | null;
  eventStart: number | null;
  eventEnd: number | null;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
  confidence: number | null;
  status: 'DRAFT' | 'SUBMITTED';
  /** EVALUATOR_ARTEFACT: not an agent failure; the reason is in whatWentWrong (mark-evaluator-artefact.ts). */
  outcome: 'AGENT_FAILURE' | 'EVALUATOR_ARTEFACT';
  submittedAt: string | null;
  updatedAt: string;
  revisionCount: number;
};
