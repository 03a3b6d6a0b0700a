import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { combinePromptIds, loadFocus, readTemplate, renderPrompt } from '@/lib/llm/prompts';

describe('versioned prompt files', () => {
  it('every prompt file carries a version header and hashes its exact bytes', () => {
    const dir = path.resolve(process.cwd(), 'prompts');
    const files = [
      ...readdirSync(dir).filter((f) => f.endsWith('.md')),
      ...readdirSync(path.join(dir, 'focus')).map((f) => `focus/${f}`),
    ];
    expect(files).toEqual(
      expect.arrayContaining(['reflector.md', 'curator.md', 'function-card.md', 'focus/default.md']),
    );
    for (const f of files) {
      const t = readTemplate(f);
      expect(t.version, f).toMatch(/^[\w-]+@\d+$/);
      // The hash is of the file's exact bytes (header included), so any edit to a prompt changes it.
      expect(t.hash, f).toBe(
        createHash('sha256')
          .update(readFileSync(path.join(dir, f)))
          .digest('hex'),
      );
      expect(t.body).not.toMatch(/^---/);
    }
    expect(new Set(files.map((f) => readTemplate(f).hash)).size).toBe(files.length);
    expect(renderPrompt('repair', { problem: 'x' }).hash).toBe(readTemplate('repair.md').hash);
  });

  it('fills every slot and refuses a missing one', () => {
    const p = renderPrompt('curator', {
      delta_index: 2,
      delta: '{"title":"x"}',
      cards: '(none)',
      function_cards: '(none)',
      outcome_rule: 'RULE',
    });
    expect(p.text).toContain('Delta 2:');
    expect(p.text).not.toMatch(/\{\{\w+\}\}/);
    expect(p.version).toBe('curator@2');
    expect(() => renderPrompt('curator', { delta_index: 0 })).toThrow(/curator.md: no value for \{\{\w+\}\}/);
  });

  it('uses the ability focus text when one exists and the default otherwise', () => {
    expect(loadFocus('mail').version).toBe('focus-mail@1');
    expect(loadFocus('airline').version).toBe('focus-airline@1');
    expect(loadFocus('unknown-bank').version).toBe('focus-default@1');
    expect(loadFocus(null).version).toBe('focus-default@1');
    expect(loadFocus('../reflector').version).toBe('focus-default@1');
  });

  it('combines the prompts of a run into one version and one hash', () => {
    const a = readTemplate('reflector.md');
    const b = readTemplate('curator.md');
    const ids = combinePromptIds([a, b]);
    expect(ids.version).toBe('reflector@3+curator@2');
    expect(ids.hash).not.toBe(combinePromptIds([b, a]).hash);
  });
});
