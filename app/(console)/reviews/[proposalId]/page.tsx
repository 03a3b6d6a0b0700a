import { ProposalReview } from '@/components/reviews/proposal-review';
import { NotFoundState } from '@/components/ui/not-found-state';
import { requirePageActor } from '@/lib/auth/current-actor';
import { can } from '@/lib/auth/permissions';
import { orNotFound } from '@/lib/pages/or-not-found';
import { getProposal } from '@/lib/review/get-proposal';

export const metadata = { title: 'Proposal' };

export default async function Page({ params }: { params: Promise<{ proposalId: string }> }) {
  const actor = await requirePageActor('proposal:read');
  const { proposalId } = await params;
  const proposal = await orNotFound(getProposal(actor, proposalId));
  if (!proposal) return <NotFoundState title="Proposal not found" message="There is no proposal with this id" back={{ href: '/reviews', label: 'Back to the inbox' }} />;
  return <ProposalReview key={proposal.id} initial={proposal} canReview={can(actor.role, 'proposal:review')} />;
}
