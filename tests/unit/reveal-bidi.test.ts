import { describe, expect, it } from 'vitest';
import { revealBidi } from '@/lib/text/reveal-bidi';

describe('bidi controls in untrusted text are shown, not obeyed', () => {
  it('turns a right-to-left override into a visible marker, so "RTL\\u202Eevil" cannot read as "RTLlive"', () => {
    expect(revealBidi('RTL\u202eevil')).toBe('RTL⟨U+202E⟩evil');
  });

  it('marks every kind: marks, embeddings, overrides and isolates', () => {
    const all = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(revealBidi(all)).toBe(
      '⟨U+061C⟩⟨U+200E⟩⟨U+200F⟩⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩⟨U+202E⟩⟨U+2066⟩⟨U+2067⟩⟨U+2068⟩⟨U+2069⟩',
    );
  });

  it('leaves ordinary right-to-left text and other invisible characters alone', () => {
    expect(revealBidi('שלום مرحبا a\u200bb')).toBe('שלום مرحبا a\u200bb');
  });
});
