export type NavLinkItem = { href: string; label: string; also?: string[] };

/**
 * A nav item is current on its own page, anywhere under its first path segment
 * (/admin/users → /admin/tokens), and under the other sections it lists (/releases → /leakage).
 */
export function isActiveNavItem(pathname: string, item: NavLinkItem): boolean {
  return [item.href, ...(item.also ?? [])].some((href) => {
    const section = href.split('/').slice(0, 2).join('/');
    return pathname === href || pathname === section || pathname.startsWith(`${section}/`);
  });
}

export function navLinkClass(active: boolean): string {
  return `whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium ${active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100'}`;
}
