import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ReleaseDetailView } from '@/components/releases/release-detail';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { can } from '@/lib/auth/permissions';
import { orNotFound } from '@/lib/pages/or-not-found';
import { getRelease, listReleases } from '@/lib/releases/read-release';
import { plural } from '@/lib/text/plural';

export default async function Page({ params }: { params: Promise<{ name: string }> }) {
  const actor = await requirePageActor('cards:read');
  const name = decodeURIComponent((await params).name);
  // Only "no such release" is a 404 (./not-found.tsx); any other failure reaches the error boundary.
  const [release, all] = await Promise.all([orNotFound(getRelease(actor, name)), listReleases(actor)]);
  if (!release) notFound();
  return (
    <>
      <PageHeader
        title={`Release ${release.name}`}
        description={
          <>
            {release.note} · frozen {release.createdAt.slice(0, 16).replace('T', ' ')} UTC{release.createdBy ? ` by ${release.createdBy}` : ''} · {plural(release.cards, 'card')} ·{' '}
            <Link className="text-indigo-700 underline" href="/releases">
              all releases
            </Link>
          </>
        }
      />
      <ReleaseDetailView release={release} others={all.filter((r) => r.name !== release.name).map((r) => r.name)} canExport={can(actor.role, 'bank:export')} />
    </>
  );
}
