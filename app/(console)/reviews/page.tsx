import { Suspense } from 'react';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { ReviewInbox } from '@/components/reviews/review-inbox';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { parsePageQuery } from '@/lib/pages/parse-page-query';
import { listProposals, proposalListQuerySchema } from '@/lib/review/list-proposals';

export const metadata = { title: 'Reviews' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('proposal:read');
  const parsed = await parsePageQuery(proposalListQuerySchema, searchParams, cursorQuerySchema);
  if (!parsed.ok) return <InvalidLinkNotice path="/reviews" raw={parsed.raw} problems={parsed.problems} />;
  // The inbox reads its filters from the URL; it is told which query string the first page answers.
  const query = parsed.raw;
  const initial = await listProposals(actor, query);
  return (
    <>
      <PageHeader
        title="Reviews"
        description="Proposed card edits wait here; nothing enters the bank until a reviewer approves it."
      />
      <Suspense>
        <ReviewInbox initial={initial} initialQuery={new URLSearchParams(query).toString()} />
      </Suspense>
    </>
  );
}
