import { AppShell } from '@/components/shell/app-shell';
import { ConsoleNotice } from '@/components/shell/console-notice';
import { currentActor } from '@/lib/users/current-actor';
import { homeFor } from '@/lib/auth/navigation';

export const metadata = { title: 'Page not found' };

/**
 * Any unknown URL (and any `notFound()`): a console page, with the navigation
 * for a signed-in user and the ways back, instead of Next's bare 404.
 */
export default async function NotFound() {
  const actor = await currentActor();
  const body = (
    <ConsoleNotice
      code="404"
      title="Page not found"
      home={actor ? homeFor(actor.role) : '/login'}
      homeLabel={actor ? 'Go to the start page' : 'Sign in'}
      testId="not-found"
    >
      There is nothing at this address. The link may be mistyped, or what it pointed to was removed.
    </ConsoleNotice>
  );
  return actor ? <AppShell actor={actor}>{body}</AppShell> : <div className="p-6">{body}</div>;
}
