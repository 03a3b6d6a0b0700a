import { apiRoute } from '@/lib/http/route';
import { getProposal } from '@/lib/review/get-proposal';

/** One proposal: targets (base and current), field diffs, validation now, provenance. */
export const GET = apiRoute<{ proposalId: string }>('proposal:read', async ({ actor, params }) => ({
  proposal: await getProposal(actor, params.proposalId),
}));
