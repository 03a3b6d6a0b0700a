/** Only the list: the task page ([taskId]) has its own skeleton, after its 404 check (see its layout). */
export default function Loading() {
  return (
    <p role="status" className="text-sm text-slate-600">
      Loading…
    </p>
  );
}
