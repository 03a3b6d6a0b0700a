'use client';

import { useState } from 'react';
import { apiFetch } from '@/lib/http/api-client';

export function LogoutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100"
      onClick={async () => {
        setPending(true);
        await apiFetch('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
        // A full page load on purpose: it drops every cached query of the signed-out user.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign('/login');
      }}
    >
      Log out
    </button>
  );
}
