import { ReviewInbox } from '@/components/reviews/review-inbox';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { searchParamsRecord } from '@/lib/http/pagination';
import { listProposals, proposalListQuerySchema } from '@/lib/review/list-proposals';

export const metadata = { title: 'Reviews' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor('proposal:read');
  const raw = searchParamsRecord(await searchParams);
  // A hand-edited URL with a bad filter shows the unfiltered inbox rather than an error page.
  const query = proposalListQuerySchema.safeParse(raw).success && cursorQuerySchema.safeParse(raw).success ? raw : {};
  const initial = await listProposals(actor, query);
  return (
    <>
      <PageHeader title="Reviews" description="Proposed card edits wait here; nothing enters the bank until a reviewer approves it." />
      <ReviewInbox initial={initial} initialQuery={query} />
    </>
  );
}
