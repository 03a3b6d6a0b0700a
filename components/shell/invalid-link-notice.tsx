import { describeLinkProblem, firstPageHref, type LinkProblem } from '@/lib/pages/parse-page-query';
import { ConsoleNotice } from './console-notice';

/**
 * A list page opened with a query string its API would refuse (a stale cursor,
 * `?page=abc`): which parameter is wrong and why, and the way to the list's
 * first page (keeping the filters that were fine). Inside the console layout,
 * like the not-found and forbidden states.
 */
export function InvalidLinkNotice({
  path,
  raw,
  problems,
}: {
  path: string;
  raw: Record<string, string>;
  problems: LinkProblem[];
}) {
  return (
    <ConsoleNotice
      code="400"
      title="This link does not work"
      home={firstPageHref(path, raw, problems)}
      homeLabel="Go to the first page"
      testId="invalid-link"
    >
      {problems.map((p, i) => (
        <span key={i} className="block">
          {describeLinkProblem(p)}
        </span>
      ))}
    </ConsoleNotice>
  );
}
