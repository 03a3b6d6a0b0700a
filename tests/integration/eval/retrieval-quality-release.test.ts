import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { formatLabelsFile, parseLabelsFile } from '@/lib/retrieval/labels-file';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { labelRetrievalResult } from '@/lib/retrieval/label-result';
import { measureRetrievalQuality } from '@/lib/retrieval/measure-quality';
import { previewRetrieval } from '@/lib/releases/preview-retrieval';
import { exportRetrievalLabels } from '@/lib/retrieval/retrieval-labels';
import { AppError } from '@/lib/errors';
import { createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor, uid } from '../../helpers/factories';
import { runScript } from '../../helpers/run-script';

const runEvalRetrieval = (args: string[]) => runScript('scripts/eval-retrieval.ts', args);

/** A bank of one ability: two cards about the task, and unrelated ones. */
async function seedBank() {
  const ability = `air${uid()}`;
  const seat = await createSkillCard({
    ability,
    apps: ['airline'],
    content: skillContent({
      title: 'Choosing a seat upgrade',
      applies_when: 'The traveller wants a better seat or cabin',
      tags: ['seat', 'upgrade', 'cabin'],
    }),
  });
  const pay = await createSkillCard({
    ability,
    apps: ['airline'],
    content: skillContent({
      title: 'Paying for an upgrade',
      applies_when: 'An upgrade costs extra and a payment method must be chosen',
      tags: ['upgrade', 'payment'],
    }),
  });
  for (const topic of ['baggage', 'refund', 'insurance', 'pets'])
    await createSkillCard({
      ability,
      apps: ['airline'],
      content: skillContent({ title: `Handling ${topic} questions`, tags: [topic, 'policy'] }),
    });
  return { ability, seat: seat.card.key, pay: pay.card.key };
}

describe('retrieval quality on a frozen release', () => {
  it('labels from the preview move recall, precision, MRR and nDCG, and export as the labels file', async () => {
    const { ability, seat, pay } = await seedBank();
    const release = await freezeRelease(await createActor('RESEARCHER'), { name: `q-${uid()}`, note: 'quality' });
    const reviewer = await createActor('REVIEWER');
    const task = 'Upgrade my seat to business cabin and pay with the card on file';
    const query = { task, ability, apps: ['airline'], release: release.name };
    const preview = await previewRetrieval(reviewer, query);
    expect(preview.skillCards.map((c) => c.key)).toContain(seat);
    expect(preview.labels).toEqual([]);

    await labelRetrievalResult(reviewer, { task, ability, apps: ['airline'], cardKey: seat, relevant: true });
    const one = await measureRetrievalQuality(reviewer, { release: release.name });
    expect(one.labelledQueries).toBe(1);
    expect(one.skill.recall).toBe(1);

    // A second relevant card: returned, it raises precision; left out (under the floors), it halves recall.
    await labelRetrievalResult(reviewer, { task, ability, apps: ['airline'], cardKey: pay, relevant: true });
    const two = await measureRetrievalQuality(reviewer, { release: release.name });
    const rank = preview.skillCards.map((c) => c.key);
    const found = [seat, pay].filter((k) => rank.includes(k)).length;
    expect(two.skill.recall).toBeCloseTo(found / 2, 10);
    expect(two.skill.precision).toBeCloseTo(found / rank.length, 10);
    expect([two.skill.recall, two.skill.precision, two.skill.ndcg]).not.toEqual([
      one.skill.recall,
      one.skill.precision,
      one.skill.ndcg,
    ]);
    expect(two.rows[0].relevant.sort()).toEqual([pay, seat].sort());
    expect(two.rows[0].missed).toEqual(rank.includes(pay) ? [] : [pay]);

    const stored = await previewRetrieval(reviewer, query);
    expect(stored.labels).toEqual([pay, seat].sort().map((cardKey) => ({ cardKey, relevant: true })));
    // Each judgement is audited.
    expect(await prisma.auditLog.count({ where: { action: 'retrieval_label.set', actorId: reviewer.userId } })).toBe(2);

    // The export is the labels file: it parses back to the same query.
    const exported = formatLabelsFile(await exportRetrievalLabels(reviewer));
    expect(parseLabelsFile(exported)).toEqual([
      { task, ability, apps: ['airline'], relevant: [pay, seat].sort(), notRelevant: [] },
    ]);

    // A relevant card no longer judged relevant: the numbers fall back to the first ones.
    await labelRetrievalResult(reviewer, { task, ability, apps: ['airline'], cardKey: pay, relevant: false });
    const back = await measureRetrievalQuality(reviewer, { release: release.name });
    expect(back.skill).toEqual(one.skill);
  });

  it(
    'npm run eval:retrieval reads a labels file and reports a frozen release, misses listed',
    { timeout: 120_000 },
    async () => {
      const { ability, seat } = await seedBank();
      const release = await freezeRelease(await createActor('RESEARCHER'), { name: `cli-${uid()}`, note: 'cli' });
      // Changed after the freeze: the release must still answer with what it froze.
      await createSkillCard({
        ability,
        content: skillContent({ title: 'Seat upgrade shortcuts', tags: ['seat', 'upgrade', 'cabin'] }),
      });
      const dir = mkdtempSync(path.join(os.tmpdir(), 'labels-'));
      const file = path.join(dir, 'labels.jsonl');
      writeFileSync(
        file,
        formatLabelsFile([
          { task: 'Upgrade my seat to a better cabin', ability, apps: ['airline'], relevant: [seat] },
          { task: 'My dog travels with me: pets policy?', ability, relevant: ['skill::skill_notinbank'] },
        ]),
      );
      const run = await runEvalRetrieval(['--release', release.name, '--labels', file, '--json']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout);
      expect(report.release).toBe(release.name);
      expect(report.skill.queries).toBe(2);
      expect(report.rows[0]).toMatchObject({ recall: 1, reciprocalRank: 1, missed: [] });
      expect(report.rows[1]).toMatchObject({ recall: 0, missed: ['skill::skill_notinbank'] });
      expect(report.unknownKeys).toEqual(['skill::skill_notinbank']);

      const text = await runEvalRetrieval(['--release', release.name, '--labels', file]);
      expect(text.stdout).toContain(`retrieval quality on release "${release.name}", k = 3`);
      expect(text.stdout).toMatch(/skill cards \(2 labelled queries\): recall@3 50\.0%/);
      expect(text.stdout).toContain(
        'miss (skill) "My dog travels with me: pets policy?": wanted skill::skill_notinbank',
      );

      writeFileSync(file, '{"task": "x", "relevant": ["skill::a"]}\n{"task": "", "relevant": []}\n');
      const bad = await runEvalRetrieval(['--labels', file]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(`${file} line 2, task: task text is required`);
    },
  );

  it('refuses labelling to a researcher and a card key that is not one', async () => {
    const input = { task: 'Upgrade my seat', cardKey: 'skill::skill_x', relevant: true };
    await expect(labelRetrievalResult(await createActor('RESEARCHER'), input)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const err = await labelRetrievalResult(await createActor('REVIEWER'), { ...input, cardKey: 'seat card' }).catch(
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(AppError);
    expect(String(err)).toContain('expected a card key');
  });
});
