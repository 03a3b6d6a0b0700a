'use client';

import { memo } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { revealBidi } from '@/lib/text/reveal-bidi';

/**
 * An agent or user message rendered as markdown, safely: trajectory text is
 * untrusted. No rehype-raw, so no HTML is ever interpreted — inline HTML is
 * turned into literal text (it stays visible as evidence, it is not dropped);
 * `defaultUrlTransform` empties `javascript:`/`data:` and other unsafe URLs;
 * links open in a new tab with `rel="noopener noreferrer"`; images are never
 * loaded (their alt text is shown instead). Bidi controls are shown as markers
 * (revealBidi) before parsing, so no part of the message can reorder another.
 */
type MdNode = { type: string; value?: string; children?: MdNode[] };

/** remark plugin: every raw HTML node becomes a text node with the same source. */
function htmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return (tree: MdNode) => walk(tree);
}

const COMPONENTS: Components = {
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="text-indigo-700 underline"
        onClick={(e) => e.stopPropagation()}
      >
        {children}
      </a>
    ) : (
      <span className="underline decoration-dotted">{children}</span>
    ),
  img: ({ alt }) => (
    <span className="rounded bg-slate-100 px-1 text-xs text-slate-600">
      [image{alt ? `: ${alt}` : ''} — not loaded]
    </span>
  ),
  p: ({ children }) => <p className="my-1 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-1 list-disc pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1 list-decimal pl-5">{children}</ol>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-[12px]">{children}</code>,
  pre: ({ children }) => (
    <pre className="my-1 overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs">{children}</pre>
  ),
  h1: ({ children }) => <p className="my-1 font-semibold">{children}</p>,
  h2: ({ children }) => <p className="my-1 font-semibold">{children}</p>,
  h3: ({ children }) => <p className="my-1 font-semibold">{children}</p>,
};

/** Memoised per content: a row re-rendered for its cursor or selection does not parse its message again. */
export const MessageMarkdown = memo(function MessageMarkdown({ text }: { text: string }) {
  return (
    <div className="text-slate-800 wrap-anywhere" data-testid="message-markdown">
      <Markdown remarkPlugins={[htmlAsText]} urlTransform={defaultUrlTransform} components={COMPONENTS}>
        {revealBidi(text)}
      </Markdown>
    </div>
  );
});
