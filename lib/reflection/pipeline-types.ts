import type { CardKind, CardOperation } from '@prisma/client';
import type { ValidationIssue } from './validate-card';

/** What a pipeline phase hands to `persistRun`, which writes it in one transaction. */
export type DeltaRecord = {
  index: number;
  content: unknown;
  valid: boolean;
  validation: ValidationIssue[];
  /** The diagnoses the delta was built from (empty when the reflector does not say). */
  diagnosisIds: string[];
};

export type ProposalRecord = {
  deltaIndex: number | null;
  cardKind: CardKind;
  ability: string | null;
  operation: CardOperation;
  targetCardId: string | null;
  /** Every touched card with its current version at curation time (stale check at review). */
  targets: { cardId: string; baseVersionId: string | null; primary: boolean }[];
  proposedCard: unknown;
  reason: string;
  valid: boolean;
  validation: ValidationIssue[];
  /** Identifies the proposal within the run's inputs ("delta:0", "function:mail.search_messages"). */
  slot: string;
};

export type PipelineResult = {
  inputHash: string;
  packet: unknown;
  rawOutput: string;
  promptVersion: string;
  promptHash: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  timings: Record<string, number>;
  deltas: DeltaRecord[];
  proposals: ProposalRecord[];
  trajectoryIds: string[];
  diagnosisIds: string[];
};

/** Progress kept when a phase fails, so the failed run still shows what it sent and got. */
export type PartialRun = Partial<
  Pick<PipelineResult, 'packet' | 'rawOutput' | 'promptVersion' | 'promptHash' | 'model' | 'timings' | 'inputHash'>
> & {
  promptTokens: number;
  completionTokens: number;
};

export class PipelineFailure extends Error {
  constructor(
    message: string,
    readonly partial: PartialRun,
  ) {
    super(message);
    this.name = 'PipelineFailure';
  }
}
