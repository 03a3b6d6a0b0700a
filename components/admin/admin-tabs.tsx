'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** Admin sub-sections. Later features add their tab here (taxonomy, LLM settings…). */
export const ADMIN_TABS = [
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/tokens', label: 'API tokens' },
  { href: '/admin/llm', label: 'LLM' },
  { href: '/admin/taxonomy', label: 'Failure taxonomy' },
  { href: '/admin/overlap', label: 'Annotator overlap' },
  { href: '/admin/review', label: 'Review policy' },
  { href: '/admin/audit', label: 'Audit log' },
];

export function AdminTabs() {
  const pathname = usePathname();
  return (
    // On a phone the tabs scroll sideways in their own strip instead of widening the page.
    <nav aria-label="Admin" className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200">
      {ADMIN_TABS.map((t) => (
        <Link
          key={t.href}
          href={t.href}
          aria-current={pathname.startsWith(t.href) ? 'page' : undefined}
          className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${pathname.startsWith(t.href) ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
