import { Suspense } from 'react';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { CardBank } from '@/components/cards/card-bank';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { cardListQuerySchema, listCards } from '@/lib/cards/list-cards';
import { parsePageQuery } from '@/lib/pages/parse-page-query';

export const metadata = { title: 'Cards' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('cards:read');
  const parsed = await parsePageQuery(cardListQuerySchema, searchParams);
  if (!parsed.ok) return <InvalidLinkNotice path="/cards" raw={parsed.raw} problems={parsed.problems} />;
  const query = parsed.raw;
  const initial = await listCards(actor, query);
  return (
    <>
      <PageHeader
        title="Cards"
        description="The bank: skill cards per ability and the global function cards, with versions and provenance."
      />
      <Suspense>
        <CardBank initial={initial} initialQuery={new URLSearchParams(query).toString()} />
      </Suspense>
    </>
  );
}
