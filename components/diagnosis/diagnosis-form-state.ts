import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import type { DiagnosisBody } from './use-diagnosis-writes';

/** The diagnosis form's values, how they come from a saved diagnosis and go out as a write, and the event range's labels. */
export type Form = { categoryId: string; whatWentWrong: string; whatShouldHaveHappened: string; confidence: number | null };

export const TEXTAREA = 'mt-1 block w-full rounded-md border-0 px-2.5 py-1.5 text-sm shadow-sm ring-1 focus:ring-2 focus:ring-indigo-500';

export function formOf(d: DiagnosisView | undefined): Form {
  return { categoryId: d?.category?.id ?? '', whatWentWrong: d?.whatWentWrong ?? '', whatShouldHaveHappened: d?.whatShouldHaveHappened ?? '', confidence: d?.confidence ?? null };
}

export const rangeKey = (r: [number, number] | null) => (r ? `${r[0]}-${r[1]}` : '');
export const rangeLabel = (r: [number, number] | null) => (r ? (r[0] === r[1] ? `event #${r[0]}` : `events #${r[0]}–#${r[1]}`) : 'no events selected');

export const payload = (checkpointResultId: string, f: Form, range: [number, number] | null): DiagnosisBody => ({
  checkpointResultId,
  ...f,
  categoryId: f.categoryId || null,
  eventStart: range?.[0] ?? null,
  eventEnd: range?.[1] ?? null,
});
