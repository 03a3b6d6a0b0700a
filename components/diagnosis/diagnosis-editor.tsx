'use client';

import { createPortal } from 'react-dom';
import { useEffect, useId, useRef, useState, type ChangeEvent, type RefObject, type SyntheticEvent } from 'react';
import { Select } from '@/components/ui/field';
import { useLeaveGuard } from '@/components/ui/use-leave-guard';
import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import type { FailureCategoryView } from '@/lib/taxonomy/failure-taxonomy';
import type { CheckpointView } from '@/lib/trajectories/get-trajectory';
import { CitationLinks } from './cited-text';
import { DiagnosisHistory } from './diagnosis-history';
import {
  FIELD_LABELS,
  FORM_FIELDS,
  NO_PROBLEMS,
  firstProblemField,
  hasProblems,
  problemsFromError,
  submitProblems,
  type FormField,
  type FormProblems,
} from './form-problems';
import { DiagnosisEditorFooter, editorStatus } from './diagnosis-editor-footer';
import { CategoryKeys, ConfidenceOptions, FormRow } from './diagnosis-form-parts';
import {
  formOf,
  formOfBody,
  payload,
  rangeKey,
  rangeLabel,
  rangeOf,
  TEXTAREA,
  type Form,
} from './diagnosis-form-state';
import { useDiagnosisWrites } from './use-diagnosis-writes';

/** The fields an annotator types into, in form order. */
const TEXT_FIELDS = ['whatWentWrong', 'whatShouldHaveHappened'] as const;

export type EditorApi = {
  /** `d`: focus the first required field that is still empty. */
  focusFirstMissing: () => void;
  /** `c`: focus the category, then 1–9 picks one. */
  pickCategory: () => void;
  submit: () => void;
  /** Inserts a policy citation where the writer's caret was (in the text field last written in). */
  cite: (citation: string) => void;
};

type TextField = 'whatWentWrong' | 'whatShouldHaveHappened';

/**
 * The diagnosis of one failed checkpoint by the current user. The event range
 * is the timeline's selection (one source of truth, owned by the workspace).
 * Drafts autosave; a submitted diagnosis can be edited and re-submitted (the
 * server keeps the earlier version). Refusals are shown next to their field,
 * once, and focus moves to the first one. A write refused because another tab
 * changed the diagnosis offers that version or this one (use-diagnosis-writes.ts).
 * Mount with `key={checkpoint.id}`.
 */
export function DiagnosisEditor({
  userId,
  checkpoint,
  mine,
  categories,
  range,
  notice,
  footerSlot,
  heldBy = null,
  apiRef,
  fetchMine,
  onReload,
  onSaved,
  onSubmitted,
  onRestoreRange,
  trajectoryId,
  onOpenPolicy,
  onCitePolicy,
}: {
  /** The annotator writing (the text kept until saved is theirs alone). */
  userId: string;
  checkpoint: CheckpointView;
  mine: DiagnosisView | undefined;
  categories: FailureCategoryView[];
  range: [number, number] | null;
  notice: string | null;
  /** Where the submit bar goes (pinned below the panel's scroll); inline when absent. */
  footerSlot: HTMLElement | null;
  /** The name of another annotator who holds the trajectory: the form is shown but cannot be changed or submitted. */
  heldBy?: string | null;
  apiRef: RefObject<EditorApi | null>;
  /** The caller's diagnosis of this checkpoint as the server has it now. */
  fetchMine: () => Promise<DiagnosisView | undefined>;
  /** Shows the diagnosis as the server has it now, instead of this form's text. */
  onReload: () => void;
  onSaved: () => void;
  onSubmitted: (pendingCount: number) => void;
  /** Selects the range of the unsaved text restored after a reload (the range is the timeline's selection). */
  onRestoreRange: (range: [number, number] | null) => void;
  /** For the links of the policy passages the text cites. */
  trajectoryId: string;
  onOpenPolicy?: (anchor: string) => void;
  /** Opens the policy to pick a passage to cite; absent when the run carries no policy. */
  onCitePolicy?: () => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(mine));
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [picking, setPicking] = useState(false);
  const submitted = mine?.status === 'SUBMITTED';
  const readOnly = heldBy != null;
  const formId = useId();
  const writes = useDiagnosisWrites({
    userId,
    checkpointId: checkpoint.id,
    mine,
    fetchMine,
    onSaved,
    onSubmitted: (pendingCount) => {
      setDirty(false);
      setBaseRange(rangeKey(range));
      onSubmitted(pendingCount);
    },
    onSubmitError: (err) => showProblems(problemsFromError(err)),
    readOnly,
    // Text typed just before a reload, not confirmed by the server: shown again (and being saved).
    onRestore: (body) => {
      setForm(formOfBody(body));
      setDirty(true);
      if (rangeKey(rangeOf(body)) !== rangeKey(range)) onRestoreRange(rangeOf(body));
    },
  });
  const { save, submit, conflict } = writes;
  // Where a citation goes: the text field last written in, at its caret (the end until one is placed).
  const caret = useRef<{ field: TextField; at: number | null }>({ field: 'whatWentWrong', at: null });
  const cite = (citation: string) => {
    if (readOnly) return showHeldNotice();
    const { field, at } = caret.current;
    const value = form[field];
    const end = at == null ? value.length : Math.min(at, value.length);
    const before = value.slice(0, end);
    const after = value.slice(end);
    const inserted = `${before && !/\s$/.test(before) ? ' ' : ''}${citation}${after && !/^\s/.test(after) ? ' ' : ''}`;
    const caretAt = before.length + inserted.length;
    update({ [field]: before + inserted + after });
    caret.current = { field, at: caretAt };
    requestAnimationFrame(() => {
      const el = document.getElementById(`${formId}-${field}`) as HTMLTextAreaElement | null;
      el?.focus();
      el?.setSelectionRange(caretAt, caretAt);
    });
  };

  const focusField = (f: FormField) => {
    const el = document.getElementById(`${formId}-${f}`);
    el?.focus();
    if (f === 'category') setPicking(true);
    // The whole row (label, field, its refusal and the category keys) comes into view, not just the
    // control: after the next paint, when the refusal and the keys are on the page.
    requestAnimationFrame(() => (el?.closest('[data-testid^="field-"]') ?? el)?.scrollIntoView({ block: 'nearest' }));
  };
  // d, c or Ctrl+Enter on a read-only form: bring the note saying who holds the trajectory into view
  // (on a run with twenty checkpoints it sits below the fold, and the keys seemed to do nothing).
  const showHeldNotice = () =>
    document.querySelector('[data-testid="claim-held"]')?.scrollIntoView({ block: 'nearest' });
  const showProblems = (p: FormProblems) => {
    setProblems(p);
    setProblemRange(rangeKey(range));
    const first = firstProblemField(p);
    if (first) focusField(first);
  };

  const update = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setDirty(true);
    // A field that now has a value no longer shows its refusal.
    setProblems((p) => ({
      ...p,
      fields: Object.fromEntries(
        Object.entries(p.fields).filter(
          ([k]) => !(k === 'category' ? patch.categoryId : (patch as Record<string, unknown>)[k]),
        ),
      ),
    }));
  };

  // The range follows the timeline selection; once a diagnosis is under way, a new range is part of it.
  const currentRange = rangeKey(range);
  const [baseRange, setBaseRange] = useState(currentRange);
  const changed = dirty || (currentRange !== baseRange && mine != null);
  // A range refusal is about the range it was given for; selecting another one clears it.
  const [problemRange, setProblemRange] = useState(currentRange);
  const shown: FormProblems =
    problemRange === currentRange ? problems : { ...problems, fields: { ...problems.fields, range: undefined } };

  // Autosave drafts shortly after the last change. Submitted diagnoses are only
  // changed by an explicit re-submit, so their history stays meaningful.
  useEffect(() => {
    if (changed && !submitted) writes.schedule(payload(checkpoint.id, form, range));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, changed, submitted, currentRange]);
  // A form nobody has changed follows the server's version: a draft saved since in another tab, or the
  // one this page sent as it unloaded, which the server may have rendered the reloaded page without.
  useEffect(() => {
    if (mine && mine.updatedAt !== writes.version() && !changed && !conflict && writes.idle()) onReload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mine?.updatedAt]);
  // What only a re-submit keeps is not lost to a stray reload or link without a word.
  useLeaveGuard(
    submitted && changed
      ? 'Your edit of this submitted diagnosis is not re-submitted yet. Leave and lose it?'
      : conflict
        ? 'Your text of this diagnosis is not saved (it was changed in another tab or window). Leave and lose it?'
        : null,
  );

  const doSubmit = () => {
    if (readOnly) return showHeldNotice();
    if (submit.isPending) return;
    const body = payload(checkpoint.id, form, range);
    const p = submitProblems(body);
    // Refused here, the draft still autosaves as it is.
    if (hasProblems(p)) showProblems(p);
    else {
      setProblems(NO_PROBLEMS);
      writes.submitNow(body);
    }
  };

  const missing = (): FormField | null => {
    const p = submitProblems(payload(checkpoint.id, form, range));
    return firstProblemField(p);
  };

  useEffect(() => {
    apiRef.current = {
      focusFirstMissing: () => (readOnly ? showHeldNotice() : focusField(missing() ?? 'whatWentWrong')),
      pickCategory: () => (readOnly ? showHeldNotice() : focusField('category')),
      submit: doSubmit,
      cite,
    };
  });

  const pickByDigit = (key: string) => {
    const n = Number(key);
    const cat = categories[n - 1];
    if (!picking || !Number.isInteger(n) || !cat) return false;
    update({ categoryId: cat.id });
    setPicking(false);
    // On to the text that still needs writing: what comes after `c` + digit is the annotator typing.
    // Focus moves now, inside this keydown, so the very next key lands in the field: moved a frame
    // later, the keys typed meanwhile went to this select and were lost, and a field that takes no
    // text (the range) let a first `j`, `k` or `o` drive the timeline instead.
    const empty = TEXT_FIELDS.find((f) => !form[f].trim());
    focusField(empty ?? 'whatWentWrong');
    return true;
  };

  const status = editorStatus({
    heldBy,
    submitting: submit.isPending,
    conflict: conflict != null,
    saving: save.isPending,
    submitted,
    changed,
    revisionCount: mine?.revisionCount ?? 0,
    saved: save.isSuccess,
    started: mine != null,
  });
  const problemLabels = FORM_FIELDS.filter((f) => shown.fields[f]).map((f) => FIELD_LABELS[f]);
  const invalid = (f: FormField) =>
    shown.fields[f] ? { 'aria-invalid': true as const, 'aria-describedby': `${formId}-${f}-error` } : {};
  const ring = (f: FormField) => (shown.fields[f] ? 'ring-rose-400' : 'ring-slate-300');
  // Keeps `caret` on the text being written (`data-field` names it).
  const rememberCaret = (e: SyntheticEvent<HTMLTextAreaElement>) => {
    caret.current = { field: e.currentTarget.dataset.field as TextField, at: e.currentTarget.selectionEnd };
  };
  // A labelled row of the form, its refusal under its control (`${formId}-${field}`).
  const rowOf = (field: FormField) => ({
    label: FIELD_LABELS[field],
    field,
    formId,
    problem: shown.fields[field],
    htmlFor: `${formId}-${field}`,
  });
  // The two texts: the same box and limits; `data-field` tells rememberCaret which one it is.
  const textOf = (field: TextField) => ({
    id: `${formId}-${field}`,
    'data-field': field,
    rows: 3,
    value: form[field],
    maxLength: 4000,
    ...invalid(field),
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => update({ [field]: e.target.value }),
    className: `${TEXTAREA} ${ring(field)}`,
  });

  const footer = (
    <DiagnosisEditorFooter
      formId={formId}
      notice={notice}
      conflict={conflict}
      onLoadConflicting={() => {
        writes.discard();
        onReload();
      }}
      saveError={save.error}
      problemLabels={problemLabels}
      otherProblem={problems.other}
      status={status}
      submitted={submitted}
      disabled={submit.isPending || readOnly}
    />
  );

  return (
    <>
      <form
        id={formId}
        aria-label={`Diagnosis of ${checkpoint.key}`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          doSubmit();
        }}
        className="space-y-3"
      >
        {/* disabled: every control at once, while another annotator holds the trajectory. */}
        <fieldset disabled={readOnly} className="min-w-0 space-y-3">
          <FormRow label={FIELD_LABELS.range} field="range" formId={formId} problem={shown.fields.range}>
            <div
              id={`${formId}-range`}
              tabIndex={-1}
              {...invalid('range')}
              className={`mt-1 flex items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-sm ring-1 ${ring('range')} focus:outline-none focus:ring-2 focus:ring-indigo-500`}
            >
              <span data-testid="diagnosis-range" className="shrink-0 whitespace-nowrap font-medium text-slate-800">
                {rangeLabel(range)}
              </span>
              <span className="text-xs font-normal text-slate-600">
                the timeline selection · click / Shift+click, j / k, Shift+J / K
              </span>
            </div>
          </FormRow>
          <FormRow
            {...rowOf('category')}
            // The keys go under the refusal, so the refusal stays right next to its field.
            after={picking ? <CategoryKeys categories={categories} /> : null}
          >
            <Select
              id={`${formId}-category`}
              value={form.categoryId}
              {...invalid('category')}
              className={shown.fields.category ? 'ring-rose-400' : ''}
              onChange={(e) => update({ categoryId: e.target.value })}
              onBlur={() => setPicking(false)}
              onKeyDown={(e) => {
                if (!e.ctrlKey && !e.metaKey && !e.altKey && pickByDigit(e.key)) e.preventDefault();
              }}
            >
              <option value="">— pick one (c, then 1–9) —</option>
              {categories.map((c, i) => (
                <option key={c.id} value={c.id} title={c.description ?? undefined}>
                  {i < 9 ? `${i + 1} · ` : ''}
                  {c.label}
                </option>
              ))}
            </Select>
          </FormRow>
          <FormRow {...rowOf('whatWentWrong')}>
            <textarea {...textOf('whatWentWrong')} onSelect={rememberCaret} />
            <div className="flex flex-wrap items-start justify-between gap-2">
              <CitationLinks
                text={`${form.whatWentWrong}\n${form.whatShouldHaveHappened}`}
                trajectoryId={trajectoryId}
                onOpenPolicy={onOpenPolicy}
              />
              {onCitePolicy ? (
                <button
                  type="button"
                  onClick={onCitePolicy}
                  data-testid="cite-policy"
                  className="ml-auto mt-1 text-xs font-medium text-indigo-700 hover:underline"
                >
                  Cite the policy §…
                </button>
              ) : null}
            </div>
          </FormRow>
          <FormRow {...rowOf('whatShouldHaveHappened')}>
            <textarea {...textOf('whatShouldHaveHappened')} onSelect={rememberCaret} />
          </FormRow>
          <FormRow {...rowOf('confidence')} label={`${FIELD_LABELS.confidence} (optional)`}>
            <Select
              id={`${formId}-confidence`}
              value={form.confidence ?? ''}
              onChange={(e) => update({ confidence: e.target.value ? Number(e.target.value) : null })}
            >
              <ConfidenceOptions />
            </Select>
          </FormRow>
        </fieldset>
        {mine && mine.revisionCount > 0 ? <DiagnosisHistory diagnosisId={mine.id} /> : null}
      </form>
      {footerSlot ? createPortal(footer, footerSlot) : footer}
    </>
  );
}
