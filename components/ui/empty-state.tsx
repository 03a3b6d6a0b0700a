import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-medium text-slate-800">{title}</p>
      {children ? <div className="mx-auto mt-2 max-w-prose text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
