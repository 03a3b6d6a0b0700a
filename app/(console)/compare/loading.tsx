/** Pairing two arms of 50,000 runs takes a moment: say so while the report is built. */
export default function Loading() {
  return (
    <p role="status" className="text-sm text-slate-600">
      Pairing the two arms…
    </p>
  );
}
