'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '@/lib/http/api-client';
import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import { bodyOf, sameBody } from './diagnosis-form-state';
import { unsentDraft } from './unsent-draft';

export type DiagnosisBody = {
  // One of the two (lib/trajectories/run-target.ts): a failed checkpoint, or a failed run as a whole.
  checkpointResultId?: string;
  runTrajectoryId?: string;
  categoryId: string | null;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
  confidence: number | null;
  eventStart: number | null;
  eventEnd: number | null;
};

/** A write refused because this diagnosis changed elsewhere (another tab or window of the same annotator). */
export type Conflict = { reason: 'CHANGED_ELSEWHERE' | 'ALREADY_SUBMITTED'; message: string; retry: () => void };

const AUTOSAVE_MS = 800;
/** Tries of an autosave answered 503, after the first. */
const AUTOSAVE_RETRIES = 3;
const DRAFT_URL = '/api/diagnoses/draft';

const conflictReason = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 409 &&
  (err.reason === 'CHANGED_ELSEWHERE' || err.reason === 'ALREADY_SUBMITTED')
    ? err.reason
    : null;

/**
 * The writes of one diagnosis by its author: autosaved drafts and the submission.
 *
 * - Each write names the version it replaces (`replacesUpdatedAt`, taken when the write is sent), so a
 *   second tab on the same checkpoint is told its text is stale instead of both silently overwriting
 *   each other. The answer is a Conflict: load the other version, or keep this one (sent again over
 *   the version that is current now).
 * - A draft change not yet sent is never dropped: leaving the checkpoint or the page sends it at once
 *   (on a page unload with `keepalive`, which outlives the page), instead of waiting out the 800 ms.
 * - Until the server confirms it, this tab also keeps the text (unsent-draft.ts): a reloaded page may read
 *   the diagnosis before the unload's request lands (or the request is lost), so the form shows the kept
 *   text and saves it again, over the version it was typed on (the effect before `return`).
 * - Writes are sent one after another in the order they were made (one mutation scope per diagnosis):
 *   an autosave still under way when "submit" is pressed goes first, so the server refuses a draft that
 *   arrives after the submission (see saveDraft).
 */
export function useDiagnosisWrites({
  userId,
  checkpointId,
  mine,
  fetchMine,
  onSaved,
  onSubmitted,
  onSubmitError,
  readOnly,
  onRestore,
}: {
  userId: string;
  checkpointId: string;
  mine: DiagnosisView | undefined;
  /** The caller's diagnosis as the server has it now. */
  fetchMine: () => Promise<DiagnosisView | undefined>;
  onSaved: () => void;
  onSubmitted: (pendingCount: number) => void;
  onSubmitError: (err: unknown) => void;
  /** Another annotator holds the trajectory: kept text waits until the form can be written again. */
  readOnly: boolean;
  /** Shows the text kept from an earlier page of this tab, once after mount. */
  onRestore: (body: DiagnosisBody) => void;
}) {
  const version = useRef<string | null>(mine?.updatedAt ?? null);
  const pending = useRef<DiagnosisBody | null>(null);
  /** The latest draft typed here that the server has not confirmed: waiting, under way, or refused. */
  const unsent = useRef<DiagnosisBody | null>(null);
  const kept = unsentDraft(userId, checkpointId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const scope = { id: `diagnosis-${checkpointId}` };

  // The version is read when the request is sent (a queued write goes after the one before it, and
  // replaces what that one saved), and moved on as soon as the answer arrives.
  const send = async <T extends { diagnosis: DiagnosisView }>(url: string, method: string, body: DiagnosisBody) => {
    const r = await apiFetch<T>(url, { method, json: { ...body, replacesUpdatedAt: version.current } });
    version.current = r.diagnosis.updatedAt;
    return r;
  };
  // What the server confirmed is no longer kept here; text typed since is kept over the new version.
  const confirmed = (body: DiagnosisBody | null) => {
    if (!unsent.current || (body && sameBody(unsent.current, body))) {
      unsent.current = null;
      kept.clear();
    } else kept.write(unsent.current, version.current);
  };
  const keepMine = (redo: () => void) => async () => {
    version.current = (await fetchMine())?.updatedAt ?? null;
    // Chosen on purpose: a reload before the write is answered saves the text over that version too.
    if (unsent.current) kept.write(unsent.current, version.current);
    setConflict(null);
    redo();
  };
  const refused = (err: unknown, redo: () => void) => {
    const reason = conflictReason(err);
    if (!reason) return false;
    setConflict({ reason, message: (err as ApiError).message, retry: keepMine(redo) });
    return true;
  };

  const save = useMutation({
    scope,
    mutationFn: async (body: DiagnosisBody) => {
      try {
        return await send<{ diagnosis: DiagnosisView }>(DRAFT_URL, 'PUT', body);
      } catch (err) {
        // Refused as stale, but the version saved meanwhile has this very text: most often this tab's own
        // save sent as the previous page unloaded, landing before the reloaded page's copy of it. Nothing
        // is in conflict; this form goes on from that version.
        if (conflictReason(err) === 'CHANGED_ELSEWHERE') {
          const now = await fetchMine();
          if (now?.status === 'DRAFT' && sameBody(bodyOf(now), body)) {
            version.current = now.updatedAt;
            return { diagnosis: now };
          }
        }
        throw err;
      }
    },
    onSuccess: (_, body) => {
      confirmed(body);
      onSaved();
    },
    onError: (err, body) => refused(err, () => save.mutate(body)),
    // A 503 (the database busy, or k being changed) says when to try again: an autosave does so by
    // itself, a few times, instead of waiting for the next keystroke. The form keeps the text meanwhile.
    retry: (failures, err) => failures < AUTOSAVE_RETRIES && err instanceof ApiError && err.status === 503,
    retryDelay: (_, err) => (err instanceof ApiError && err.retryAfterSeconds ? err.retryAfterSeconds : 2) * 1000,
  });
  const submit = useMutation({
    scope,
    mutationFn: (body: DiagnosisBody) =>
      send<{ diagnosis: DiagnosisView; pendingCount: number }>('/api/diagnoses/submit', 'POST', body),
    onSuccess: (r) => {
      confirmed(null);
      onSubmitted(r.pendingCount);
    },
    onError: (err, body) => {
      if (!refused(err, () => submit.mutate(body))) onSubmitError(err);
    },
  });

  const cancelScheduled = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  };
  const flush = () => {
    const body = pending.current;
    cancelScheduled();
    if (body) save.mutate(body);
  };
  /** Saves `body` as the draft once the annotator pauses. */
  const schedule = (body: DiagnosisBody) => {
    // The form showing the text restored after a reload (below), which is already on its way.
    if (unsent.current && sameBody(unsent.current, body)) return;
    cancelScheduled();
    pending.current = body;
    unsent.current = body;
    kept.write(body, version.current);
    timer.current = setTimeout(flush, AUTOSAVE_MS);
  };

  // Leaving the checkpoint (another one, another page of the console) sends what is waiting; so does
  // leaving the page itself (reload, close, another site), with a request that outlives it.
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });
  useEffect(() => {
    const onPageHide = () => {
      const body = pending.current;
      cancelScheduled();
      if (body)
        void fetch(DRAFT_URL, {
          method: 'PUT',
          keepalive: true,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, replacesUpdatedAt: version.current }),
        });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flushRef.current();
    };
  }, []);

  /**
   * The text an earlier page of this tab typed and the server had not confirmed, if it differs from `mine`
   * (the version on the server): shown, and sent at once as a draft over the version it was typed on, so the
   * server's conflict rules decide. It covers the unload's `keepalive` save landing after the reloaded page
   * read the diagnosis (or never); landing first, it is no conflict (see save). A version saved since
   * elsewhere (another tab, device) is not overwritten but offered as a conflict; a submitted diagnosis
   * refuses it (ALREADY_SUBMITTED) and never goes back to a draft. After mount: the server render has no
   * storage. (While text is kept, `idle` is false, so the form does not follow the server's version instead.)
   */
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || readOnly) return;
    restored.current = true;
    const copy = kept.read();
    if (!copy) return;
    if (mine && sameBody(bodyOf(mine), copy.body)) return kept.clear();
    version.current = copy.base;
    unsent.current = copy.body;
    save.mutate(copy.body);
    onRestore(copy.body);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly]);

  return {
    save,
    submit,
    conflict,
    schedule,
    /** The version of the diagnosis this form's writes replace (the last one loaded or saved here). */
    version: () => version.current,
    /** Nothing waiting to be saved, under way, or refused: the form may follow the server's version. */
    idle: () => !pending.current && !unsent.current && !save.isPending && !submit.isPending,
    /** Sends the submission (after any draft save still under way); a draft change not yet sent is dropped. */
    submitNow: (body: DiagnosisBody) => {
      cancelScheduled();
      setConflict(null);
      submit.mutate(body);
    },
    /** Forgets what is waiting to be saved and the conflict (the other version is being loaded instead). */
    discard: () => {
      cancelScheduled();
      unsent.current = null;
      kept.clear();
      setConflict(null);
    },
  };
}
