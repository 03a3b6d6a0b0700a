import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import type { Actor, Permission } from '@/lib/auth/permissions';
import { requirePageActor } from '@/lib/users/current-actor';

/**
 * A page without a query string that shows one thing it loads (the admin settings pages):
 * `export default loadedPage({...})` in its page.tsx. The permission is checked before anything
 * loads (sign in / "not allowed" are redirects), then the header and what `render` makes of the data.
 */
export function loadedPage<T>({
  permission,
  load,
  title,
  description,
  render,
}: {
  permission: Permission;
  load: (actor: Actor) => Promise<T>;
  title: string;
  description: ReactNode;
  render: (data: T, actor: Actor) => ReactNode;
}) {
  return async function LoadedPage() {
    const actor = await requirePageActor(permission);
    const data = await load(actor);
    return (
      <>
        <PageHeader title={title} description={description} />
        {render(data, actor)}
      </>
    );
  };
}
