export default function Loading() {
  return (
    <p role="status" className="text-sm text-slate-500">
      Loading…
    </p>
  );
}
