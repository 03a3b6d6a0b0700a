import { apiRoute, readJson } from '@/lib/http/route';
import { rejectProposal } from '@/lib/review/reject-proposal';

/** { reason } (required). */
export const POST = apiRoute<{ proposalId: string }>('proposal:review', async ({ req, actor, params }) =>
  rejectProposal(actor, params.proposalId, await readJson(req)),
);
