import { z } from 'zod';

const TEXT_MAX = 4000;

/**
 * A draft may be incomplete: autosave keeps whatever the annotator has typed so far. Strict, as every write
 * body is: a misspelt field (`comentt`) is refused by name instead of being dropped while the call succeeds.
 */
const targetShape = {
  // Exactly one of the two (targetRefinement): a failed checkpoint result, or a failed run diagnosed as a whole.
  checkpointResultId: z.string().min(1).optional(),
  runTrajectoryId: z.string().min(1).optional(),
};

/** Names what is missing or doubled, at the field an API caller sends. */
function oneTarget(v: { checkpointResultId?: string; runTrajectoryId?: string }, ctx: z.RefinementCtx) {
  if (v.checkpointResultId && v.runTrajectoryId)
    ctx.addIssue({
      code: 'custom',
      path: ['runTrajectoryId'],
      message: 'give checkpointResultId (a failed checkpoint) or runTrajectoryId (the run as a whole), not both',
    });
  else if (!v.checkpointResultId && !v.runTrajectoryId)
    ctx.addIssue({
      code: 'custom',
      path: ['checkpointResultId'],
      message: 'checkpointResultId (a failed checkpoint) or runTrajectoryId (a run diagnosed as a whole) is required',
    });
}

const draftShape = z.strictObject({
  ...targetShape,
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
export const draftInputSchema = draftShape.superRefine(oneTarget);
export type DraftInput = z.infer<typeof draftInputSchema>;

/** A submitted diagnosis is complete: range, category and both texts. */
const submitShape = draftShape.extend({
  categoryId: z.string({ error: 'pick a failure category' }).min(1, 'pick a failure category'),
  eventStart: z.number({ error: 'select the event range where it went wrong' }).int().min(0),
  eventEnd: z.number({ error: 'select the event range where it went wrong' }).int().min(0),
  whatWentWrong: z.string().trim().min(1, 'say what went wrong').max(TEXT_MAX),
  whatShouldHaveHappened: z.string().trim().min(1, 'say what should have happened').max(TEXT_MAX),
});
export const submitInputSchema = submitShape.superRefine(oneTarget);
export type SubmitInput = z.infer<typeof submitInputSchema>;

/**
 * PATCH /api/diagnoses/:id: the submission's fields. `checkpointResultId` or `runTrajectoryId` may be echoed
 * (a client sending back the body it submitted) but never moves the diagnosis: another target is refused
 * (editDiagnosis).
 */
export const editInputSchema = submitShape;

export type DiagnosisView = {
  id: string;
  trajectoryId: string;
  /** The failed checkpoint diagnosed; null when the run is diagnosed as a whole (`runLevel`). */
  checkpointResultId: string | null;
  runLevel: boolean;
  /** The checkpoint result's id, or `run:<trajectoryId>` for the run as a whole (run-target.ts). */
  targetId: string;
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
