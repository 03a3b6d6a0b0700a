import { UntrustedText } from '@/components/ui/untrusted-text';
import { queueUnappliedFilters } from '@/lib/dashboard/filter-schema';

/**
 * On the queue, reached from a dashboard point: the dashboard filters the queue
 * has no filter for. Said plainly, so a longer list than the point counted is
 * not taken for the same set.
 */
export function QueueUnappliedNote({ raw }: { raw: Record<string, string | undefined> }) {
  const unapplied = queueUnappliedFilters(raw);
  if (!unapplied.length) return null;
  return (
    <p
      className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
      data-testid="queue-unapplied"
    >
      Not applied here (the queue has no such filter): <UntrustedText text={unapplied.join(' · ')} />. This list shows
      every pending trajectory of the other filters, so it can hold more than the dashboard point counted.
    </p>
  );
}
