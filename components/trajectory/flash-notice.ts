/**
 * A one-shot message that survives one client navigation ("Submitted 25_0 ·
 * now: next trajectory" shown on the page "submit & next" opened). Kept in
 * sessionStorage so it stays in this tab and is gone once read. `key` keeps
 * one screen's messages (the review pages': 'review-flash') from showing on another.
 */
const KEY = 'workspace-flash';

export function setFlash(text: string, key = KEY) {
  try {
    sessionStorage.setItem(key, text);
  } catch {
    // Storage disabled: the next page simply shows no message.
  }
}

export function takeFlash(key = KEY): string | null {
  try {
    const text = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return text;
  } catch {
    return null;
  }
}
