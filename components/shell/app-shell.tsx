import Link from 'next/link';
import type { ReactNode } from 'react';
import { LiveDegradedNotice } from '@/components/live/live-degraded-notice';
import type { Actor } from '@/lib/auth/permissions';
import { navFor } from '@/lib/auth/navigation';
import { NavLinks } from './nav-links';
import { LogoutButton } from './logout-button';

export function AppShell({ actor, children }: { actor: Actor; children: ReactNode }) {
  const items = navFor(actor.role).map(({ href, label, also }) => ({ href, label, also }));
  return (
    <div className="flex min-h-full flex-col">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-[1600px] items-center gap-3 px-3 sm:gap-6 sm:px-4">
          <Link href="/" className="shrink-0 whitespace-nowrap font-semibold tracking-tight text-indigo-700">
            {/* On a phone the full name leaves the nav no room for its "More" button. */}
            Memory<span className="max-sm:hidden"> Console</span>
          </Link>
          <NavLinks items={items} />
          {/* On a phone the name would push "Log out" off the screen: the role stays, the name is for screen readers (and the tooltip). */}
          <div className="ml-auto flex shrink-0 items-center gap-3 whitespace-nowrap text-sm">
            <span className="text-slate-600" data-testid="current-user" title={actor.name}>
              <span className="max-sm:sr-only">{actor.name}</span>{' '}
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs uppercase text-slate-600">
                {actor.role.toLowerCase()}
              </span>
            </span>
            <LogoutButton />
          </div>
        </div>
        <LiveDegradedNotice />
      </header>
      <main className="mx-auto w-full max-w-[1600px] flex-1 px-4 py-6">{children}</main>
    </div>
  );
}
