/** Shown while the task's runs are loaded and aligned. */
export default function Loading() {
  return (
    <div role="status" className="animate-pulse space-y-4" aria-label="Loading the task contrast">
      <div className="h-8 w-72 rounded bg-slate-200" />
      <div className="h-24 rounded-lg bg-slate-200" />
      <div className="h-96 rounded-lg bg-slate-200" />
      <span className="sr-only">Loading the task contrast…</span>
    </div>
  );
}
