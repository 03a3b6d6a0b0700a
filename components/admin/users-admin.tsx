'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreateForm, WithCreateForm } from '@/components/ui/create-form';
import { actionsColumn, DataTable, type ColumnDef } from '@/components/ui/data-table';
import { Field, SelectField, TextInput } from '@/components/ui/field';
import { ActiveToggle, SavedNote, useRowSave } from '@/components/ui/saved-note';
import { apiFetch } from '@/lib/http/api-client';
import type { UpdateUserResult } from '@/lib/users/manage-users';
import type { UserListItem, UserView } from '@/lib/users/schemas';
import { describeTokens } from '@/lib/users/token-revocation';
import { ResetPassword } from './reset-password';
import { ROLE_CHOICES, RoleSelect } from './role-select';

const USERS_KEY = ['admin', 'users'];
type Patch = Partial<Pick<UserView, 'role' | 'active'>>;

/** "role annotator; revoked 1 API token (“ci bot”)"; an undo says the tokens the change revoked stay revoked. */
function describeSave(patch: Patch, undoing: boolean, result: unknown, undone?: unknown): string {
  const what = patch.role ? `role ${patch.role.toLowerCase()}` : patch.active ? 'reactivated' : 'deactivated';
  const revoked = (result as UpdateUserResult | undefined)?.revokedTokens ?? [];
  const kept = (undone as UpdateUserResult | undefined)?.revokedTokens ?? [];
  const parts = [undoing ? `undone (${what})` : what];
  if (revoked.length) parts.push(`revoked ${describeTokens(revoked)}`);
  if (undoing && kept.length)
    parts.push(`${describeTokens(kept)} stay${kept.length === 1 ? 's' : ''} revoked; create new ones under API tokens`);
  return parts.join('; ');
}

export function UsersAdmin({ initialUsers, currentUserId }: { initialUsers: UserListItem[]; currentUserId: string }) {
  const qc = useQueryClient();
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: () => apiFetch<{ users: UserListItem[] }>('/api/admin/users').then((r) => r.users),
    initialData: initialUsers,
  });
  // Saved on change, so say so, and offer the way back (an undo is itself saved, without another undo).
  const { saved, update } = useRowSave<Patch>({
    url: (id) => `/api/admin/users/${id}`,
    queryKey: USERS_KEY,
    describe: describeSave,
  });
  const columns: ColumnDef<UserListItem>[] = [
    { header: 'Name', className: 'font-medium', cell: (u) => u.name },
    { header: 'E-mail', cell: (u) => u.email },
    {
      header: 'Role',
      cell: (u) => (
        <RoleSelect
          user={u}
          disabled={u.id === currentUserId || update.isPending}
          onChange={(role) => update.mutate({ id: u.id, patch: { role }, previous: { role: u.role } })}
        />
      ),
    },
    {
      header: 'Status',
      cell: (u) => (
        <>
          {u.active ? 'active' : 'deactivated'}
          <div>
            <SavedNote saved={saved} rowId={u.id} onUndo={() => saved?.undo?.()} />
          </div>
        </>
      ),
    },
    actionsColumn((u) =>
      u.id !== currentUserId ? (
        <span className="inline-flex items-start gap-2">
          {u.active ? <ResetPassword userId={u.id} email={u.email} /> : null}
          <ActiveToggle row={u} update={update} labels={['Deactivate', 'Reactivate']} />
        </span>
      ) : (
        <span className="text-xs text-slate-500">you</span>
      ),
    ),
  ];

  return (
    <WithCreateForm form={<CreateUserForm onCreated={() => qc.invalidateQueries({ queryKey: USERS_KEY })} />}>
      <DataTable
        label="Users"
        columns={columns}
        rows={users.data}
        rowProps={(u) => ({ 'data-testid': `user-row-${u.email}`, className: u.active ? '' : 'text-slate-500' })}
        saveError={update.error}
      />
    </WithCreateForm>
  );
}

function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  return (
    <CreateForm<{ user: UserView }>
      label="New user"
      url="/api/admin/users"
      notice={({ user }) => `Created ${user.email}`}
      onCreated={onCreated}
      submitLabel="Create user"
      pendingLabel="Creating…"
    >
      <Field label="Name">
        <TextInput name="name" required />
      </Field>
      <Field label="E-mail">
        <TextInput name="email" type="email" required />
      </Field>
      <SelectField label="Role" name="role" defaultValue="ANNOTATOR" options={ROLE_CHOICES} />
      <Field label="Initial password">
        <TextInput name="password" type="password" minLength={8} required />
      </Field>
    </CreateForm>
  );
}
