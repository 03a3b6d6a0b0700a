import type { BankCard } from '@/lib/retrieval/bank-card';
import { appFamily, RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';
import type { EvalTask } from './retrieval-hits';

/**
 * eval:reflection's "no function card from an app or ability the task does
 * not name": every task's instruction is retrieved against the bank plus
 * function cards of other apps (the distractors: in a shared bank, another
 * team's tools), once with the task's apps and once with the apps left out
 * (then the ability bank's apps scope the block). A function card whose app
 * family is neither the task's nor, without apps, its ability bank's is a
 * violation. The same queries ranked over every function card show what the
 * scoping keeps out.
 */
export type FunctionScopeCheck = {
  queries: number;
  violations: string[];
  /** Function cards of other apps the same queries would rank without app scoping. */
  unscopedForeign: number;
};

export function checkFunctionScope(bank: BankCard[], distractors: BankCard[], tasks: EvalTask[]): FunctionScopeCheck {
  const index = new RetrievalIndex([...bank, ...distractors]);
  const unscoped = new RetrievalIndex(distractors.filter((c) => c.kind === 'FUNCTION'));
  const out: FunctionScopeCheck = { queries: 0, violations: [], unscopedForeign: 0 };
  for (const t of tasks) {
    const task = t.instruction.slice(0, 20_000) || t.externalId;
    for (const apps of [t.apps, []]) {
      out.queries++;
      const scope = index.functionScope({ apps, ability: t.ability });
      const allowed = new Set(apps.length ? apps.map(appFamily) : scope.apps);
      const res = runRetrieval(index, 'eval', { task, apps, ability: t.ability ?? undefined });
      for (const f of res.functions)
        if (!f.card.apps.some((a) => allowed.has(appFamily(a))))
          out.violations.push(
            `${t.benchmark} ${t.externalId} (${apps.length ? `apps ${apps.join(', ')}` : 'no apps given'}): ${f.card.content.tool}`,
          );
      const foreign = t.apps.map(appFamily);
      out.unscopedForeign += unscoped
        .rankFunctions({ query: task })
        .filter((f) => !f.card.apps.some((a) => foreign.includes(appFamily(a)))).length;
    }
  }
  return out;
}

export function formatFunctionScope(c: FunctionScopeCheck): string[] {
  return [
    `function cards from an app or ability the task does not name: ${c.violations.length} in ${c.queries} queries (must be 0; each task with its apps and with none, other apps' function cards added to the bank; unscoped, the same queries would rank ${c.unscopedForeign})`,
    ...c.violations.map((v) => `    ${v}`),
  ];
}
