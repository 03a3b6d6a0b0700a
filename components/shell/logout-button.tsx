'use client';

import { useState } from 'react';
import { clearUnsentDrafts } from '@/components/diagnosis/unsent-draft';
import { apiFetch } from '@/lib/http/api-client';

/**
 * A form, so that "Log out" works before the page has hydrated (a click
 * handler alone does nothing until then): without JavaScript it posts the
 * form and the server answers with a redirect to the login page. Once
 * hydrated, the same click posts with fetch and then loads the login page.
 */
export function LogoutButton() {
  const [pending, setPending] = useState(false);
  return (
    <form
      method="post"
      action="/api/auth/logout"
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        await apiFetch('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
        // Diagnosis text this tab kept until saved is the signed-out user's: the next one at this browser must not find it.
        clearUnsentDrafts();
        // A full page load on purpose: it drops every cached query of the signed-out user.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign('/login');
      }}
    >
      <button type="submit" disabled={pending} className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100">
        Log out
      </button>
    </form>
  );
}
