import { createHash } from 'node:crypto';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { Deidentifier } from '@/lib/privacy/deidentify';
import { csvLine } from '@/lib/text/csv';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';
import { RUN_LEVEL_KEY, RUN_LEVEL_NAME } from '@/lib/trajectories/run-target';
import { diagnosisExportQuerySchema, type DiagnosisExportQuery } from './export-scope';
import {
  countExportRows,
  EXPORT_EVENTS_PER_DIAGNOSIS,
  readExportPages,
  type ExportDiagnosisRow,
  type ExportEvent,
} from './read-export-rows';

/** One diagnosis as the dataset has it (a JSONL line; the CSV's columns, events flattened into text). */
export type DiagnosisExportRecord = {
  diagnosis_id: string;
  submitted_at: string | null;
  benchmark: string;
  ability: string | null;
  task_id: string;
  task_instruction: string;
  trajectory_id: string;
  trajectory_link: string;
  model: string;
  agent: string | null;
  trial: number | null;
  run_passed: boolean;
  bank_release: string | null;
  target: 'checkpoint' | 'run';
  checkpoint_id: string;
  checkpoint_name: string;
  checkpoint_note: string | null;
  event_start: number | null;
  event_end: number | null;
  events: ExportEvent[];
  events_cut: boolean;
  category: string | null;
  category_label: string | null;
  outcome: string;
  what_went_wrong: string;
  what_should_have_happened: string;
  confidence: number | null;
  annotator: string;
  annotators_on_target: number;
  agreement: 'single' | 'agree' | 'disagree';
  adjudication: 'none' | 'chosen' | 'other_chosen' | 'reviewer_written';
  adjudicated_category: string | null;
  cards: { key: string; version: number }[];
};

export const CSV_COLUMNS = [
  'diagnosis_id',
  'submitted_at',
  'benchmark',
  'ability',
  'task_id',
  'task_instruction',
  'trajectory_id',
  'trajectory_link',
  'model',
  'agent',
  'trial',
  'run_passed',
  'bank_release',
  'target',
  'checkpoint_id',
  'checkpoint_name',
  'checkpoint_note',
  'event_start',
  'event_end',
  'events_text',
  'category',
  'category_label',
  'outcome',
  'what_went_wrong',
  'what_should_have_happened',
  'confidence',
  'annotator',
  'annotators_on_target',
  'agreement',
  'adjudication',
  'adjudicated_category',
  'cards',
] as const;

/**
 * A pseudonymous annotator id: the same person is the same id in every
 * export (per-annotator studies, agreement), and the id reveals neither name
 * nor e-mail (it is a hash of the internal user id, which never leaves the console).
 */
export function annotatorPseudonym(userId: string): string {
  return `annotator-${createHash('sha256').update(`diagnosis-export:${userId}`).digest('hex').slice(0, 12)}`;
}

function agreementOf(r: ExportDiagnosisRow): DiagnosisExportRecord['agreement'] {
  if (r.annotatorCount <= 1) return 'single';
  return r.categoryCount <= 1 ? 'agree' : 'disagree';
}

function adjudicationOf(r: ExportDiagnosisRow): DiagnosisExportRecord['adjudication'] {
  if (!r.adjudicationId) return 'none';
  if (!r.chosenDiagnosisId) return 'reviewer_written';
  return r.chosenDiagnosisId === r.id ? 'chosen' : 'other_chosen';
}

/**
 * De-identifies one record's texts with one Deidentifier (as a reflection
 * packet is): values met in the events' arguments are scrubbed again where the
 * diagnosis or the evaluator repeats them.
 */
function deidentify(rec: DiagnosisExportRecord): DiagnosisExportRecord {
  const d = new Deidentifier();
  const events = rec.events.map((e) => ({ ...e, arguments: e.arguments == null ? null : d.json(e.arguments) }));
  return {
    ...rec,
    task_instruction: d.text(rec.task_instruction),
    events: events.map((e) => ({ ...e, content: e.content == null ? null : d.content(e.content, Infinity) })),
    checkpoint_note: rec.checkpoint_note == null ? null : d.text(rec.checkpoint_note),
    what_went_wrong: d.text(rec.what_went_wrong),
    what_should_have_happened: d.text(rec.what_should_have_happened),
  };
}

function toRecord(
  r: ExportDiagnosisRow,
  events: ExportEvent[],
  cards: { key: string; version: number }[],
  q: DiagnosisExportQuery,
): DiagnosisExportRecord {
  const rec: DiagnosisExportRecord = {
    diagnosis_id: r.id,
    submitted_at: r.submittedAt?.toISOString() ?? null,
    benchmark: r.benchmark,
    ability: r.ability,
    task_id: r.taskExternalId,
    task_instruction: r.instruction,
    trajectory_id: r.trajectoryExternalId,
    trajectory_link: trajectoryEventHref(r.trajectoryId, r.eventStart, { diagnosisId: r.id }),
    model: r.model,
    agent: r.agent,
    trial: r.trial,
    run_passed: r.runPassed,
    bank_release: r.memoryRelease,
    target: r.checkpointResultId ? 'checkpoint' : 'run',
    checkpoint_id: r.checkpointKey ?? RUN_LEVEL_KEY,
    checkpoint_name: r.checkpointName ?? RUN_LEVEL_NAME,
    checkpoint_note: r.checkpointNote,
    event_start: r.eventStart,
    event_end: r.eventEnd,
    events,
    events_cut: r.eventStart != null && (r.eventEnd ?? r.eventStart) - r.eventStart + 1 > EXPORT_EVENTS_PER_DIAGNOSIS,
    category: r.category,
    category_label: r.categoryLabel,
    outcome: r.outcome,
    what_went_wrong: r.whatWentWrong,
    what_should_have_happened: r.whatShouldHaveHappened,
    confidence: r.confidence,
    annotator: q.annotators === 'named' ? r.authorEmail : annotatorPseudonym(r.authorId),
    annotators_on_target: r.annotatorCount,
    agreement: agreementOf(r),
    adjudication: adjudicationOf(r),
    adjudicated_category: r.adjudicatedCategory,
    cards,
  };
  return q.deidentify ? deidentify(rec) : rec;
}

/** An event as one line of text: where it is, who did what, and what it said (the CSV's events_text). */
function eventLine(e: ExportEvent): string {
  const what = [e.tool, e.arguments == null ? null : JSON.stringify(e.arguments), e.content].filter(Boolean);
  return `[${e.position}] ${e.source.toLowerCase()} ${e.type.toLowerCase()}: ${what.join(' ')}`;
}

function csvRow(rec: DiagnosisExportRecord): string {
  const text = rec.events.map(eventLine).join('\n') + (rec.events_cut ? '\n[…] more events in the range' : '');
  const cells: Record<(typeof CSV_COLUMNS)[number], string | number | boolean | null> = {
    ...rec,
    events_text: text,
    cards: rec.cards.map((c) => `${c.key}@v${c.version}`).join('; '),
  };
  return csvLine(CSV_COLUMNS.map((c) => cells[c]));
}

export type DiagnosisExport = {
  fileName: string;
  contentType: string;
  /** The file, a page of diagnoses at a time. */
  chunks: AsyncIterable<string>;
};

/**
 * The diagnoses as a dataset (issue 43 item 6): every submitted diagnosis of
 * the scope, with its task, run, checkpoint, anchored events, category, the
 * two texts, a pseudonymous annotator, agreement and adjudication state, and
 * the cards it fed. Streamed: pages of diagnoses are read as the consumer
 * takes the chunks, so memory stays flat whatever the scope.
 */
export function exportDiagnoses(actor: Actor, input: unknown): DiagnosisExport {
  requirePermission(actor, 'diagnosis:read-all');
  const q = diagnosisExportQuerySchema.parse(input);
  // E-mails leave the console only for those who manage users anyway.
  if (q.annotators === 'named') requirePermission(actor, 'admin:users');
  if (q.format === 'count') throw new Error('exportDiagnoses: use countDiagnosesToExport for format=count');
  const stamp = new Date().toISOString().slice(0, 10);
  const csv = q.format === 'csv';
  return {
    fileName: `diagnoses-${stamp}${q.deidentify ? '-deidentified' : ''}.${csv ? 'csv' : 'jsonl'}`,
    contentType: csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    chunks: (async function* () {
      if (csv) yield csvLine([...CSV_COLUMNS]);
      for await (const page of readExportPages(q)) {
        let out = '';
        for (const r of page.rows) {
          const rec = toRecord(r, page.events.get(r.id) ?? [], page.cards.get(r.id) ?? [], q);
          out += csv ? csvRow(rec) : `${JSON.stringify(rec)}\n`;
        }
        yield out;
      }
    })(),
  };
}

/** How many diagnoses the export of this scope holds (the page shows it before the download). */
export async function countDiagnosesToExport(actor: Actor, input: unknown): Promise<{ count: number }> {
  requirePermission(actor, 'diagnosis:read-all');
  return { count: await countExportRows(diagnosisExportQuerySchema.parse(input)) };
}
