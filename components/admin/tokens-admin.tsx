'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { actionsColumn, DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, SelectField, TextInput } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { ApiTokenView } from '@/lib/users/api-tokens';
import { ROLE_CHOICES } from './role-select';
import { TOKEN_LIFETIMES, tokenStatus } from './token-status';

const KEY = ['admin', 'tokens'];

export function TokensAdmin({ initialTokens }: { initialTokens: ApiTokenView[] }) {
  const qc = useQueryClient();
  const [created, setCreated] = useState<string | null>(null);
  const tokens = useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<{ tokens: ApiTokenView[] }>('/api/admin/tokens').then((r) => r.tokens),
    initialData: initialTokens,
  });
  const create = useMutation({
    mutationFn: (body: unknown) => apiFetch<{ token: string }>('/api/admin/tokens', { method: 'POST', json: body }),
    onSuccess: (r) => {
      setCreated(r.token);
      qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });

  const columns: ColumnDef<ApiTokenView>[] = [
    { header: 'Name', cell: (t) => t.name, className: 'font-medium' },
    { header: 'Prefix', cell: (t) => `${t.prefix}…`, className: 'font-mono' },
    { header: 'Role', cell: (t) => t.role.toLowerCase() },
    { header: 'Owner', cell: (t) => t.owner },
    { header: 'Last used', cell: (t) => (t.lastUsedAt ? new Date(t.lastUsedAt).toLocaleString() : 'never') },
    { header: 'Status', cell: (t) => tokenStatus(t).label },
    actionsColumn((t) =>
      t.revokedAt ? null : (
        <ConfirmButton
          label="Revoke"
          question={`Revoke "${t.name}"? Every caller using it is refused at once; this cannot be undone.`}
          confirmLabel="Revoke token"
          onConfirm={() => revoke.mutate(t.id)}
          disabled={revoke.isPending}
        />
      ),
    ),
  ];

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const days = Number(data.get('expiresInDays') || 0);
    create.mutate({ name: data.get('name'), role: data.get('role'), ...(days ? { expiresInDays: days } : {}) });
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div>
        <DataTable
          label="API tokens"
          columns={columns}
          rows={tokens.data}
          rowProps={(t) => ({ className: tokenStatus(t).works ? undefined : 'text-slate-500' })}
          empty={<EmptyState title="No API tokens yet">Create one for a CI importer or an agent runtime.</EmptyState>}
          saveError={revoke.error}
        />
      </div>
      <form
        onSubmit={onSubmit}
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        aria-label="New API token"
      >
        <h2 className="font-medium">New token</h2>
        <Field label="Name">
          <TextInput name="name" required placeholder="e.g. nightly importer" />
        </Field>
        <SelectField label="Acts as role" name="role" defaultValue="RESEARCHER" options={ROLE_CHOICES} />
        <SelectField label="Expires after" name="expiresInDays" defaultValue="" options={TOKEN_LIFETIMES} />
        <ErrorMessage error={create.error} />
        {created ? (
          <div role="status" className="rounded-md bg-emerald-50 p-2 text-xs text-emerald-800 ring-1 ring-emerald-200">
            Copy it now; it is not shown again:
            <code className="mt-1 block break-all font-mono" data-testid="new-token">
              {created}
            </code>
          </div>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          Create token
        </Button>
      </form>
    </div>
  );
}
