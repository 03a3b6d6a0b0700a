import Link from 'next/link';
import type { ContrastTrajectory } from '@/lib/contrast/load-task-contrast';
import { OutcomeBadge } from './outcome-badge';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { plural } from '@/lib/text/plural';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { trajectoryHref } from '@/lib/trajectories/event-link';

/** Who ran this column: model, harness, trial, outcome, and the way into the full trajectory. */
export function TrajectoryColumnHeader({ trajectory: t }: { trajectory: ContrastTrajectory }) {
  return (
    <div className="flex flex-col gap-1 text-left">
      <UntrustedText text={t.model} clip className="font-semibold text-slate-900" />
      <span className="truncate text-xs font-normal text-slate-600">
        {revealBidi(
          [t.agent, t.trial != null ? `trial ${t.trial}` : null, plural(t.toolCallCount, 'tool call')]
            .filter(Boolean)
            .join(' · '),
        )}
      </span>
      <span className="flex items-center gap-2">
        <OutcomeBadge passed={t.passed} score={t.score} />
        <Link href={trajectoryHref(t.id)} className="text-xs font-medium text-indigo-700 hover:underline">
          Open<span className="sr-only"> trajectory of {revealBidi(t.model)}</span>
        </Link>
      </span>
    </div>
  );
}
