import { UsersAdmin } from '@/components/admin/users-admin';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { listUsers } from '@/lib/users/manage-users';

export const metadata = { title: 'Users' };

export default async function UsersPage() {
  const actor = await requirePageActor('admin:users');
  const users = await listUsers(actor);
  return (
    <>
      <PageHeader title="Users" description="Create accounts, set roles, deactivate people who left." />
      <UsersAdmin initialUsers={users} currentUserId={actor.userId} />
    </>
  );
}
