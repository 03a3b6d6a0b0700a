'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';
import { revealBidi } from '@/lib/text/reveal-bidi';
import type { CheckpointView } from '@/lib/trajectories/get-trajectory';
import { ReasonDialog } from './reason-dialog';

export type ItemExit = 'skip' | 'artefact';

/**
 * The two ways out of an item other than a diagnosis: skip it (back to the queue, to the end of your own
 * order; POST /api/queue/skip) and "not an agent failure — evaluator / task artefact" for the active
 * checkpoint (POST /api/diagnoses/artefact). Opened with s / a from the workspace, or their buttons.
 */
export function ItemExitDialogs({
  open,
  trajectoryId,
  active,
  onClose,
  onSkipped,
  onArtefact,
}: {
  open: ItemExit | null;
  trajectoryId: string;
  active: CheckpointView | null;
  onClose: () => void;
  onSkipped: () => void;
  onArtefact: (pendingCount: number) => void;
}) {
  const skip = useMutation({
    mutationFn: (reason: string) =>
      apiFetch<{ skipped: true }>('/api/queue/skip', {
        method: 'POST',
        json: { trajectoryId, ...(reason.trim() ? { reason } : {}) },
      }),
  });
  const artefact = useMutation({
    mutationFn: ({ checkpointResultId, reason }: { checkpointResultId: string; reason: string }) =>
      apiFetch<{ pendingCount: number }>('/api/diagnoses/artefact', {
        method: 'POST',
        json: { checkpointResultId, reason },
      }),
  });
  return (
    <>
      <ReasonDialog
        open={open === 'skip'}
        testId="skip-dialog"
        title="Skip this trajectory"
        description="It goes back to the queue and to the end of your order; other annotators' order does not change. Your drafts are kept."
        label="Reason"
        required={false}
        submitLabel="Skip"
        pending={skip.isPending}
        error={skip.error}
        onClose={onClose}
        onSubmit={(reason, onSent) =>
          skip.mutate(reason, {
            onSuccess: () => {
              onSent();
              onSkipped();
            },
          })
        }
      />
      <ReasonDialog
        open={open === 'artefact' && active != null}
        testId="artefact-dialog"
        title={`Not an agent failure: ${revealBidi(active?.key ?? '')}`}
        description="The evaluator or the task definition is wrong, not the agent (e.g. the check expects a call the task's own expected outcome contradicts). Recorded with your reason, kept out of reflection and listed on the task page for whoever maintains the benchmark."
        label="Why is this the evaluator or the task?"
        required
        submitLabel="Flag as evaluator / task artefact"
        pending={artefact.isPending}
        error={artefact.error}
        onClose={onClose}
        onSubmit={(reason, onSent) =>
          active &&
          artefact.mutate(
            { checkpointResultId: active.id, reason },
            {
              onSuccess: ({ pendingCount }) => {
                onSent();
                onArtefact(pendingCount);
              },
            },
          )
        }
      />
    </>
  );
}
