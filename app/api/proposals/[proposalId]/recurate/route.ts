import { apiRoute, readNoFields } from '@/lib/http/route';
import { recurateProposal } from '@/lib/review/recurate-proposal';

/** Queues a curator re-run of a stale proposal's delta against the current card(s) → { run }. Takes no body fields. */
export const POST = apiRoute<{ proposalId: string }>('proposal:review', async ({ req, actor, params }) => {
  await readNoFields(req);
  return recurateProposal(actor, params.proposalId);
});
