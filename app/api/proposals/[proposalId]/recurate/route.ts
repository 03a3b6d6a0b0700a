import { apiRoute } from '@/lib/http/route';
import { recurateProposal } from '@/lib/review/recurate-proposal';

/** Queues a curator re-run of a stale proposal's delta against the current card(s) → { run }. */
export const POST = apiRoute<{ proposalId: string }>('proposal:review', async ({ actor, params }) => recurateProposal(actor, params.proposalId));
