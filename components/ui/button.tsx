import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-500 disabled:bg-indigo-300',
  secondary: 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-rose-600 text-white hover:bg-rose-500 disabled:bg-rose-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
};

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium shadow-sm transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}

/** A button that reads as a link in running text ("show all tasks"): an action on this page, not a way elsewhere. */
export function TextButton({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className={`text-indigo-700 hover:underline ${className}`} {...props} />;
}

/** A form's submit button, disabled while its request is pending and saying so (`busyLabel`). */
export function SubmitButton({
  pending,
  busyLabel = 'Saving…',
  disabled,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; busyLabel?: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? busyLabel : children}
    </Button>
  );
}
