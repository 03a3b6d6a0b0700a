import type { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { taskHref, trajectoryEventHref } from '@/lib/trajectories/event-link';
import { RUN_LEVEL_NAME, runTargetId } from '@/lib/trajectories/run-target';

/**
 * The provenance chain of a proposal (and so of the card version it
 * produced): proposal and curator patch → delta → reflection run (prompt
 * version, model) → diagnoses (author, category, text, anchored events) →
 * trajectories. Every link carries the href that opens it.
 */
export type ProvenanceDiagnosis = {
  id: string;
  author: string;
  category: string | null;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
  eventStart: number | null;
  eventEnd: number | null;
  /** The failed checkpoint's name, or RUN_LEVEL_NAME for a failed run diagnosed as a whole. */
  checkpoint: string;
  runLevel: boolean;
  trajectory: { id: string; externalId: string; model: string; taskExternalId: string };
  href: string;
};

/** Whose words a version holds: a card written by hand, or the fields a reviewer rewrote before approving. */
export type ReviewerWords = { by: string; fields: string[]; handWritten: boolean; at: string };

export type ProposalProvenance = {
  proposal: {
    id: string;
    operation: string;
    status: string;
    reason: string;
    createdAt: string;
    href: string;
    source: 'CURATOR' | 'REVIEWER_WRITTEN';
  };
  /** A hand-written card: the task it was written from (a curator's comes through `run`). */
  writtenFrom: { id: string; benchmark: string; externalId: string; href: string } | null;
  words: ReviewerWords[];
  delta: { id: string; index: number; content: unknown; href: string } | null;
  run: {
    id: string;
    kind: string;
    provider: string;
    model: string | null;
    promptVersion: string | null;
    promptHash: string | null;
    createdAt: string;
    task: { id: string; benchmark: string; externalId: string; href: string } | null;
    href: string;
    packetHref: string;
  } | null;
  /**
   * The diagnoses behind the card: those the delta was built from; when the delta does not say
   * (an LLM reflector, runs from before it was recorded), every diagnosis the run read.
   */
  diagnoses: ProvenanceDiagnosis[];
  /** 'delta': `diagnoses` are the ones the delta was built from; 'run': all the run read. */
  diagnosesScope: 'delta' | 'run';
  trajectories: { id: string; externalId: string; model: string; passed: boolean; href: string }[];
};

const diagnosisSelect = {
  id: true,
  whatWentWrong: true,
  whatShouldHaveHappened: true,
  eventStart: true,
  eventEnd: true,
  author: { select: { name: true } },
  category: { select: { label: true } },
  checkpointResult: { select: { id: true, checkpoint: { select: { name: true } } } },
  trajectory: {
    select: { id: true, externalId: true, model: true, task: { select: { externalId: true } } },
  },
} satisfies Prisma.DiagnosisSelect;

function toDiagnosis(d: Prisma.DiagnosisGetPayload<{ select: typeof diagnosisSelect }>): ProvenanceDiagnosis {
  return {
    id: d.id,
    author: d.author.name,
    category: d.category?.label ?? null,
    whatWentWrong: d.whatWentWrong,
    whatShouldHaveHappened: d.whatShouldHaveHappened,
    eventStart: d.eventStart,
    eventEnd: d.eventEnd,
    checkpoint: d.checkpointResult?.checkpoint.name ?? RUN_LEVEL_NAME,
    runLevel: d.checkpointResult === null,
    trajectory: {
      id: d.trajectory.id,
      externalId: d.trajectory.externalId,
      model: d.trajectory.model,
      taskExternalId: d.trajectory.task.externalId,
    },
    // Lands on this diagnosis (scrolled into view and highlighted), not on an empty form.
    href: trajectoryEventHref(d.trajectory.id, d.eventStart, {
      checkpointResultId: d.checkpointResult?.id ?? runTargetId(d.trajectory.id),
      diagnosisId: d.id,
    }),
  };
}

export async function loadProposalProvenance(proposalId: string): Promise<ProposalProvenance | null> {
  const p = await prisma.proposal.findUnique({
    where: { id: proposalId },
    select: {
      id: true,
      operation: true,
      status: true,
      reason: true,
      createdAt: true,
      source: true,
      author: { select: { name: true } },
      task: { select: { id: true, benchmark: true, externalId: true } },
      diagnosis: { select: diagnosisSelect },
      reviews: {
        where: { authoredFields: { isEmpty: false } },
        orderBy: { createdAt: 'asc' },
        select: { authoredFields: true, createdAt: true, reviewer: { select: { name: true } } },
      },
      delta: { select: { id: true, index: true, content: true, diagnosisIds: true } },
      run: {
        select: {
          id: true,
          kind: true,
          provider: true,
          model: true,
          promptVersion: true,
          promptHash: true,
          createdAt: true,
          task: { select: { id: true, benchmark: true, externalId: true } },
          diagnoses: {
            select: {
              diagnosis: { select: diagnosisSelect },
            },
          },
          trajectories: {
            select: { trajectory: { select: { id: true, externalId: true, model: true, passed: true } } },
          },
        },
      },
    },
  });
  if (!p) return null;
  const run = p.run;
  const fed = new Set(p.delta?.diagnosisIds ?? []);
  const read = run?.diagnoses ?? [];
  const behind = read.filter(({ diagnosis: d }) => fed.has(d.id));
  const scope = behind.length ? 'delta' : 'run';
  return {
    proposal: {
      id: p.id,
      operation: p.operation,
      status: p.status,
      reason: p.reason,
      createdAt: p.createdAt.toISOString(),
      href: `/reviews/${p.id}`,
      source: p.source,
    },
    writtenFrom: p.task ? { ...p.task, href: taskHref(p.task.id) } : null,
    words: [
      ...(p.source === 'REVIEWER_WRITTEN'
        ? [{ by: p.author?.name ?? 'a former user', fields: [], handWritten: true, at: p.createdAt.toISOString() }]
        : []),
      ...p.reviews.map((r) => ({
        by: r.reviewer.name,
        fields: r.authoredFields,
        handWritten: false,
        at: r.createdAt.toISOString(),
      })),
    ],
    delta:
      p.delta && run
        ? {
            id: p.delta.id,
            index: p.delta.index,
            content: p.delta.content,
            href: `/runs/${run.id}#delta-${p.delta.index}`,
          }
        : null,
    run: run
      ? {
          id: run.id,
          kind: run.kind,
          provider: run.provider,
          model: run.model,
          promptVersion: run.promptVersion,
          promptHash: run.promptHash,
          createdAt: run.createdAt.toISOString(),
          task: run.task ? { ...run.task, href: taskHref(run.task.id) } : null,
          href: `/runs/${run.id}`,
          packetHref: `/runs/${run.id}#section-packet-sent-de-identified-`,
        }
      : null,
    diagnosesScope: scope,
    diagnoses: [
      ...(scope === 'delta' ? behind : read).map(({ diagnosis: d }) => toDiagnosis(d)),
      ...(p.diagnosis ? [toDiagnosis(p.diagnosis)] : []),
    ],
    trajectories: (run?.trajectories ?? []).map(({ trajectory: t }) => ({ ...t, href: trajectoryEventHref(t.id) })),
  };
}
