'use client';

import { useState, type ReactNode } from 'react';
import { Button } from './button';

/**
 * A button for an action that cannot be undone (revoking a token): the first
 * press only asks, naming what will happen; the action runs on the second,
 * "confirm" press. Cancel or Escape puts the button back.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="secondary" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <ConfirmQuestion
      label={label}
      question={question}
      confirmLabel={confirmLabel}
      disabled={disabled}
      onConfirm={onConfirm}
      onCancel={() => setAsking(false)}
    />
  );
}

/**
 * The question a confirmation asks, with its confirm (focused) and Cancel buttons; Escape cancels.
 * For a control other than a button that must ask first (a role menu whose change revokes tokens).
 */
export function ConfirmQuestion({
  label,
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  disabled,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  disabled?: boolean;
}) {
  return (
    <span
      role="group"
      aria-label={`Confirm: ${label}`}
      className="inline-flex flex-wrap items-center justify-end gap-2"
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <span className="text-xs text-slate-600">{question}</span>
      <Button
        variant="danger"
        disabled={disabled}
        autoFocus
        onClick={() => {
          onCancel();
          onConfirm();
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </span>
  );
}
