import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ReleaseDetailView } from '@/components/releases/release-detail';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { orNotFound } from '@/lib/pages/or-not-found';
import { parsePageQuery } from '@/lib/pages/parse-page-query';
import { listReleaseCards, releaseCardsQuerySchema } from '@/lib/releases/list-release-cards';
import { getReleaseManifest, listReleases, releaseToCompareWith } from '@/lib/releases/read-release';
import { plural } from '@/lib/text/plural';
import type { DetailPageProps } from '@/lib/pages/page-props';

export default async function Page({ params, searchParams }: DetailPageProps<{ name: string }>) {
  const actor = await requirePageActor('cards:read');
  const name = decodeURIComponent((await params).name);
  const path = `/releases/${encodeURIComponent(name)}`;
  const parsed = await parsePageQuery(releaseCardsQuerySchema, searchParams);
  if (!parsed.ok) return <InvalidLinkNotice path={path} raw={parsed.raw} problems={parsed.problems} />;
  // Only "no such release" is a 404 (./not-found.tsx); any other failure reaches the error boundary.
  const [release, cards, all] = await Promise.all([
    orNotFound(getReleaseManifest(actor, name)),
    orNotFound(listReleaseCards(actor, name, parsed.raw)),
    listReleases(actor),
  ]);
  if (!release || !cards) notFound();
  return (
    <>
      <PageHeader
        title={`Release ${release.name}`}
        description={
          <>
            {release.note} · frozen {release.createdAt.slice(0, 16).replace('T', ' ')} UTC
            {release.createdBy ? ` by ${release.createdBy}` : ''} · {plural(release.cards, 'card')} ·{' '}
            <Link className="text-indigo-700 underline" href="/releases">
              all releases
            </Link>
          </>
        }
      />
      <ReleaseDetailView
        release={release}
        others={all.filter((r) => r.name !== release.name).map((r) => r.name)}
        compareWith={releaseToCompareWith(all, release.name)}
        canExport={can(actor.role, 'bank:export')}
        canMeasure={can(actor.role, 'retrieval:preview')}
        cards={cards}
        cardsQuery={new URLSearchParams(parsed.raw).toString()}
      />
    </>
  );
}
