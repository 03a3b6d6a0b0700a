import type { CardKind, CardOperation, ProposalStatus } from '@prisma/client';

/** What every view of a proposal shows about it: the inbox row and the proposal page both start from this. */
export type ProposalSummary = {
  id: string;
  operation: CardOperation;
  cardKind: CardKind;
  ability: string | null;
  status: ProposalStatus;
  valid: boolean;
};
