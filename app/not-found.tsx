import Link from 'next/link';
import { AppShell } from '@/components/shell/app-shell';
import { BackLink } from '@/components/shell/back-link';
import { currentActor } from '@/lib/auth/current-actor';
import { homeFor } from '@/lib/auth/navigation';

export const metadata = { title: 'Page not found' };

/**
 * Any unknown URL (and any `notFound()`): a console page, with the navigation
 * for a signed-in user and the ways back, instead of Next's bare 404.
 */
export default async function NotFound() {
  const actor = await currentActor();
  const home = actor ? homeFor(actor.role) : '/login';
  const body = (
    <div className="mx-auto mt-12 max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" data-testid="not-found">
      <p className="font-mono text-sm text-slate-400">404</p>
      <h1 className="mt-1 text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600">There is nothing at this address. The link may be mistyped, or what it pointed to was removed.</p>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
        <BackLink fallback={home} />
        <Link href={home} className="text-sm font-medium text-indigo-700 hover:underline">
          {actor ? 'Go to the start page' : 'Sign in'}
        </Link>
      </div>
    </div>
  );
  return actor ? <AppShell actor={actor}>{body}</AppShell> : <div className="p-6">{body}</div>;
}
