import Link from 'next/link';
import { plural, type Noun } from '@/lib/text/plural';

/** Pages of a URL-driven list: "N items · page x of y" with Previous/Next links that keep the other query parameters. */
export function LinkPager({ label, noun, total, page, pageCount, path, params }: { label: string; noun: Noun; total: number; page: number; pageCount: number; path: string; params: Record<string, string> }) {
  const href = (p: number) => `${path}?${new URLSearchParams({ ...params, page: String(p) }).toString()}`;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between text-sm text-slate-600">
      <span>{plural(total, noun)} · page {page} of {pageCount}</span>
      <span className="flex gap-3">
        {page > 1 ? <Link href={href(page - 1)} className="underline">Previous</Link> : null}
        {page < pageCount ? <Link href={href(page + 1)} className="underline">Next</Link> : null}
      </span>
    </nav>
  );
}
