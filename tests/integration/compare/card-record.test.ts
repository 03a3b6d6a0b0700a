import { describe, expect, it } from 'vitest';
import { cardRecords, readCardRecord } from '@/lib/compare/card-record';
import { createSkillCard } from '../../helpers/bank-factories';
import { FAILED as F, PASSED as P, monthlyReleases, seedArmRuns } from '../../helpers/compare-arms';
import { createActor, uid } from '../../helpers/factories';

describe("a card's record: flips of the tasks it was injected into", () => {
  it('counts helped and hurt against the round before each release, with the pairs behind them', async () => {
    const bench = `rec-${uid()}`;
    const [r1, r2] = await monthlyReleases('r1', 'r2');
    const { card } = await createSkillCard({ ability: 'airline' });
    const { card: other } = await createSkillCard({ ability: 'airline' });
    const ids = await seedArmRuns(bench, [
      // t1 hurt under r2 (against r1); t2 helped under r2; t3 unchanged.
      { task: 't1', trial: 0, release: r1, cps: P },
      { task: 't1', trial: 0, release: r2, cps: F, cards: [card.key, other.key] },
      { task: 't2', trial: 0, release: r1, cps: F },
      { task: 't2', trial: 0, release: r2, cps: P, cards: [card.id] },
      { task: 't3', trial: 0, release: r1, cps: P },
      { task: 't3', trial: 0, release: r2, cps: P, cards: [card.key] },
      // t4 helped under r1, against R0 (the round before the first release).
      { task: 't4', trial: 0, release: null, cps: F },
      { task: 't4', trial: 0, release: r1, cps: P, cards: [card.key] },
      // t5: flipped, but without the card; another model's flip on t1 where the card was not injected either.
      { task: 't5', trial: 0, release: r1, cps: P },
      { task: 't5', trial: 0, release: r2, cps: F },
      { task: 't1', trial: 0, model: 'm2', release: r1, cps: P },
      { task: 't1', trial: 0, model: 'm2', release: r2, cps: F },
      // t6: the card's run has no partner in the round before: not a pair.
      { task: 't6', trial: 0, release: r2, cps: F, cards: [card.key] },
    ]);
    const rec = await readCardRecord(await createActor('ANNOTATOR'), card.key);
    // By hand: helped t2 (r1 → r2) and t4 (R0 → r1); hurt t1 (r1 → r2); unchanged t3.
    expect([rec.helped, rec.hurt, rec.unchanged]).toEqual([2, 1, 1]);
    expect(rec.pairs.map((p) => [p.kind, p.taskExternalId, p.previous, p.release, p.runA, p.runB])).toEqual([
      ['hurt', 't1', r1, r2, ids[0], ids[1]],
      ['helped', 't2', r1, r2, ids[2], ids[3]],
      ['helped', 't4', null, r1, ids[6], ids[7]],
    ]);
    const both = await cardRecords([
      { id: card.id, key: card.key },
      { id: other.id, key: other.key },
    ]);
    expect([both.get(other.id)!.helped, both.get(other.id)!.hurt]).toEqual([0, 1]);
    expect(both.get(card.id)!.hurt).toBe(1);
  });
});
