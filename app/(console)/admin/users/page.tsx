import { UsersAdmin } from '@/components/admin/users-admin';
import { loadedPage } from '@/components/shell/loaded-page';
import { listUsers } from '@/lib/users/manage-users';

export const metadata = { title: 'Users' };

export default loadedPage({
  permission: 'admin:users',
  load: listUsers,
  title: 'Users',
  description: 'Create accounts, set roles, deactivate people who left.',
  render: (users, actor) => <UsersAdmin initialUsers={users} currentUserId={actor.userId} />,
});
