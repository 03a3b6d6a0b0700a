'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, TextInput } from '@/components/ui/field';
import { afterSignIn } from '@/lib/auth/return-path';
import { ApiError, apiFetch } from '@/lib/http/api-client';
import { waitText } from '@/lib/text/wait-text';

/** Seconds left until `until` (ms since the epoch), counted down once a second; 0 when past or unset. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until == null) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [until]);
  return until == null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** `next`: the page to open once signed in (checked by the login page to be one of this site), else the role's home. */
export function LoginForm({ next }: { next: string | null }) {
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  // Throttled (429): the server's Retry-After, counted down on the page; signing in waits for it.
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const wait = useSecondsLeft(blockedUntil);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (wait > 0) return;
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    setBlockedUntil(null);
    try {
      const { home } = await apiFetch<{ home: string }>('/api/auth/login', {
        method: 'POST',
        json: { email: form.get('email'), password: form.get('password') },
      });
      window.location.assign(afterSignIn(next, home));
    } catch (err) {
      if (err instanceof ApiError && err.status === 429 && err.retryAfterSeconds)
        setBlockedUntil(Date.now() + err.retryAfterSeconds * 1000);
      setError(err);
      setPending(false);
    }
  }

  const throttled = blockedUntil != null;
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field label="E-mail">
        <TextInput name="email" type="email" autoComplete="username" required autoFocus />
      </Field>
      <Field label="Password">
        <TextInput name="password" type="password" autoComplete="current-password" required />
      </Field>
      {throttled ? (
        <p
          role="alert"
          data-testid="login-throttled"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {wait > 0 ? `Too many failed sign-ins. Try again in ${waitText(wait)}.` : 'You can try again now.'}
        </p>
      ) : (
        <ErrorMessage error={error} />
      )}
      <Button type="submit" disabled={pending || wait > 0} className="w-full justify-center">
        {pending ? 'Signing in…' : wait > 0 ? `Wait ${waitText(wait)}` : 'Sign in'}
      </Button>
    </form>
  );
}
