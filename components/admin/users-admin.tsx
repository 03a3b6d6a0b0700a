'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { CreateForm } from '@/components/ui/create-form';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, Select, TextInput } from '@/components/ui/field';
import { SavedNote, useSavedState } from '@/components/ui/saved-note';
import { apiFetch } from '@/lib/http/api-client';
import type { UserView } from '@/lib/users/schemas';

const ROLE_OPTIONS = ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'] as const;
const USERS_KEY = ['admin', 'users'];

export function UsersAdmin({ initialUsers, currentUserId }: { initialUsers: UserView[]; currentUserId: string }) {
  const qc = useQueryClient();
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: () => apiFetch<{ users: UserView[] }>('/api/admin/users').then((r) => r.users),
    initialData: initialUsers,
  });
  const { saved, setSaved } = useSavedState();
  type Patch = Partial<Pick<UserView, 'role' | 'active'>>;
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Patch; previous: Patch; undoing?: boolean }) => apiFetch(`/api/admin/users/${id}`, { method: 'PATCH', json: patch }),
    onSuccess: (_r, { id, patch, previous, undoing }) => {
      // Saved on change, so say so, and offer the way back (an undo is itself saved, without another undo).
      const what = patch.role ? `role ${patch.role.toLowerCase()}` : patch.active ? 'reactivated' : 'deactivated';
      setSaved({ rowId: id, message: undoing ? `undone (${what})` : what, undo: undoing ? undefined : () => update.mutate({ id, patch: previous, previous: patch, undoing: true }) });
      return qc.invalidateQueries({ queryKey: USERS_KEY });
    },
  });

  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_320px]">
      <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Users">
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="px-4 py-2">Name</th>
              <th className="px-4 py-2">E-mail</th>
              <th className="px-4 py-2">Role</th>
              <th className="px-4 py-2">Status</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.data.map((u) => (
              <tr key={u.id} data-testid={`user-row-${u.email}`} className={u.active ? '' : 'text-slate-400'}>
                <td className="px-4 py-2 font-medium">{u.name}</td>
                <td className="px-4 py-2">{u.email}</td>
                <td className="px-4 py-2">
                  <Select
                    aria-label={`Role of ${u.email}`}
                    value={u.role}
                    disabled={u.id === currentUserId || update.isPending}
                    onChange={(e) => update.mutate({ id: u.id, patch: { role: e.target.value as UserView['role'] }, previous: { role: u.role } })}
                    className="mt-0 min-w-32"
                  >
                    {ROLE_OPTIONS.map((r) => (
                      <option key={r} value={r}>
                        {r.toLowerCase()}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className="px-4 py-2">
                  {u.active ? 'active' : 'deactivated'}
                  <div>
                    <SavedNote saved={saved} rowId={u.id} onUndo={() => saved?.undo?.()} />
                  </div>
                </td>
                <td className="px-4 py-2 text-right">
                  {u.id !== currentUserId ? (
                    <Button variant={u.active ? 'secondary' : 'ghost'} disabled={update.isPending} onClick={() => update.mutate({ id: u.id, patch: { active: !u.active }, previous: { active: u.active } })}>
                      {u.active ? 'Deactivate' : 'Reactivate'}
                    </Button>
                  ) : (
                    <span className="text-xs text-slate-400">you</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {update.error ? <div className="p-3"><ErrorMessage error={update.error} /></div> : null}
      </div>
      <CreateUserForm onCreated={() => qc.invalidateQueries({ queryKey: USERS_KEY })} />
    </div>
  );
}

function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  return (
    <CreateForm<{ user: UserView }>
      label="New user"
      url="/api/admin/users"
      toBody={(data) => ({ name: data.get('name'), email: data.get('email'), role: data.get('role'), password: data.get('password') })}
      notice={({ user }) => `Created ${user.email}`}
      onCreated={onCreated}
      submitLabel="Create user"
      pendingLabel="Creating…"
    >
      <Field label="Name"><TextInput name="name" required /></Field>
      <Field label="E-mail"><TextInput name="email" type="email" required /></Field>
      <Field label="Role">
        <Select name="role" defaultValue="ANNOTATOR">
          {ROLE_OPTIONS.map((r) => (
            <option key={r} value={r}>{r.toLowerCase()}</option>
          ))}
        </Select>
      </Field>
      <Field label="Initial password"><TextInput name="password" type="password" minLength={8} required /></Field>
    </CreateForm>
  );
}
