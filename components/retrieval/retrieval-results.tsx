import type { RetrievalPreview } from '@/lib/releases/preview-retrieval';
import { LeakList } from './leak-list';
import { RankedCardsTable, type Labelling } from './ranked-cards-table';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { plural } from '@/lib/text/plural';

function TextBlock({
  label,
  text,
  tokens,
  budget,
  testId,
}: {
  label: string;
  text: string;
  tokens: number;
  budget: number;
  testId: string;
}) {
  return (
    <section aria-label={label}>
      <div className="mb-1 flex items-baseline justify-between">
        <h2 className="text-sm font-semibold text-slate-800">{label}</h2>
        <span
          className={`text-xs tabular-nums ${tokens > budget ? 'text-rose-700' : 'text-slate-600'}`}
          data-testid={`${testId}-tokens`}
        >
          {tokens} / {budget} tokens
        </span>
      </div>
      {text ? (
        <pre
          className="max-h-96 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-slate-900 p-3 text-xs leading-relaxed text-slate-100"
          data-testid={testId}
        >
          {text}
        </pre>
      ) : (
        <p
          className="rounded border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-600"
          data-testid={testId}
        >
          Nothing is injected: no card matched.
        </p>
      )}
    </section>
  );
}

/** Ranked cards with score parts, the rendered block, the pre-tool block and leakage warnings. */
export function RetrievalResults({ result, labelling }: { result: RetrievalPreview; labelling?: Labelling }) {
  const leaks = result.leakage?.leaks ?? [];
  const leakKeys = new Set(leaks.map((l) => l.cardKey));
  return (
    <div className="space-y-6">
      <p className="text-xs text-slate-600">
        Minimum score: {result.minScore.skill.toFixed(2)} (skill), {result.minScore.function.toFixed(2)} (function), and{' '}
        {Math.round(result.minScore.shareOfBest * 100)}% of the best card’s BM25. Bank:{' '}
        <span className="font-medium text-slate-700">
          {result.release === 'current' ? 'current (live)' : `release ${result.release}`}
        </span>
        {result.skipped.length
          ? ` · ${plural(result.skipped.length, 'card')} skipped: their stored content no longer parses (${result.skipped.join(', ')})`
          : ''}
      </p>
      {leaks.length ? (
        <section
          role="alert"
          aria-label="Leakage warnings"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3"
        >
          <h2 className="text-sm font-semibold text-amber-900">
            Leakage: {leaks.length} retrieved card{leaks.length === 1 ? ' was' : 's were'} built from this same task (
            {result.leakage!.task.benchmark} · {result.leakage!.task.externalId})
          </h2>
          <p className="mb-2 text-xs text-amber-800">
            Evaluating on this task with these cards would measure memorisation, not transfer.
          </p>
          <LeakList leaks={leaks} />
        </section>
      ) : result.leakage ? (
        <p className="text-xs text-emerald-700">
          No leakage: no retrieved card was built from {result.leakage.task.externalId}.
        </p>
      ) : null}
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-800">Skill cards</h2>
        {result.emptyBank ? (
          <p
            className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="empty-bank"
          >
            This bank has no skill cards for the ability “<UntrustedText text={result.emptyBank} />” (its tasks or cards
            exist, but none of its cards is active in this bank), so no skill card can be retrieved for it.
          </p>
        ) : null}
        <RankedCardsTable rows={result.skillCards} label="Skill cards" leakKeys={leakKeys} labelling={labelling} />
      </section>
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-800">Function cards</h2>
        {result.functionScope.note ? (
          <p
            className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="function-scope-note"
          >
            {result.functionScope.note} Name the task’s apps to keep another app’s tools out of the block.
          </p>
        ) : (
          <p className="text-xs text-slate-600">
            From the task’s apps: <UntrustedText text={result.functionScope.apps.join(', ')} />
          </p>
        )}
        <RankedCardsTable
          rows={result.functionCards}
          label="Function cards"
          leakKeys={leakKeys}
          labelling={labelling}
        />
      </section>
      <TextBlock
        label="Task-start block"
        text={result.block}
        tokens={result.tokens}
        budget={result.budget}
        testId="task-start-block"
      />
      {result.preTool ? (
        result.preTool.key ? (
          <TextBlock
            label={`Pre-tool block: ${result.preTool.function}`}
            text={result.preTool.block}
            tokens={result.preTool.tokens}
            budget={result.preToolBudget}
            testId="pre-tool-block"
          />
        ) : (
          <p className="text-sm text-slate-600" data-testid="pre-tool-block">
            No function card for {result.preTool.function}: nothing is shown before that call.
          </p>
        )
      ) : null}
    </div>
  );
}
