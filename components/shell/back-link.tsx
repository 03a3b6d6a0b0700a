'use client';

import { useRouter } from 'next/navigation';

/** "Back" to where the visitor came from; home when there is no history (a typed or pasted URL). */
export function BackLink({ fallback }: { fallback: string }) {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => (window.history.length > 1 ? router.back() : router.push(fallback))}
      className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500"
    >
      ← Go back
    </button>
  );
}
