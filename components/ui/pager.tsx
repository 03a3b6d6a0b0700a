import { Button } from './button';
import { plural, type Noun } from '@/lib/text/plural';

/** Previous / next with "page x of y · n things"; hidden when everything fits on one page. */
export function Pager({ page, pageCount, total, noun, onPage }: { page: number; pageCount: number; total: number; noun: Noun; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between text-sm text-slate-600">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</Button>
      <span>
        Page {page} of {pageCount} · {plural(total, noun)}
      </span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>Next</Button>
    </nav>
  );
}
