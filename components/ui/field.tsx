import { useId, type ComponentProps, type ReactNode } from 'react';
import { revealBidi } from '@/lib/text/reveal-bidi';

/**
 * Every text input and select shares this class. The fixed height is what
 * keeps a filter bar's row straight: a bare `<select>` and an `<input
 * type="date">` are each a few pixels taller than a text input with the same
 * padding, so their labels and the Apply button did not line up.
 */
export const CONTROL =
  'mt-1 block h-8 w-full rounded-md border-0 px-2.5 py-1.5 text-sm shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500';

/** CONTROL without the fixed height, for a textarea. */
const AREA =
  'block w-full rounded-md border-0 px-2.5 py-1.5 text-sm shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500';

/** A label above its control; `className` sizes the pair in a flex row (e.g. `min-w-44`). */
export function Field({
  label,
  children,
  className = '',
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className={`block text-sm font-medium text-slate-700 ${className}`.trim()}>
      {label}
      {children}
    </label>
  );
}

// ComponentProps (not *HTMLAttributes) so a `ref` passes through (React 19 refs are props).
export function TextInput(props: ComponentProps<'input'>) {
  return <input {...props} className={`${CONTROL} ${props.className ?? ''}`} />;
}

/** A labelled text input whose text is kept in state: `onValue` gets what is typed. */
export function TextField({
  label,
  onValue,
  ...input
}: Omit<ComponentProps<'input'>, 'onChange'> & { label: ReactNode; onValue: (value: string) => void }) {
  return (
    <Field label={label}>
      <TextInput {...input} onChange={(e) => onValue(e.target.value)} />
    </Field>
  );
}

/** A text input with typed-or-picked suggestions (a `<datalist>` of its own); any other text can still be typed. */
export function SuggestInput({ suggestions, ...input }: ComponentProps<'input'> & { suggestions?: readonly string[] }) {
  const id = useId();
  if (!suggestions) return <TextInput {...input} />;
  return (
    <>
      <TextInput {...input} list={id} />
      <datalist id={id}>
        {suggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </>
  );
}

/** A checkbox with its label after it; `fieldClassName` adds to the pair's classes (its place in a row). */
export function CheckboxField({
  label,
  fieldClassName = '',
  onChecked,
  ...checkbox
}: Omit<ComponentProps<'input'>, 'type' | 'onChange'> & {
  label: ReactNode;
  fieldClassName?: string;
  onChecked: (checked: boolean) => void;
}) {
  return (
    <label className={`flex items-center gap-2 text-sm text-slate-700 ${fieldClassName}`}>
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300"
        {...checkbox}
        onChange={(e) => onChecked(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** A multi-line text input, in the same frame as TextInput. */
export function TextArea(props: ComponentProps<'textarea'>) {
  return <textarea {...props} className={`${AREA} ${props.className ?? ''}`} />;
}

export function Select(props: ComponentProps<'select'>) {
  return <select {...props} className={`${CONTROL} bg-white ${props.className ?? ''}`} />;
}

/** `[value, label]` of one `<option>`. */
export type Option = readonly [value: string, label: string];

/** The same value as its own label: `['a', 'a']`. */
export const pairs = (xs: readonly string[]): Option[] => xs.map((x) => [x, x]);

/** A labelled select over `[value, label]` options; `fieldClassName` sizes the label + select pair. */
export function SelectField({
  label,
  options,
  fieldClassName,
  ...select
}: ComponentProps<'select'> & { label: ReactNode; options: readonly Option[]; fieldClassName?: string }) {
  return (
    <Field label={label} className={fieldClassName}>
      <Select {...select}>
        <Options options={options} />
      </Select>
    </Field>
  );
}

/** The `<option>`s of a select, from `[value, label]` pairs. */
export function Options({ options }: { options: readonly Option[] }) {
  return options.map(([value, text]) => (
    <option key={value} value={value}>
      {/* Option labels are often imported names (models, benchmarks): bidi controls show as markers. */}
      {revealBidi(text)}
    </option>
  ));
}
