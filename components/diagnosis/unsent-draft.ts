import { z } from 'zod';
import { targetIdOf } from '@/lib/trajectories/run-target';
import type { DiagnosisBody } from './use-diagnosis-writes';

/**
 * This tab's copy of a diagnosis draft that the server has not confirmed yet, from the moment it is typed
 * until its save is answered. A reload sends the unsaved text with a `keepalive` request as the page goes;
 * the reloaded page can read the diagnoses before that request lands and would show the field empty (the
 * text saved a moment later, or lost with the request). The copy covers either order: the reloaded form
 * shows it and sends it again through the normal save (use-diagnosis-writes.ts), whose conflict rules decide.
 *
 * sessionStorage, not localStorage: a reload keeps it, but it belongs to this tab. Another tab of the same
 * annotator on the same checkpoint still has that text live in its own form (and saves it itself);
 * restoring it here too would have two forms writing the same text over each other.
 *
 * Keyed by user and target (a checkpoint result, or the run as a whole: lib/trajectories/run-target.ts): two annotators signing in one after the other in a browser never
 * see each other's text, and logging out clears every copy (clearUnsentDrafts).
 */
const PREFIX = 'diagnosis-unsent:';

const storedSchema = z.object({
  /** The version of the diagnosis the text replaces (its updatedAt; null: none existed). */
  base: z.string().nullable(),
  body: z.object({
    checkpointResultId: z.string().optional(),
    runTrajectoryId: z.string().optional(),
    categoryId: z.string().nullable(),
    whatWentWrong: z.string(),
    whatShouldHaveHappened: z.string(),
    confidence: z.number().nullable(),
    eventStart: z.number().nullable(),
    eventEnd: z.number().nullable(),
  }),
});
export type UnsentDraft = z.infer<typeof storedSchema>;

/** Storage can be switched off or full (private windows, quotas): the form then works as it did without the copy. */
function attempt<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

export function unsentDraft(userId: string, targetId: string, storage: () => Storage = () => sessionStorage) {
  const key = `${PREFIX}${userId}:${targetId}`;
  return {
    /** The copy left by an earlier page of this tab; anything else found under the key is ignored. */
    read(): UnsentDraft | null {
      const raw = attempt(() => storage().getItem(key));
      if (!raw) return null;
      const parsed = storedSchema.safeParse(attempt(() => JSON.parse(raw)));
      if (!parsed.success) return null;
      const { body } = parsed.data;
      return (body.checkpointResultId || body.runTrajectoryId) && targetIdOf(body) === targetId ? parsed.data : null;
    },
    write(body: DiagnosisBody, base: string | null) {
      attempt(() => storage().setItem(key, JSON.stringify({ base, body } satisfies UnsentDraft)));
    },
    clear() {
      attempt(() => storage().removeItem(key));
    },
  };
}

/** On logout: the next person at this browser finds none of the previous one's text. */
export function clearUnsentDrafts(storage: () => Storage = () => sessionStorage) {
  attempt(() => {
    const s = storage();
    const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter(
      (k): k is string => k?.startsWith(PREFIX) ?? false,
    );
    for (const k of keys) s.removeItem(k);
  });
}
