import { apiRoute, readJson } from '@/lib/http/route';
import { approveProposal, type ApproveInput } from '@/lib/review/approve-proposal';

/** { editedCard?, note? } → { cardVersions }. 409 NOT_PENDING / STALE, 422 when the card fails validation. */
export const POST = apiRoute<{ proposalId: string }>('proposal:review', async ({ req, actor, params }) => {
  const { cardVersions } = await approveProposal(actor, params.proposalId, (await readJson(req)) as ApproveInput);
  return { cardVersions };
});
