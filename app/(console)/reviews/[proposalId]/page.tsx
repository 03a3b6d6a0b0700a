import { notFound } from 'next/navigation';
import { ProposalReview } from '@/components/reviews/proposal-review';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { orNotFound } from '@/lib/pages/or-not-found';
import { getProposal } from '@/lib/review/get-proposal';

export const metadata = { title: 'Proposal' };

export default async function Page({ params }: { params: Promise<{ proposalId: string }> }) {
  const actor = await requirePageActor('proposal:read');
  const { proposalId } = await params;
  // notFound() (not an inline message) so the answer is a 404; ./not-found.tsx says what is missing.
  const proposal = (await orNotFound(getProposal(actor, proposalId))) ?? notFound();
  return <ProposalReview key={proposal.id} initial={proposal} canReview={can(actor.role, 'proposal:review')} />;
}
