'use client';

import { useEffect } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The error state of a console page. In production a server error reaches the browser
 * without its message (only a digest that matches the server log), so the text says what
 * the user can do rather than repeating a message we do not have.
 */
export function ConsoleError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div
      role="alert"
      data-testid="page-error"
      className="mx-auto mt-12 max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-rose-200"
    >
      <h1 className="text-xl font-semibold">This page could not be loaded</h1>
      <p className="mt-2 text-sm text-slate-600">
        Something went wrong on the server or the connection dropped. Try again; if it keeps failing, give an
        administrator the reference below.
      </p>
      {error.digest ? <p className="mt-2 font-mono text-xs text-slate-600">Reference: {error.digest}</p> : null}
      <div className="mt-5">
        <Button onClick={retry}>Try again</Button>
      </div>
    </div>
  );
}
