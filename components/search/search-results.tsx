import Link from 'next/link';
import { OutcomeBadge } from '@/components/contrast/outcome-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkPager } from '@/components/ui/link-pager';
import { numberedPageHrefs } from '@/components/ui/link-pager-hrefs';
import { splitHighlight, type SearchEvent, type SearchResult } from '@/lib/search/search-query';
import { taskHref, trajectoryEventHref } from '@/lib/trajectories/event-link';
import { nounFor, plural } from '@/lib/text/plural';

function Highlighted({ text }: { text: string }) {
  // Trajectory content is untrusted: rendered as text nodes, matches as <mark>.
  return (
    <>
      {splitHighlight(text).map((p, i) =>
        p.marked ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-slate-900">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

function EventLabel({ e }: { e: SearchEvent }) {
  return (
    <span className="shrink-0 font-mono text-xs text-slate-600">
      #{e.position} {e.source.toLowerCase()} {e.type.toLowerCase().replace('_', ' ')}
      {e.tool ? <span className="text-indigo-700"> {e.tool}</span> : null}
    </span>
  );
}

function ContextLine({ e }: { e: SearchEvent | null }) {
  if (!e) return null;
  return (
    <div className="flex gap-2 truncate text-xs text-slate-500">
      <EventLabel e={e} />
      <span className="truncate">{e.headline}</span>
    </div>
  );
}

/** Matching events grouped by trajectory; each hit opens the trajectory at that event. */
export function SearchResults({ result, raw }: { result: SearchResult; raw: Record<string, string> }) {
  const pager = (
    <LinkPager
      label="Result pages"
      noun={['trajectory', 'trajectories']}
      position={{ page: result.page, pageCount: result.pageCount, total: result.matchedTrajectories }}
      shown={result.groups.length}
      hrefs={numberedPageHrefs('/search', raw, result)}
    />
  );
  if (!result.groups.length)
    return result.matchedTrajectories ? (
      pager
    ) : (
      <EmptyState title="No event matches">Try fewer words, another spelling, or remove a filter.</EmptyState>
    );
  return (
    <section aria-label="Search results">
      <p className="mb-3 text-sm text-slate-600" data-testid="search-summary">
        {result.capped && result.estimatedEvents
          ? `About ${result.estimatedEvents.toLocaleString()} matching events (estimated); the first ${result.matchedEvents.toLocaleString()} are ranked, in ${plural(result.matchedTrajectories, ['trajectory', 'trajectories'])} — narrow the search for a complete ranking`
          : `${result.matchedEvents.toLocaleString()}${result.capped ? '+' : ''} ${nounFor(result.matchedEvents, 'matching event')} in ${plural(result.matchedTrajectories, ['trajectory', 'trajectories'])}${result.capped ? ' (ranked among the first matches; narrow the search for a complete ranking)' : ''}`}{' '}
        · {result.tookMs} ms
      </p>
      <ol className="space-y-3">
        {result.groups.map((g) => (
          <li
            key={g.trajectory.id}
            className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
            data-testid="search-group"
          >
            <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
              <Link href={taskHref(g.trajectory.taskId)} className="font-medium text-slate-900 hover:underline">
                {g.trajectory.benchmark} · {g.trajectory.taskExternalId}
              </Link>
              <span className="text-slate-600">{g.trajectory.model}</span>
              <OutcomeBadge passed={g.trajectory.passed} />
              <span className="text-xs text-slate-600">{plural(g.matchCount, 'matching event')}</span>
            </div>
            <ul className="space-y-2">
              {g.hits.map((h) => (
                <li key={h.position} className="rounded-md bg-slate-50 px-2 py-1.5">
                  <ContextLine e={h.before} />
                  <Link
                    href={trajectoryEventHref(g.trajectory.id, h.position)}
                    className="flex gap-2 text-sm text-slate-800 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    data-testid="search-hit"
                  >
                    <EventLabel e={h} />
                    <span className="min-w-0 break-words">
                      <Highlighted text={h.headline} />
                    </span>
                  </Link>
                  <ContextLine e={h.after} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {result.pageCount > 1 ? pager : null}
    </section>
  );
}
