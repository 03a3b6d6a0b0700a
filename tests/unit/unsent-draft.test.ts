import { describe, expect, it } from 'vitest';
import { sameBody } from '@/components/diagnosis/diagnosis-form-state';
import { clearUnsentDrafts, unsentDraft } from '@/components/diagnosis/unsent-draft';
import type { DiagnosisBody } from '@/components/diagnosis/use-diagnosis-writes';

/** sessionStorage as the browser has it: string keys and values, in insertion order. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

const body = (over: Partial<DiagnosisBody> = {}): DiagnosisBody => ({
  checkpointResultId: 'cpr-1',
  categoryId: 'cat-1',
  whatWentWrong: 'Changed the flight without comparing fares.',
  whatShouldHaveHappened: '',
  confidence: null,
  eventStart: 3,
  eventEnd: 5,
  ...over,
});

describe('the diagnosis text a tab keeps until the server confirms it', () => {
  it('comes back on the next page of the tab, with the version it was typed over', () => {
    const storage = memoryStorage();
    unsentDraft('ann', 'cpr-1', () => storage).write(body(), '2026-01-02T03:04:05.000Z');
    expect(unsentDraft('ann', 'cpr-1', () => storage).read()).toEqual({
      base: '2026-01-02T03:04:05.000Z',
      body: body(),
    });
  });

  it("is the annotator's own: another user signed in at the same browser does not get it", () => {
    const storage = memoryStorage();
    unsentDraft('ann', 'cpr-1', () => storage).write(body(), null);
    expect(unsentDraft('bob', 'cpr-1', () => storage).read()).toBeNull();
    expect(unsentDraft('ann', 'cpr-2', () => storage).read()).toBeNull();
  });

  it('is gone once cleared (saved, submitted, or the other version loaded)', () => {
    const storage = memoryStorage();
    const kept = unsentDraft('ann', 'cpr-1', () => storage);
    kept.write(body(), null);
    kept.clear();
    expect(kept.read()).toBeNull();
  });

  it("is cleared for every user and checkpoint on logout, and nothing else in the tab's storage is", () => {
    const storage = memoryStorage();
    unsentDraft('ann', 'cpr-1', () => storage).write(body(), null);
    unsentDraft('ann', 'cpr-2', () => storage).write(body({ checkpointResultId: 'cpr-2' }), null);
    unsentDraft('bob', 'cpr-1', () => storage).write(body(), null);
    storage.setItem('workspace-flash', 'Submitted cp_0');
    clearUnsentDrafts(() => storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('workspace-flash')).toBe('Submitted cp_0');
  });

  it('ignores whatever else is found under its key instead of showing it', () => {
    const storage = memoryStorage();
    const kept = unsentDraft('ann', 'cpr-1', () => storage);
    for (const junk of [
      'not json',
      '{"base":null}',
      JSON.stringify({ base: null, body: { ...body(), whatWentWrong: 7 } }),
      JSON.stringify({ base: null, body: body({ checkpointResultId: 'cpr-9' }) }),
    ]) {
      storage.setItem('diagnosis-unsent:ann:cpr-1', junk);
      expect(kept.read()).toBeNull();
    }
  });

  it('leaves the form working as before when storage is switched off', () => {
    const off = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const kept = unsentDraft('ann', 'cpr-1', off);
    expect(() => kept.write(body(), null)).not.toThrow();
    expect(kept.read()).toBeNull();
    expect(() => clearUnsentDrafts(off)).not.toThrow();
  });
});

describe('whether a saved version has the text a write sends', () => {
  it('compares every field a write sends', () => {
    expect(sameBody(body(), body())).toBe(true);
    for (const change of [
      { whatWentWrong: 'other' },
      { whatShouldHaveHappened: 'x' },
      { categoryId: null },
      { confidence: 3 },
      { eventStart: 4 },
      { eventEnd: 6 },
      { checkpointResultId: 'cpr-2' },
    ]) {
      expect(sameBody(body(), body(change))).toBe(false);
    }
  });
});
