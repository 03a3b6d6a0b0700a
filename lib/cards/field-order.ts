import type { z } from 'zod';
import { functionCardSchema, skillCardSchema } from './card-schemas';

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

type Shape = Record<string, z.ZodType>;

/** The schema's fields in declaration order, with the shapes of nested objects (a skill's `skill`, `evidence`). */
function shapeOf(schema: z.ZodType): Shape | null {
  const def = (schema as { def?: { type?: string; shape?: Shape; innerType?: z.ZodType } }).def;
  if (def?.type === 'object' && def.shape) return def.shape;
  // .default()/.optional() wrap the object.
  return def?.innerType ? shapeOf(def.innerType) : null;
}

/** A value in its schema's field order: objects by their shape, lists of objects (function arguments) item by item. */
function inOrder(value: unknown, schema: z.ZodType): unknown {
  const shape = shapeOf(schema);
  if (shape && isPlain(value)) return ordered(value, shape);
  const element = (schema as { def?: { type?: string; element?: z.ZodType } }).def;
  const itemShape = element?.type === 'array' && element.element ? shapeOf(element.element) : null;
  if (itemShape && Array.isArray(value)) return value.map((x) => (isPlain(x) ? ordered(x, itemShape) : x));
  return value;
}

function ordered(value: Plain, shape: Shape): Plain {
  const out: Plain = {};
  for (const [k, field] of Object.entries(shape)) {
    if (!(k in value)) continue;
    out[k] = inOrder(value[k], field);
  }
  // Fields the schema does not know (older or hand-written content) keep their place after the known ones.
  for (const [k, v] of Object.entries(value)) if (!(k in out)) out[k] = v;
  return out;
}

/**
 * A card's content with its fields in the order docs/architecture.md "Cards" lists them (title,
 * applies_when, solves, tags, skill.*, evidence.*; tool, app, function, …).
 * Contents come back from PostgreSQL's jsonb with keys sorted by length, so
 * the card page, the proposal page and the edit form showed `tags` first and
 * the title halfway down (and `e` put the cursor in the tags). Anything that
 * is not a card content object is returned as is.
 */
export function inCardFieldOrder<T>(content: T): T {
  if (!isPlain(content)) return content;
  if ('tool' in content && 'what_it_does' in content) return ordered(content, shapeOf(functionCardSchema)!) as T;
  if ('applies_when' in content || 'skill' in content) return ordered(content, shapeOf(skillCardSchema)!) as T;
  return content;
}
