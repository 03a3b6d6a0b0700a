import type { ComponentProps, ReactNode } from 'react';

const CONTROL = 'mt-1 block w-full rounded-md border-0 px-2.5 py-1.5 text-sm shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      {children}
    </label>
  );
}

// ComponentProps (not *HTMLAttributes) so a `ref` passes through (React 19 refs are props).
export function TextInput(props: ComponentProps<'input'>) {
  return <input {...props} className={`${CONTROL} ${props.className ?? ''}`} />;
}

export function Select(props: ComponentProps<'select'>) {
  return <select {...props} className={`${CONTROL} bg-white ${props.className ?? ''}`} />;
}
