import Link from 'next/link';
import { CardImpactPanel } from '@/components/cards/card-impact-panel';
import { CardView } from '@/components/cards/card-view';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { can } from '@/lib/auth/permissions';
import { getCard, type CardDetail } from '@/lib/cards/get-card';
import { AppError } from '@/lib/errors';

export const metadata = { title: 'Card' };

export default async function Page({ params, searchParams }: { params: Promise<{ cardId: string }>; searchParams: Promise<{ version?: string }> }) {
  const actor = await requirePageActor('cards:read');
  const { cardId } = await params;
  const { version } = await searchParams;
  let card: CardDetail;
  try {
    card = await getCard(actor, cardId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      return (
        <>
          <PageHeader title="Card not found" />
          <EmptyState title="There is no card with this id or key">
            <Link href="/cards" className="font-medium text-indigo-700 hover:underline">Back to the bank</Link>
          </EmptyState>
        </>
      );
    }
    throw err;
  }
  const n = Number(version);
  const initialVersion = Number.isInteger(n) && card.versions.some((v) => v.number === n) ? n : null;
  return (
    <CardView
      key={card.id}
      initial={card}
      initialVersion={initialVersion}
      canReview={can(actor.role, 'proposal:review')}
      impact={can(actor.role, 'dashboard:read') ? <CardImpactPanel cardId={card.id} /> : null}
    />
  );
}
