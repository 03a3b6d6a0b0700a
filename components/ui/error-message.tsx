import { ApiError } from '@/lib/http/api-client';
import { SessionEnded } from './session-ended';

export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError && error.reason === 'NOT_SIGNED_IN') return <SessionEnded />;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700 ring-1 ring-rose-200">
      {message}
    </p>
  );
}
