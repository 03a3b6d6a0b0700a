import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The one loader for the versioned prompt files in `prompts/`. Each file starts
 * with a `version:` header; the body holds `{{name}}` slots. Runs store the
 * version and the sha256 of the exact template bytes, so a changed prompt is
 * visible on every run it produced.
 */
export type PromptName = 'reflector' | 'curator' | 'function-card' | 'repair';
export type PromptTemplate = { name: string; version: string; hash: string; body: string };
export type RenderedPrompt = { name: string; version: string; hash: string; text: string };

const promptsDir = () => path.resolve(process.cwd(), 'prompts');

export function readTemplate(relative: string): PromptTemplate {
  const raw = readFileSync(path.join(promptsDir(), relative), 'utf8');
  const m = raw.match(/^---\s*\n([\s\S]*?)\n---\s*\n([\s\S]*)$/);
  if (!m) throw new Error(`prompts/${relative}: missing the "---\\nversion: …\\n---" header`);
  const version = m[1].match(/^version:\s*(\S+)\s*$/m)?.[1];
  if (!version) throw new Error(`prompts/${relative}: header has no version`);
  return { name: relative.replace(/\.md$/, ''), version, hash: sha256(raw), body: m[2].trim() };
}

/** Fills every `{{slot}}`; a slot without a value is a bug in the caller, so it throws. */
export function renderPrompt(name: PromptName, vars: Record<string, string | number>): RenderedPrompt {
  const t = readTemplate(`${name}.md`);
  const text = t.body.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in vars)) throw new Error(`prompts/${name}.md: no value for {{${key}}}`);
    return String(vars[key]);
  });
  return { name: t.name, version: t.version, hash: t.hash, text };
}

/** The ability's focus text, or the default one when the ability has none (or is unlabeled). */
export function loadFocus(ability: string | null | undefined): PromptTemplate {
  if (ability && /^[a-z0-9_-]+$/i.test(ability)) {
    try {
      return readTemplate(`focus/${ability.toLowerCase()}.md`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return readTemplate('focus/default.md');
}

/** One version string and hash for the set of prompts a run used. */
export function combinePromptIds(parts: { version: string; hash: string }[]): { version: string; hash: string } {
  return { version: parts.map((p) => p.version).join('+'), hash: sha256(parts.map((p) => p.hash).join(':')) };
}

export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
