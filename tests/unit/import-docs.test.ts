import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeEventSchema, nativeRecordSchema, nativeTaskSchema } from '@/lib/import/native-schema';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/trajectory-format.md'), 'utf8');

/** Field names listed in the table under a "### <heading>" section. */
function documentedFields(heading: string): string[] {
  const section = doc.split(/\n### /).find((s) => s.startsWith(heading)) ?? '';
  return [...section.matchAll(/^\| `([a-z_]+)`(?:, `([a-z_]+)`)? +\|/gm)].flatMap(
    (m) => [m[1], m[2]].filter(Boolean) as string[],
  );
}

describe('docs/trajectory-format.md', () => {
  it('documents exactly the fields of the zod schema', () => {
    expect(documentedFields('Record').sort()).toEqual(Object.keys(nativeRecordSchema.shape).sort());
    expect(documentedFields('`task`').sort()).toEqual(Object.keys(nativeTaskSchema.shape).sort());
    expect(documentedFields('`trajectory`').sort()).toEqual(
      Object.keys(nativeRecordSchema.shape.trajectory.shape).sort(),
    );
    expect(documentedFields('`events[]`').sort()).toEqual(Object.keys(nativeEventSchema.shape).sort());
    expect(documentedFields('`checkpoints[]`').sort()).toEqual(
      Object.keys(nativeRecordSchema.shape.checkpoints.unwrap().element.shape).sort(),
    );
  });

  it('has an example line that the schema accepts', () => {
    const example = doc.match(/```json\n(.+)\n```/)![1];
    const parsed = nativeRecordSchema.safeParse(JSON.parse(example));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
