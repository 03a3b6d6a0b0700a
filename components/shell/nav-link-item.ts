export type NavLinkItem = { href: string; label: string };

/** A nav item is active on its own page and anywhere under its first path segment (/admin/users → /admin/tokens). */
export function isActiveNavHref(pathname: string, href: string): boolean {
  const section = href.split('/').slice(0, 2).join('/');
  return pathname === href || pathname === section || pathname.startsWith(`${section}/`);
}

export function navLinkClass(active: boolean): string {
  return `whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium ${active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100'}`;
}
