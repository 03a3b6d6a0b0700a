import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import { targetFields } from '@/lib/trajectories/run-target';
import type { DiagnosisBody } from './use-diagnosis-writes';

/** The diagnosis form's values, how they come from a saved diagnosis and go out as a write, and the event range's labels. */
export type Form = {
  categoryId: string;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
  confidence: number | null;
};

export const TEXTAREA =
  'mt-1 block w-full rounded-md border-0 px-2.5 py-1.5 text-sm shadow-sm ring-1 focus:ring-2 focus:ring-indigo-500';

export function formOf(d: DiagnosisView | undefined): Form {
  return {
    categoryId: d?.category?.id ?? '',
    whatWentWrong: d?.whatWentWrong ?? '',
    whatShouldHaveHappened: d?.whatShouldHaveHappened ?? '',
    confidence: d?.confidence ?? null,
  };
}

export const rangeKey = (r: [number, number] | null) => (r ? `${r[0]}-${r[1]}` : '');
export const rangeLabel = (r: [number, number] | null) =>
  r ? (r[0] === r[1] ? `event #${r[0]}` : `events #${r[0]}–#${r[1]}`) : 'no events selected';

/** A write for the target `targetId`: a checkpoint result's id, or `run:<trajectoryId>` (run-target.ts). */
export const payload = (targetId: string, f: Form, range: [number, number] | null): DiagnosisBody => ({
  ...targetFields(targetId),
  ...f,
  categoryId: f.categoryId || null,
  eventStart: range?.[0] ?? null,
  eventEnd: range?.[1] ?? null,
});

/** The event range of a saved diagnosis or a write. */
export const rangeOf = (d: { eventStart: number | null; eventEnd: number | null }): [number, number] | null =>
  d.eventStart != null && d.eventEnd != null ? [d.eventStart, d.eventEnd] : null;

/** A saved diagnosis as the write that would save it. */
export const bodyOf = (d: DiagnosisView): DiagnosisBody => payload(d.targetId, formOf(d), rangeOf(d));

/** The same content (the fields a write sends); which version it replaces does not count. */
const BODY_FIELDS = [
  'checkpointResultId',
  'runTrajectoryId',
  'categoryId',
  'whatWentWrong',
  'whatShouldHaveHappened',
  'confidence',
  'eventStart',
  'eventEnd',
] as const satisfies readonly (keyof DiagnosisBody)[];
export const sameBody = (a: DiagnosisBody, b: DiagnosisBody) => BODY_FIELDS.every((k) => a[k] === b[k]);

/** The form showing a write's content (a kept unsent draft). */
export const formOfBody = (b: DiagnosisBody): Form => ({
  categoryId: b.categoryId ?? '',
  whatWentWrong: b.whatWentWrong,
  whatShouldHaveHappened: b.whatShouldHaveHappened,
  confidence: b.confidence,
});
