'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { navLinkClass, type NavLinkItem } from './nav-link-item';

/**
 * The nav items that do not fit on the bar, behind a disclosure button (not an ARIA menu:
 * these are plain links, so Tab walks them as anywhere else). Arrow keys move between them,
 * Escape closes and returns focus to the button, and so do a click or focus outside.
 */
export function NavMoreMenu({ items, isActive }: { items: NavLinkItem[]; isActive: (item: NavLinkItem) => boolean }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const holdsActive = items.some(isActive);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (!open) {
      setOpen(true);
      // The list renders on the next paint; focus its first link then.
      requestAnimationFrame(() => focusLink(e.key === 'ArrowDown' ? 0 : -1));
    } else focusLink(current === -1 ? 0 : current + (e.key === 'ArrowDown' ? 1 : -1));
  };

  return (
    <div
      ref={root}
      className="relative shrink-0"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        data-testid="nav-more"
        onClick={() => setOpen((o) => !o)}
        className={`${navLinkClass(holdsActive)} inline-flex items-center gap-1`}
      >
        More{' '}
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </button>
      {open ? (
        <ul
          id={listId}
          data-testid="nav-more-list"
          className="absolute right-0 top-full mt-1 min-w-40 rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          {items.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={isActive(item) ? 'page' : undefined}
                onClick={() => setOpen(false)}
                className={`block px-3 py-1.5 text-sm font-medium focus:bg-slate-100 ${isActive(item) ? 'text-indigo-700' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
