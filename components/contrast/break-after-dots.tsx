import { Fragment } from 'react';

/** `App.function` wraps after its dots, not mid-word, when a column is narrow. */
export function BreakAfterDots({ text }: { text: string }) {
  const parts = text.split(/(?<=\.)/);
  return parts.map((p, i) => (
    <Fragment key={i}>
      {p}
      {i < parts.length - 1 ? <wbr /> : null}
    </Fragment>
  ));
}
