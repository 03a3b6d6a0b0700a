/** What a console page shows while its server component loads (the route's loading.tsx). */
export function PageLoading() {
  return (
    <p role="status" className="text-sm text-slate-500">
      Loading…
    </p>
  );
}
