/**
 * Bidirectional control characters (LRM/RLM, ALM, the embeddings and overrides
 * U+202A–U+202E, the isolates U+2066–U+2069). Invisible on screen, they reorder
 * the text around them, so untrusted content can show "RTL\u202Eevil" as
 * "RTLlive" or disguise "txt.exe". Nothing legitimate in a trajectory needs them
 * to take effect when a human reads it.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The same text with every bidi control shown as an inert marker, e.g. "⟨U+202E⟩". For display only: stored data keeps them. */
export function revealBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}
