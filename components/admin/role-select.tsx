'use client';

import type { Role } from '@prisma/client';
import { useState } from 'react';
import { ConfirmQuestion } from '@/components/ui/confirm-button';
import { Options, Select, type Option } from '@/components/ui/field';
import type { UserListItem } from '@/lib/users/schemas';
import { describeTokens, tokensRevokedByRole } from '@/lib/users/token-revocation';

const ROLES = ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'] as const;
/** The roles as a menu offers them, lower-case. */
export const ROLE_CHOICES: Option[] = ROLES.map((r) => [r, r.toLowerCase()]);

/**
 * A user's role, saved on change. A change that revokes some of the user's working API tokens (a token's
 * role must not outlive its owner's, see tokensRevokedByRole) asks first, naming how many and which, and that
 * Undo will not bring them back; a change that revokes nothing is saved at once, as before.
 */
export function RoleSelect({
  user,
  disabled,
  onChange,
}: {
  user: UserListItem;
  disabled: boolean;
  onChange: (role: Role) => void;
}) {
  const [asking, setAsking] = useState<Role | null>(null);
  const revoked = asking ? tokensRevokedByRole(user.activeTokens, asking) : [];
  return (
    <div className="flex flex-col items-start gap-1">
      <Select
        aria-label={`Role of ${user.email}`}
        value={user.role}
        disabled={disabled}
        onChange={(e) => {
          const role = e.target.value as Role;
          if (tokensRevokedByRole(user.activeTokens, role).length) setAsking(role);
          else onChange(role);
        }}
        className="mt-0 min-w-32"
      >
        <Options options={ROLE_CHOICES} />
      </Select>
      {asking ? (
        <ConfirmQuestion
          label={`role of ${user.email}`}
          question={`Making ${user.email} ${asking.toLowerCase()} revokes ${describeTokens(revoked)}: a token cannot act with a role its owner no longer has. Undo restores the role, not the tokens.`}
          confirmLabel={`Change role and revoke ${revoked.length === 1 ? 'the token' : `${revoked.length} tokens`}`}
          disabled={disabled}
          onConfirm={() => onChange(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
