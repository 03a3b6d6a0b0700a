import { apiRoute, readJson } from '@/lib/http/route';
import { approveProposal, type ApproveInput } from '@/lib/review/approve-proposal';

/**
 * { editedCard?, note? } → { cardVersions, awaitingSecond? } (awaitingSecond: a first approval, nothing applied).
 * 409 NOT_PENDING / STALE, 422 when the card fails validation, 403 OWN_WORK for a second approval by its first approver.
 */
export const POST = apiRoute<{ proposalId: string }>('proposal:review', async ({ req, actor, params }) => {
  const { cardVersions, awaitingSecond } = await approveProposal(
    actor,
    params.proposalId,
    (await readJson(req)) as ApproveInput,
  );
  return { cardVersions, ...(awaitingSecond ? { awaitingSecond } : {}) };
});
