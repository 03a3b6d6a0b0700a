'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextInput } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';

/**
 * An admin sets a new password for a user who lost theirs (or whose password leaked). The server ends
 * every session the user had, so whoever knew the old password is signed out too.
 */
export function ResetPassword({ userId, email }: { userId: string; email: string }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: () => apiFetch(`/api/admin/users/${userId}`, { method: 'PATCH', json: { password } }),
    onSuccess: () => {
      setPassword('');
      setOpen(false);
    },
  });
  if (!open) {
    return (
      <span className="inline-flex flex-col items-end gap-1">
        <Button type="button" variant="ghost" onClick={() => setOpen(true)}>
          Reset password
        </Button>
        {reset.isSuccess ? (
          <span role="status" className="text-xs text-emerald-700">
            Password reset; {email} was signed out everywhere.
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <form
      aria-label={`Reset the password of ${email}`}
      className="inline-flex flex-col items-end gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        reset.mutate();
      }}
    >
      <span className="inline-flex items-center gap-1.5">
        <TextInput
          type="password"
          aria-label={`New password for ${email}`}
          autoComplete="new-password"
          minLength={8}
          required
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
          className="mt-0 w-44"
        />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Setting…' : 'Set password'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </span>
      <ErrorMessage error={reset.error} />
    </form>
  );
}
