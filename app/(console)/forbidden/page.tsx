import { ConsoleNotice } from '@/components/shell/console-notice';
import { requirePageActor } from '@/lib/users/current-actor';
import { homeFor } from '@/lib/auth/navigation';
import { PERMISSIONS } from '@/lib/auth/permissions';

export const metadata = { title: 'Not allowed' };

/**
 * Where requirePageActor sends a role that may not open a screen: inside the
 * console layout (navigation of the role, sign-out), with the reason and the
 * ways back. `need` is the permission the screen asked for.
 */
export default async function ForbiddenPage({ searchParams }: { searchParams: Promise<{ need?: string | string[] }> }) {
  const actor = await requirePageActor();
  // Only a permission the console knows is named: the URL is typeable, its text is not ours.
  const asked = [(await searchParams).need].flat()[0];
  const need = asked && Object.hasOwn(PERMISSIONS, asked) ? asked : null;
  return (
    <ConsoleNotice
      code="403"
      title="Not allowed"
      home={homeFor(actor.role)}
      homeLabel="Go to the start page"
      testId="forbidden"
    >
      Your role ({actor.role.toLowerCase()}) cannot open this page{need ? `: it needs the permission ${need}` : ''}. Ask
      an admin if you need access.
    </ConsoleNotice>
  );
}
