/**
 * A one-shot message that survives one client navigation ("Submitted 25_0 ·
 * now: next trajectory" shown on the page "submit & next" opened). Kept in
 * sessionStorage so it stays in this tab and is gone once read.
 */
const KEY = 'workspace-flash';

export function setFlash(text: string) {
  try {
    sessionStorage.setItem(KEY, text);
  } catch {
    // Storage disabled: the next page simply shows no message.
  }
}

export function takeFlash(): string | null {
  try {
    const text = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return null;
  }
}
