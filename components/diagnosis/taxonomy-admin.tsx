'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { CreateForm, WithCreateForm } from '@/components/ui/create-form';
import { actionsColumn, DataTable, type ColumnDef } from '@/components/ui/data-table';
import { Field, TextArea, TextInput } from '@/components/ui/field';
import { ActiveToggle, SavedNote, useRowSave } from '@/components/ui/saved-note';
import { apiFetch } from '@/lib/http/api-client';
import type { FailureCategoryView } from '@/lib/taxonomy/failure-taxonomy';

const KEY = ['taxonomy', 'all'];
type Patch = Partial<Pick<FailureCategoryView, 'label' | 'description' | 'position' | 'active'>>;

export function TaxonomyAdmin({ initial }: { initial: FailureCategoryView[] }) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<{ categories: FailureCategoryView[] }>('/api/taxonomy?all=1').then((r) => r.categories),
    initialData: initial,
  });
  // Edits save on blur: say what was saved, with a way back (moves say nothing: the order shows them).
  const { saved, update } = useRowSave<Patch>({
    url: (id) => `/api/taxonomy/${id}`,
    queryKey: KEY,
    describe: (patch, undoing) => {
      const what =
        'label' in patch ? 'label' : 'description' in patch ? 'description' : patch.active ? 'restored' : 'retired';
      return undoing ? `${what} undone` : what;
    },
  });
  const rows = list.data;
  const move = (i: number, d: -1 | 1) => {
    const other = rows[i + d];
    if (!other) return;
    // Swap positions; equal positions (fresh seeds) get distinct ones first.
    const a = rows[i].position === other.position ? i : rows[i].position;
    const b = rows[i].position === other.position ? i + d : other.position;
    update.mutate({ id: rows[i].id, patch: { position: b } });
    update.mutate({ id: other.id, patch: { position: a } });
  };
  const columns: ColumnDef<FailureCategoryView>[] = [
    {
      header: 'Order',
      className: 'whitespace-nowrap',
      cell: (c, i) => (
        <>
          <Button
            variant="ghost"
            aria-label={`Move ${c.label} up`}
            disabled={i === 0 || update.isPending}
            onClick={() => move(i, -1)}
          >
            ↑
          </Button>
          <Button
            variant="ghost"
            aria-label={`Move ${c.label} down`}
            disabled={i === rows.length - 1 || update.isPending}
            onClick={() => move(i, 1)}
          >
            ↓
          </Button>
        </>
      ),
    },
    {
      header: 'Label',
      className: 'min-w-[18rem]',
      cell: (c) => (
        <>
          <TextInput
            key={c.label}
            aria-label={`Label of ${c.key}`}
            defaultValue={c.label}
            className="mt-0"
            onBlur={(e) =>
              e.target.value.trim() !== c.label &&
              update.mutate({ id: c.id, patch: { label: e.target.value }, previous: { label: c.label } })
            }
          />
          <span className="font-mono text-[11px] text-slate-500">{c.key}</span>
        </>
      ),
    },
    {
      header: 'Description',
      className: 'min-w-[16rem]',
      cell: (c) => (
        <>
          {/* A textarea sized to its content: the whole description is read and edited in place. */}
          <TextArea
            key={c.description ?? ''}
            aria-label={`Description of ${c.key}`}
            defaultValue={c.description ?? ''}
            rows={1}
            className="resize-y [field-sizing:content]"
            onBlur={(e) =>
              e.target.value.trim() !== (c.description ?? '') &&
              update.mutate({
                id: c.id,
                patch: { description: e.target.value },
                previous: { description: c.description ?? '' },
              })
            }
          />
          <SavedNote saved={saved} rowId={c.id} onUndo={() => saved?.undo?.()} />
        </>
      ),
    },
    { header: 'Used', className: 'text-xs', cell: (c) => c.usage },
    actionsColumn((c) => <ActiveToggle row={c} update={update} labels={['Retire', 'Restore']} />),
  ];
  return (
    <WithCreateForm form={<NewCategoryForm onCreated={() => qc.invalidateQueries({ queryKey: KEY })} />}>
      <DataTable
        label="Failure categories"
        columns={columns}
        rows={rows}
        rowProps={(c) => ({ 'data-testid': `category-${c.key}`, className: c.active ? '' : 'text-slate-500' })}
        saveError={update.error}
      />
    </WithCreateForm>
  );
}

function NewCategoryForm({ onCreated }: { onCreated: () => void }) {
  return (
    <CreateForm<{ category: FailureCategoryView }>
      label="New category"
      url="/api/taxonomy"
      notice={({ category }) => `Added ${category.label}`}
      onCreated={onCreated}
      submitLabel="Add category"
      pendingLabel="Adding…"
    >
      <Field label="Key">
        <TextInput name="key" required pattern="[a-z0-9][a-z0-9-]{1,48}" placeholder="e.g. stale-data" />
      </Field>
      <Field label="Label">
        <TextInput name="label" required />
      </Field>
      <Field label="Description">
        <TextArea name="description" rows={3} className="mt-1" />
      </Field>
    </CreateForm>
  );
}
