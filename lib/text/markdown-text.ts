/**
 * Untrusted text (card fields, release notes) as Markdown that renders as exactly that text
 * and nothing else, in any CommonMark/GFM renderer: no raw HTML (`<` `>` `&` become character
 * references, so neither tags nor entity tricks survive), and no link or image (`[` `]` are
 * backslash-escaped, so "[x](javascript:…)" and reference links stay text; autolinks need `<`).
 * Links in an export are only the ones its builder writes around escaped text. Backslashes are
 * escaped first so text cannot cancel the escapes.
 */
const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '[': '\\[',
  ']': '\\]',
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
};

export function markdownText(text: string): string {
  return text.replace(/[\\[\]&<>]/g, (ch) => ESCAPES[ch]);
}

/**
 * `text` as an inline code span, which renders nothing inside it; text that could close or
 * break the span (a backtick, a line break) is given as escaped plain text instead.
 */
export function markdownCode(text: string): string {
  return /[`\r\n]/.test(text) ? markdownText(text) : `\`${text}\``;
}
