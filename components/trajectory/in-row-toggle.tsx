import type { ReactNode } from 'react';

/**
 * A show/hide button inside a clickable event row: its click stays its own (it would
 * otherwise also select the event). `on` is announced as aria-expanded when the button
 * shows or hides content, as aria-pressed (`switches`) when it switches between two views.
 */
export function InRowToggle({
  on,
  onToggle,
  switches = false,
  className,
  children,
}: {
  on: boolean;
  onToggle: () => void;
  switches?: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={switches ? undefined : on}
      aria-pressed={switches ? on : undefined}
      onClick={(e) => {
        e.stopPropagation();
        onToggle();
      }}
      className={className}
    >
      {children}
    </button>
  );
}
