import { SearchForm } from '@/components/search/search-form';
import { SearchResults } from '@/components/search/search-results';
import { listPage } from '@/components/shell/list-page';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { searchFilterOptions } from '@/lib/search/search-options';
import { searchQuerySchema } from '@/lib/search/search-query';
import { searchTranscripts } from '@/lib/search/search-transcripts';

export const metadata = { title: 'Search' };

export default listPage({
  permission: 'trajectory:read',
  schema: searchQuerySchema,
  load: async (actor, { raw, query }) => {
    const asked = Boolean(query.q || query.tool);
    const [options, result] = await Promise.all([
      searchFilterOptions(actor),
      asked ? searchTranscripts(actor, raw).catch((err: unknown) => err as Error) : null,
    ]);
    return { options, asked, result };
  },
  path: '/search',
  title: 'Search transcripts',
  description: (
    <>
      Messages, tool names and arguments, observations and final answers of every imported trajectory. Words,{' '}
      <code>&quot;a phrase&quot;</code>, <code>-exclude</code>, <code>or</code>.
    </>
  ),
  render: ({ options, asked, result }, { raw, query }) => (
    <>
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
  ),
});
