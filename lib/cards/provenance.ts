import { prisma } from '@/lib/db/prisma';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

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
  checkpoint: string;
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
  /**
   * The diagnoses behind the card: those the delta was built from; when the delta does not say
   * (an LLM reflector, runs from before it was recorded), every diagnosis the run read.
   */
  diagnoses: ProvenanceDiagnosis[];
  /** 'delta': `diagnoses` are the ones the delta was built from; 'run': all the run read. */
  diagnosesScope: 'delta' | 'run';
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
    },
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
          task: run.task ? { ...run.task, href: `/tasks/${run.task.id}` } : null,
          href: `/runs/${run.id}`,
          packetHref: `/runs/${run.id}#section-packet-sent-de-identified-`,
        }
      : null,
    diagnosesScope: scope,
    diagnoses: (scope === 'delta' ? behind : read).map(({ diagnosis: d }) => ({
      id: d.id,
      author: d.author.name,
      category: d.category?.label ?? null,
      whatWentWrong: d.whatWentWrong,
      whatShouldHaveHappened: d.whatShouldHaveHappened,
      eventStart: d.eventStart,
      eventEnd: d.eventEnd,
      checkpoint: d.checkpointResult.checkpoint.name,
      trajectory: {
        id: d.trajectory.id,
        externalId: d.trajectory.externalId,
        model: d.trajectory.model,
        taskExternalId: d.trajectory.task.externalId,
      },
      // Lands on this diagnosis (scrolled into view and highlighted), not on an empty form.
      href: trajectoryEventHref(d.trajectory.id, d.eventStart, {
        checkpointResultId: d.checkpointResult.id,
        diagnosisId: d.id,
      }),
    })),
    trajectories: (run?.trajectories ?? []).map(({ trajectory: t }) => ({ ...t, href: trajectoryEventHref(t.id) })),
  };
}
