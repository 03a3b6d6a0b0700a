/**
 * The whole loop on real data: the τ²-bench airline sample imported through
 * the real importer, a diagnosis on a failed checkpoint of task 16, an
 * offline reflection run, approval of its proposal, and the new card
 * version's provenance followed back to the diagnosed trajectory event.
 * Reads ../shared/data when present; skipped (and listed in the summary) elsewhere, required in CI.
 */
import { expect, it } from 'vitest';
import { getCard } from '@/lib/cards/get-card';
import { renderCardRuntimeText } from '@/lib/retrieval/render';
import { getCardVersion } from '@/lib/cards/get-card-version';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { approveProposal } from '@/lib/review/approve-proposal';
import { getProposal } from '@/lib/review/get-proposal';
import { listProposals } from '@/lib/review/list-proposals';
import { createActor } from '../../helpers/factories';
import { createQueuedRun, submitDiagnoses } from '../../helpers/reflection-fixtures';
import { describeOnRealData, importRealSample } from '../../helpers/real-samples';

describeOnRealData('tau2-bench/airline', 'reviews on the imported τ²-bench airline sample', () => {
  it(
    'diagnose → offline reflection → approve → the card’s provenance leads back to the diagnosed event',
    { timeout: 180_000 },
    async () => {
      await importRealSample('tau2-bench/airline');
      const task = await prisma.task.findUniqueOrThrow({
        where: { benchmark_externalId: { benchmark: 'tau2-bench', externalId: 'airline/16' } },
      });
      const failed = await prisma.trajectory.findFirstOrThrow({
        where: { taskId: task.id, passed: false, model: 'openai/gpt-oss-120b' },
      });
      await submitDiagnoses(failed.id, {
        wrong: 'Changed the flights without first reading the reservation details.',
        should: 'Read the reservation details first, then change only the flights the user asked for.',
        category: 'misread-state',
        onlyFirst: true,
      });
      const run = await createQueuedRun({
        taskId: task.id,
        settings: { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true },
      });
      await executeRun(run.id);
      expect((await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } })).error).toBeNull();

      const reviewer = await createActor('REVIEWER');
      const inbox = await listProposals(reviewer, { runId: run.id, status: 'PENDING' });
      expect(inbox.total, 'the run leaves a proposal pending review').toBeGreaterThan(0);
      const item = inbox.items[0];
      const detail = await getProposal(reviewer, item.id);
      expect(detail.validationNow, 'validation re-run now agrees with curation').toEqual([]);
      expect(detail.provenance?.diagnoses.map((d) => d.trajectory.id)).toContain(failed.id);

      const { cardVersions } = await approveProposal(reviewer, item.id, { note: 'τ² check' });
      const card = await getCard(reviewer, cardVersions[0].key, renderCardRuntimeText);
      expect(card.runtimeText).toBeTruthy();
      const version = await getCardVersion(reviewer, card.key, cardVersions[0].number);
      expect(version.review?.note).toBe('τ² check');
      expect(version.provenance?.run?.task?.externalId).toBe('airline/16');
      const d = version.provenance!.diagnoses.find((x) => x.trajectory.id === failed.id)!;
      expect(d.href).toMatch(new RegExp(`^/trajectories/${failed.id}\\?event=\\d+&checkpoint=`));
      // The anchored event exists in that trajectory.
      expect(await prisma.event.count({ where: { trajectoryId: failed.id, position: d.eventStart! } })).toBe(1);
    },
  );
});
