'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useLayoutEffect, useRef, useState } from 'react';
import { fitNavItems } from './fit-nav-items';
import { isActiveNavItem, navLinkClass, type NavLinkItem } from './nav-link-item';
import { NavMoreMenu } from './nav-more-menu';

/**
 * The main nav on one line: the items that fit in the bar's width, the rest under "More"
 * (an admin's twelve sections do not fit at 1024 px). Widths come from an invisible copy of
 * every item, so the split is right for any role, label and font, and is redone on resize.
 */
export function NavLinks({ items }: { items: NavLinkItem[] }) {
  const pathname = usePathname();
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(items.length);
  const isActive = (item: NavLinkItem) => isActiveNavItem(pathname, item);

  useLayoutEffect(() => {
    const fit = () => {
      if (!nav.current || !measure.current) return;
      const widths = Array.from(measure.current.children, (c) => c.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(nav.current).columnGap) || 0;
      setShown(fitNavItems({ widths, moreWidth, gap, available: nav.current.clientWidth }));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(nav.current!);
    // Labels get wider when the web font replaces the fallback.
    document.fonts?.ready.then(fit).catch(() => undefined);
    return () => observer.disconnect();
  }, [items]);

  return (
    <nav ref={nav} aria-label="Main" className="relative flex min-w-0 flex-1 items-center gap-1">
      {/* Until the first measurement (server render) the overflow is clipped, never scrolled. */}
      <ul className="flex min-w-0 items-center gap-1 overflow-hidden">
        {items.slice(0, shown).map((item) => (
          <li key={item.href} className="shrink-0">
            <Link
              href={item.href}
              aria-current={isActive(item) ? 'page' : undefined}
              className={`block ${navLinkClass(isActive(item))}`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      {shown < items.length ? <NavMoreMenu items={items.slice(shown)} isActive={isActive} /> : null}
      <div
        ref={measure}
        aria-hidden="true"
        className="pointer-events-none invisible absolute left-0 top-0 flex h-0 w-0 overflow-hidden"
      >
        {items.map((item) => (
          <span key={item.href} className={`shrink-0 ${navLinkClass(false)}`}>
            {item.label}
          </span>
        ))}
        <span className={`inline-flex shrink-0 items-center gap-1 ${navLinkClass(false)}`}>
          More <span className="text-xs">▾</span>
        </span>
      </div>
    </nav>
  );
}
