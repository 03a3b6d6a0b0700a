import { prisma } from '@/lib/db/prisma';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';
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

export type ProposalProvenance = {
  proposal: { id: string; operation: string; status: string; reason: string; createdAt: string; href: string };
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
  diagnoses: ProvenanceDiagnosis[];
  trajectories: { id: string; externalId: string; model: string; passed: boolean; href: string }[];
};

export async function loadProposalProvenance(proposalId: string): Promise<ProposalProvenance | null> {
  const p = await prisma.proposal.findUnique({
    where: { id: proposalId },
    select: {
      id: true,
      operation: true,
      status: true,
      reason: true,
      createdAt: true,
      delta: { select: { id: true, index: true, content: true } },
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
              diagnosis: {
                select: {
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
                },
              },
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
  return {
    proposal: {
      id: p.id,
      operation: p.operation,
      status: p.status,
      reason: p.reason,
      createdAt: p.createdAt.toISOString(),
      href: `/reviews/${p.id}`,
    },
    delta: p.delta && run ? { ...p.delta, href: `/runs/${run.id}#delta-${p.delta.index}` } : null,
    run: run
      ? {
          id: run.id,
          kind: run.kind,
          provider: run.provider,
          model: run.model,
          promptVersion: run.promptVersion,
          promptHash: run.promptHash,
          createdAt: run.createdAt.toISOString(),
          task: run.task ? { ...run.task, href: `/tasks/${run.task.id}` } : null,
          href: `/runs/${run.id}`,
          packetHref: `/runs/${run.id}#section-packet-sent-de-identified-`,
        }
      : null,
    diagnoses: (run?.diagnoses ?? []).map(({ diagnosis: d }) => ({
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
      href: trajectoryEventHref(d.trajectory.id, d.eventStart, {
        checkpointResultId: d.checkpointResult?.id ?? runTargetId(d.trajectory.id),
      }),
    })),
    trajectories: (run?.trajectories ?? []).map(({ trajectory: t }) => ({ ...t, href: trajectoryEventHref(t.id) })),
  };
}
