import type { NativeRecordInput } from '../native-schema';
import { isObj, str, type Json } from './shared';
import type { ItemWarning } from './types';

type CheckpointResult = NonNullable<NativeRecordInput['checkpoints']>[number];
type TaskCheckpoint = NonNullable<NativeRecordInput['task']['checkpoints']>[number];

const PASSING = /^(pass|passed|true|yes|correct|success|succeeded|ok|good)$/i;

/**
 * A Langfuse trace's `scores` as checkpoints, one per score (named by it; a
 * repeated name gets "#2"), sorted by name so traces of one task define the
 * same list. NUMERIC: a 0–1 score, passed only at 1 (Langfuse does not say
 * which direction is good, so the note gives the raw value); BOOLEAN: 1/0;
 * CATEGORICAL: passed when the category reads as a pass (pass, true, yes,
 * correct…). The score's comment is the note; `observationId` anchors it.
 */
export function langfuseScores(
  scores: unknown[],
  eventOf: (observationId: string) => number | null,
): { definitions: TaskCheckpoint[]; results: CheckpointResult[]; warnings: ItemWarning[] } {
  const warnings: ItemWarning[] = [];
  const seen = new Map<string, number>();
  const rows: { def: TaskCheckpoint; result: CheckpointResult }[] = [];
  scores.forEach((raw, i) => {
    if (!isObj(raw)) return;
    const score: Json = raw;
    const name = str(score.name)?.trim() || `score ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    const id = n > 1 ? `${name}#${n}` : name;
    const type = (str(score.dataType) ?? (typeof score.value === 'number' ? 'NUMERIC' : 'CATEGORICAL')).toUpperCase();
    const comment = str(score.comment)?.trim() || null;
    const value = score.value;
    const at = `trace.scores[${i}]`;
    let result: Omit<CheckpointResult, 'id'>;
    if (type === 'BOOLEAN') {
      const passed = value === true || value === 1 || /^(true|1)$/i.test(str(score.stringValue) ?? '');
      result = { passed, score: passed ? 1 : 0, total: 1, note: comment };
    } else if (type === 'CATEGORICAL') {
      const category = str(score.stringValue) ?? str(value) ?? String(value ?? '');
      result = {
        passed: PASSING.test(category.trim()),
        note: [`Category: ${category}`, comment].filter(Boolean).join('\n'),
      };
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      if (value < 0 || value > 1)
        warnings.push({
          path: `${at}.value`,
          reason: `numeric score ${value} is outside 0–1: kept as it is, not passed`,
        });
      result = {
        passed: value >= 1,
        score: value,
        total: 1,
        note: [`Value: ${value}`, comment].filter(Boolean).join('\n'),
      };
    } else {
      warnings.push({
        path: `${at}.value`,
        reason: `score "${name}" has no usable value (${JSON.stringify(value)}): left unscored`,
      });
      rows.push({
        def: { id, name: id, description: `Langfuse score (${type.toLowerCase()})`, kind: 'score', weight: 1 },
        result: null as never,
      });
      return;
    }
    const observationId = str(score.observationId);
    const eventIndex = observationId ? eventOf(observationId) : null;
    rows.push({
      def: { id, name: id, description: `Langfuse score (${type.toLowerCase()})`, kind: 'score', weight: 1 },
      result: { id, ...result, event_index: eventIndex },
    });
  });
  rows.sort((a, b) => (a.def.id < b.def.id ? -1 : a.def.id > b.def.id ? 1 : 0));
  return {
    definitions: rows.map((r) => r.def),
    results: rows.map((r) => r.result).filter(Boolean),
    warnings,
  };
}
