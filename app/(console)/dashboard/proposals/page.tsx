import Link from 'next/link';
import { DrillProposals } from '@/components/dashboard/drill-proposals';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { listDrillProposals } from '@/lib/dashboard/list-proposals';
import { searchParamsRecord } from '@/lib/http/pagination';

export const metadata = { title: 'Dashboard · proposals' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor('dashboard:read');
  const raw = searchParamsRecord(await searchParams);
  const page = await listDrillProposals(actor, raw);
  const described = ['operation', 'week', 'bank', 'rule', 'decision', 'ability', 'from', 'to'].map((k) => raw[k] && `${k} ${raw[k]}`).filter(Boolean).join(' · ');
  return (
    <>
      <PageHeader title="Proposals" description={described || 'All proposals'} actions={<Link href="/dashboard" className="text-sm text-indigo-700 underline">Back to the dashboard</Link>} />
      <DrillProposals page={page} params={raw} />
    </>
  );
}
