import type { ArmOption } from '@/lib/compare/arm-options';
import type { CompareQuery } from '@/lib/compare/arm-spec';

const input = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm';

/**
 * The two arms and the scope, as a plain GET form: the choice lives in the URL (shareable, back
 * button), it works from the keyboard, and any arm text can be typed beside the suggestions.
 */
export function ArmsChooser({ options, query }: { options: ArmOption[]; query: Partial<CompareQuery> }) {
  return (
    <form
      action="/compare"
      method="get"
      className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="arms-chooser"
    >
      <datalist id="arm-options">
        {options.map((o) => (
          <option key={o.value} value={o.value} label={o.label} />
        ))}
      </datalist>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <label className="text-sm font-medium text-slate-700 lg:col-span-1">
          Arm A (before)
          <input name="a" list="arm-options" defaultValue={query.a ?? ''} required placeholder="R0" className={input} />
        </label>
        <label className="text-sm font-medium text-slate-700 lg:col-span-1">
          Arm B (after)
          <input
            name="b"
            list="arm-options"
            defaultValue={query.b ?? ''}
            required
            placeholder="a release name"
            className={input}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Benchmark
          <input name="benchmark" defaultValue={query.benchmark ?? ''} placeholder="all" className={input} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Ability
          <input name="ability" defaultValue={query.ability ?? ''} placeholder="all" className={input} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Task
          <input name="task" defaultValue={query.task ?? ''} placeholder="all, or airline/16" className={input} />
        </label>
      </div>
      <p className="mt-2 text-xs text-slate-600">
        An arm is <code>R0</code> (no memory), a release name, or <code>key=value</code> parts joined by commas
        (release, model, agent, import), e.g. <code>release=v2,model=gpt-4.1</code>.
      </p>
      <button
        type="submit"
        className="mt-3 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700"
      >
        Compare
      </button>
    </form>
  );
}
