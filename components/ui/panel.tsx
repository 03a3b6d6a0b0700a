import { useId, type ReactNode } from 'react';

/** A titled white section of a detail page (card page, proposal page), a region named by its title. */
export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid={testId}
    >
      <h2 id={titleId} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
