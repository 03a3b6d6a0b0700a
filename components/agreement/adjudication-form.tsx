'use client';

import { useState, type FormEvent } from 'react';
import { Button, SubmitButton } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, SelectField, TextArea, TextInput, type Option } from '@/components/ui/field';
import type { Disagreement } from '@/lib/diagnosis/list-disagreements';
import type { CategoryOption } from './disagreements-list';
import { useAdjudicate } from './use-adjudicate';

const num = (s: string) => (s.trim() === '' ? null : Number(s));

/** The reviewer's own diagnosis of a disagreeing checkpoint, prefilled from the first annotator's. */
export function AdjudicationForm({
  d,
  categories,
  onDone,
}: {
  d: Disagreement;
  categories: CategoryOption[];
  onDone: () => void;
}) {
  const seed = d.adjudication ?? null;
  const first = d.ratings[0];
  const [categoryId, setCategoryId] = useState(seed?.category?.id ?? first?.categoryId ?? '');
  const [start, setStart] = useState(String(seed?.eventStart ?? first?.range?.start ?? ''));
  const [end, setEnd] = useState(String(seed?.eventEnd ?? first?.range?.end ?? ''));
  const [wrong, setWrong] = useState(seed?.whatWentWrong ?? '');
  const [should, setShould] = useState(seed?.whatShouldHaveHappened ?? '');
  const save = useAdjudicate(d, onDone);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      categoryId: categoryId || null,
      eventStart: num(start),
      eventEnd: num(end),
      whatWentWrong: wrong,
      whatShouldHaveHappened: should,
    });
  };
  return (
    <form
      onSubmit={submit}
      className="mt-3 grid gap-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 md:grid-cols-4"
      aria-label="Adjudicated diagnosis"
    >
      <SelectField
        label="Category"
        value={categoryId}
        onChange={(e) => setCategoryId(e.target.value)}
        options={[['', 'Uncategorised'], ...categories.map((c): Option => [c.id, c.label])]}
      />
      <Field label="From event">
        <TextInput type="number" min={0} value={start} onChange={(e) => setStart(e.target.value)} />
      </Field>
      <Field label="To event">
        <TextInput type="number" min={0} value={end} onChange={(e) => setEnd(e.target.value)} />
      </Field>
      <div />
      <Field label="What went wrong" className="md:col-span-2">
        <TextArea className="mt-1" rows={3} value={wrong} onChange={(e) => setWrong(e.target.value)} />
      </Field>
      <Field label="What should have happened" className="md:col-span-2">
        <TextArea className="mt-1" rows={3} value={should} onChange={(e) => setShould(e.target.value)} required />
      </Field>
      <div className="flex items-center gap-2 md:col-span-4">
        <SubmitButton pending={save.isPending}>Save adjudication</SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <ErrorMessage error={save.error} />
      </div>
    </form>
  );
}
