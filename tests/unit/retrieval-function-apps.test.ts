import { describe, expect, it } from 'vitest';
import { RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';
import { syntheticBank, syntheticQueries } from '@/scripts/lib/synthetic-bank';

// The bench's bank: 10,000 skill + 500 function cards over 5 apps that share verbs (cancel, search, list…).
const index = new RetrievalIndex(syntheticBank());

describe('function cards at task start', () => {
  it('come only from the apps the task names, even when another app’s tool shares a word with it', () => {
    const offApp: string[] = [];
    for (const q of syntheticQueries) {
      const app = q.apps[0];
      for (const f of index.rankFunctions({ query: q.task, apps: q.apps }))
        if (f.card.content.app !== app) offApp.push(`${app}: ${f.card.content.tool}`);
    }
    expect(offApp).toEqual([]);
  });

  it('still fill the block from the task’s own app', () => {
    const res = runRetrieval(index, 'bench', {
      task: 'Please cancel the booking and tell me the refund',
      apps: ['travel'],
      ability: 'travel',
    });
    expect(res.response.functionCards.map((f) => f.tool)).toEqual([
      expect.stringMatching(/^travel\./),
      expect.stringMatching(/^travel\./),
    ]);
  });

  it('are ranked over every app when the task names none', () => {
    const apps = new Set(
      index
        .rankFunctions({ query: 'cancel the booking, the order and the event', k: 10 })
        .map((f) => f.card.content.app),
    );
    expect(apps.size).toBeGreaterThan(1);
  });

  it('keep an app family together: a task on "mail_v2" gets the "mail" cards', () => {
    const tools = index
      .rankFunctions({ query: 'archive the draft', apps: ['mail_v2'] })
      .map((f) => f.card.content.tool);
    expect(tools.length).toBe(2);
    expect(tools.every((t) => t.startsWith('mail.'))).toBe(true);
  });
});
