import { Fragment } from 'react';
import { revealBidi } from '@/lib/text/reveal-bidi';

/**
 * `App.function` wraps after its dots, not mid-word, when a column is narrow.
 * The names are imported (tool and checkpoint names): isolated, bidi controls shown as markers.
 */
export function BreakAfterDots({ text }: { text: string }) {
  const parts = revealBidi(text).split(/(?<=\.)/);
  return (
    <bdi>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </bdi>
  );
}
