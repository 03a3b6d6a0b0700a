import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { SearchForm } from '@/components/search/search-form';
import { SearchResults } from '@/components/search/search-results';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { searchFilterOptions } from '@/lib/search/search-options';
import { searchQuerySchema } from '@/lib/search/search-query';
import { searchTranscripts } from '@/lib/search/search-transcripts';
import { parsePageQuery } from '@/lib/pages/parse-page-query';

export const metadata = { title: 'Search' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('trajectory:read');
  const parsed = await parsePageQuery(searchQuerySchema, searchParams);
  if (!parsed.ok) return <InvalidLinkNotice path="/search" raw={parsed.raw} problems={parsed.problems} />;
  const { raw, query } = parsed;
  const options = await searchFilterOptions(actor);
  const asked = Boolean(query.q || query.tool);
  const result = asked ? await searchTranscripts(actor, raw).catch((err: unknown) => err as Error) : null;
  return (
    <>
      <PageHeader
        title="Search transcripts"
        description={
          <>
            Messages, tool names and arguments, observations and final answers of every imported trajectory. Words,{' '}
            <code>&quot;a phrase&quot;</code>, <code>-exclude</code>, <code>or</code>.
          </>
        }
      />
      <SearchForm query={query} options={options} />
      {!asked ? (
        <EmptyState title="Search every transcript">
          Type words or a phrase, or pick a tool (App.function), then press Enter.
        </EmptyState>
      ) : result instanceof Error ? (
        <ErrorMessage error={result} />
      ) : result ? (
        <SearchResults result={result} raw={raw} />
      ) : null}
    </>
  );
}
