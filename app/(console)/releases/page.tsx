import Link from 'next/link';
import { FreezeReleaseForm } from '@/components/releases/freeze-release-form';
import { ReleasesTable } from '@/components/releases/releases-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { listReleases } from '@/lib/releases/read-release';

export const metadata = { title: 'Bank releases' };

export default async function Page() {
  const actor = await requirePageActor('cards:read');
  const releases = await listReleases(actor);
  return (
    <>
      <PageHeader
        title="Bank releases"
        description="Frozen, immutable sets of card versions: what agent runtimes retrieve from and what gets exported."
        actions={
          can(actor.role, 'retrieval:preview') ? (
            <Link className="text-sm text-indigo-700 underline" href="/leakage">
              Leakage audit
            </Link>
          ) : null
        }
      />
      <div className="space-y-6">
        {can(actor.role, 'release:freeze') ? <FreezeReleaseForm /> : null}
        {releases.length ? (
          <ReleasesTable releases={releases} />
        ) : (
          <EmptyState title="No release yet">
            Freeze the current bank to give agent runtimes a version that never changes.
          </EmptyState>
        )}
      </div>
    </>
  );
}
