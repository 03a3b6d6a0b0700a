import Link from 'next/link';
import { ProposalReview } from '@/components/reviews/proposal-review';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { can } from '@/lib/auth/permissions';
import { AppError } from '@/lib/errors';
import { getProposal, type ProposalDetail } from '@/lib/review/get-proposal';

export const metadata = { title: 'Proposal' };

export default async function Page({ params }: { params: Promise<{ proposalId: string }> }) {
  const actor = await requirePageActor('proposal:read');
  const { proposalId } = await params;
  let proposal: ProposalDetail;
  try {
    proposal = await getProposal(actor, proposalId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      return (
        <>
          <PageHeader title="Proposal not found" />
          <EmptyState title="There is no proposal with this id">
            <Link href="/reviews" className="font-medium text-indigo-700 hover:underline">Back to the inbox</Link>
          </EmptyState>
        </>
      );
    }
    throw err;
  }
  return <ProposalReview key={proposal.id} initial={proposal} canReview={can(actor.role, 'proposal:review')} />;
}
