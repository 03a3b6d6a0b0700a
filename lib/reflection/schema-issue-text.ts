import type { z } from 'zod';
import { plural } from '@/lib/text/plural';

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  array: 'a list',
  object: 'an object',
  number: 'a number',
  boolean: 'true or false',
};

/**
 * The schema library's wording ("Too small: expected string to have >=1
 * characters") said the way a reviewer reads it ("required"). Messages the
 * card schemas write themselves ("must be App.function") pass through.
 */
export function readableSchemaMessage(i: z.core.$ZodIssue): string {
  if (i.code === 'too_small' && (i.origin === 'string' || i.origin === 'array')) {
    const n = Number(i.minimum);
    if (i.origin === 'string') return n <= 1 ? 'required' : `needs at least ${plural(n, 'character')}`;
    return `needs at least ${plural(n, 'item')}`;
  }
  if (i.code === 'too_big' && (i.origin === 'string' || i.origin === 'array')) {
    return `at most ${plural(Number(i.maximum), i.origin === 'string' ? 'character' : 'item')}`;
  }
  if (i.code === 'invalid_type')
    return /received undefined$/.test(i.message) ? 'required' : `must be ${TYPE_NAMES[i.expected] ?? i.expected}`;
  if (i.code === 'unrecognized_keys') return `unknown ${i.keys.length === 1 ? 'field' : 'fields'} ${i.keys.join(', ')}`;
  return i.message;
}

/** A field path as a label: "skill.core_rule" → "Core rule", "tags.2" or "tags[2]" → "Tags item 3", "(root)" → "Card". */
export function fieldLabel(path: string): string {
  const parts = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  const index = parts.length > 1 && /^\d+$/.test(parts[parts.length - 1]) ? Number(parts.pop()) : null;
  const name = parts.pop();
  if (!name || name === '(root)') return 'Card';
  const words = name.replace(/_/g, ' ');
  return `${words[0].toUpperCase()}${words.slice(1)}${index === null ? '' : ` item ${index + 1}`}`;
}
