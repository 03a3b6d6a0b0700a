import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { getRelease } from '@/lib/releases/read-release';
import { auditLeakage, auditLeakagePage } from '@/lib/releases/leakage-audit';
import { previewRetrieval } from '@/lib/releases/preview-retrieval';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { addVersion, createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor, createUser, seedDemoTask, uid } from '../../helpers/factories';
import { writeDiagnosis } from '../../helpers/written-diagnosis';

// mail/2: "Archive all newsletters older than this week, but keep anything flagged as important in the inbox."
const archive = (title: string) =>
  skillContent({
    title,
    tags: ['archive', 'newsletters', 'flagged'],
    applies_when: 'Archiving newsletters while keeping flagged messages',
  });

async function diagnoseFailed(trajectoryId: string) {
  const author = await createUser('ANNOTATOR');
  return writeDiagnosis({
    trajectoryId,
    authorId: author.id,
    at: { passed: false },
    category: null,
    fields: { whatWentWrong: 'moved flagged' },
  });
}

async function world() {
  const heldOut = await seedDemoTask(DEMO_TASKS[1]);
  const reference = await seedDemoTask(DEMO_TASKS[1]); // the same task text under another benchmark: a different task
  await prisma.task.update({ where: { id: heldOut.taskId }, data: { split: 'HELDOUT' } });
  await prisma.task.update({ where: { id: reference.taskId }, data: { split: 'REFERENCE' } });
  const failed = Object.values(heldOut.trajectories);
  const diagnosis = await diagnoseFailed(
    (await prisma.trajectory.findFirstOrThrow({ where: { id: { in: failed }, passed: false } })).id,
  );
  const viaDiagnosis = await createSkillCard({
    content: archive('Keep flagged when archiving'),
    provenance: { diagnosisIds: [diagnosis.id] },
  });
  const clean = await createSkillCard({
    content: archive('Archive newsletters by date'),
    provenance: { taskId: reference.taskId, trajectoryIds: Object.values(reference.trajectories) },
  });
  // Version 1 was built from the held-out task's trajectories; version 2 from elsewhere: the history still leaks.
  const viaHistory = await createSkillCard({
    content: archive('Read flags before archiving'),
    provenance: { trajectoryIds: [failed[0]] },
  });
  await addVersion(viaHistory.card.id, archive('Read flags before archiving newsletters'), {
    taskId: reference.taskId,
  });
  return { heldOut, reference, diagnosis, viaDiagnosis, clean, viaHistory };
}

describe('leakage', () => {
  it('lists every held-out task that retrieves a card built from itself, with the provenance path; reference tasks are not audited', async () => {
    const w = await world();
    const report = await auditLeakage(await createActor('RESEARCHER'), { release: 'current' });
    expect(report.heldOutTasks).toBe(1);
    const byCard = new Map(report.leaks.map((l) => [l.cardKey, l]));
    expect([...byCard.keys()].sort()).toEqual([w.viaDiagnosis.card.key, w.viaHistory.card.key].sort());
    expect(byCard.get(w.viaDiagnosis.card.key)).toMatchObject({
      taskId: w.heldOut.taskId,
      taskExternalId: 'mail/2',
      version: 1,
    });
    expect(byCard.get(w.viaDiagnosis.card.key)!.paths).toEqual([
      expect.objectContaining({
        via: 'diagnosis',
        versionNumber: 1,
        diagnosisId: w.diagnosis.id,
        text: expect.stringContaining(`diagnosis ${w.diagnosis.id}`),
      }),
    ]);
    expect(byCard.get(w.viaHistory.card.key)).toMatchObject({
      version: 2,
      paths: [expect.objectContaining({ via: 'trajectory', versionNumber: 1 })],
    });
    expect(byCard.has(w.clean.card.key)).toBe(false);
  });

  it('refuses to freeze with unacknowledged leaks, and freezes with an override note that the release keeps', async () => {
    const admin = await createActor('ADMIN');
    const name = `leaky-${uid()}`;
    const refused = await freezeRelease(admin, { name, note: 'n' }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/held-out leaks?/) });
    expect(refused.details.length).toBeGreaterThan(0);
    expect(await prisma.bankRelease.count({ where: { name } })).toBe(0);
    const frozen = await freezeRelease(admin, {
      name,
      note: 'n',
      overrideNote: 'Known: evaluation run will exclude mail/2',
    });
    const detail = await getRelease(admin, frozen.name);
    expect(detail.leakOverrideNote).toBe('Known: evaluation run will exclude mail/2');
    expect(detail.leakList.length).toBe(frozen.leaks);
    expect(frozen.leaks).toBeGreaterThan(0);
    // The audit against that release finds the same leaks.
    expect((await auditLeakage(admin, { release: frozen.name })).leaks).toEqual(detail.leakList);
  });

  it('pages the leak list on the server with the total and the leaking-task count, while the full report keeps every leak', async () => {
    // mail/3 "Forward the latest invoice from the supplier to the finance contact…": three cards built from it.
    const forward = await seedDemoTask(DEMO_TASKS[2]);
    await prisma.task.update({ where: { id: forward.taskId }, data: { split: 'HELDOUT' } });
    for (const title of [
      'Forward the latest invoice',
      'Check finance already received the invoice',
      'Find the supplier invoice',
    ])
      await createSkillCard({
        content: skillContent({
          title,
          tags: ['invoice', 'supplier', 'finance'],
          applies_when: 'Forwarding a supplier invoice to finance',
        }),
        provenance: { taskId: forward.taskId },
      });
    const researcher = await createActor('RESEARCHER');
    const all = await auditLeakage(researcher, { release: 'current' });
    expect(all.leaks.filter((l) => l.taskId === forward.taskId)).toHaveLength(3);
    expect(all.leakingTasks).toBe(new Set(all.leaks.map((l) => l.taskId)).size);
    const first = await auditLeakagePage(researcher, { release: 'current', pageSize: '1' });
    expect(first).toMatchObject({
      page: 1,
      pageSize: 1,
      total: all.leaks.length,
      pageCount: all.leaks.length,
      heldOutTasks: all.heldOutTasks,
      leakingTasks: all.leakingTasks,
    });
    expect(first.items).toEqual(all.leaks.slice(0, 1));
    const last = await auditLeakagePage(researcher, {
      release: 'current',
      page: String(all.leaks.length),
      pageSize: '1',
    });
    expect(last.items).toEqual(all.leaks.slice(-1));
    expect(
      (await auditLeakagePage(researcher, { release: 'current', page: String(all.leaks.length + 1), pageSize: '1' }))
        .items,
    ).toEqual([]);
    await expect(auditLeakagePage(researcher, { pageSize: '500' })).rejects.toMatchObject({ name: 'ZodError' });
  });

  it('warns in the preview when a retrieved card was built from the previewed task, whatever its split', async () => {
    const task = await prisma.task.findFirstOrThrow({ where: { split: 'REFERENCE' } });
    const actor = await createActor('REVIEWER');
    const preview = await previewRetrieval(actor, {
      task: task.instruction,
      apps: task.apps,
      ability: task.ability,
      release: 'current',
      taskId: task.id,
    });
    const flagged = preview.leakage!.leaks.map((l) => l.cardKey);
    expect(flagged.length).toBeGreaterThan(0);
    for (const key of flagged) expect(preview.skillCards.map((c) => c.key)).toContain(key);
    expect(preview.leakage!.leaks[0].paths[0].text).toMatch(/^version \d+ ← proposal \S+ ← run \S+/);
    await expect(previewRetrieval(await createActor('ANNOTATOR'), { task: 'x' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
