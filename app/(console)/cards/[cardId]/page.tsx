import { notFound } from 'next/navigation';
import { CardImpactPanel } from '@/components/cards/card-impact-panel';
import { CardView } from '@/components/cards/card-view';
import { CardRecordPanel } from '@/components/compare/card-record-panel';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { getCard } from '@/lib/cards/get-card';
import { renderCardRuntimeText } from '@/lib/retrieval/render';
import { readCardRecord } from '@/lib/compare/card-record';
import { orNotFound } from '@/lib/pages/or-not-found';

export const metadata = { title: 'Card' };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ cardId: string }>;
  searchParams: Promise<{ version?: string }>;
}) {
  const actor = await requirePageActor('cards:read');
  const { cardId } = await params;
  const { version } = await searchParams;
  // notFound() (not an inline message) so the answer is a 404; ./not-found.tsx says what is missing.
  const card = (await orNotFound(getCard(actor, cardId, renderCardRuntimeText))) ?? notFound();
  const record = await readCardRecord(actor, card.id);
  const n = Number(version);
  const initialVersion = Number.isInteger(n) && card.versions.some((v) => v.number === n) ? n : null;
  return (
    <CardView
      key={card.id}
      initial={card}
      initialVersion={initialVersion}
      canReview={can(actor.role, 'proposal:review')}
      impact={
        <>
          {can(actor.role, 'dashboard:read') ? <CardImpactPanel cardId={card.id} /> : null}
          <CardRecordPanel record={record} />
        </>
      }
    />
  );
}
