'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '@/lib/http/api-client';
import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';

export type DiagnosisBody = {
  checkpointResultId: string;
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
  err instanceof ApiError && err.status === 409 && (err.reason === 'CHANGED_ELSEWHERE' || err.reason === 'ALREADY_SUBMITTED') ? err.reason : null;

/**
 * The writes of one diagnosis by its author: autosaved drafts and the submission.
 *
 * - Each write names the version it replaces (`replacesUpdatedAt`, taken when the write is sent), so a
 *   second tab on the same checkpoint is told its text is stale instead of both silently overwriting
 *   each other. The answer is a Conflict: load the other version, or keep this one (sent again over
 *   the version that is current now).
 * - A draft change not yet sent is never dropped: leaving the checkpoint or the page sends it at once
 *   (on a page unload with `keepalive`, which outlives the page), instead of waiting out the 800 ms.
 * - Writes are sent one after another in the order they were made (one mutation scope per diagnosis):
 *   an autosave still under way when "submit" is pressed goes first, so the server refuses a draft that
 *   arrives after the submission (see saveDraft).
 */
export function useDiagnosisWrites({
  checkpointId,
  mine,
  fetchMine,
  onSaved,
  onSubmitted,
  onSubmitError,
}: {
  checkpointId: string;
  mine: DiagnosisView | undefined;
  /** The caller's diagnosis as the server has it now. */
  fetchMine: () => Promise<DiagnosisView | undefined>;
  onSaved: () => void;
  onSubmitted: (pendingCount: number) => void;
  onSubmitError: (err: unknown) => void;
}) {
  const version = useRef<string | null>(mine?.updatedAt ?? null);
  const pending = useRef<DiagnosisBody | null>(null);
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
  const keepMine = (redo: () => void) => async () => {
    version.current = (await fetchMine())?.updatedAt ?? null;
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
    mutationFn: (body: DiagnosisBody) => send<{ diagnosis: DiagnosisView }>(DRAFT_URL, 'PUT', body),
    onSuccess: onSaved,
    onError: (err, body) => refused(err, () => save.mutate(body)),
    // A 503 (the database busy, or k being changed) says when to try again: an autosave does so by
    // itself, a few times, instead of waiting for the next keystroke. The form keeps the text meanwhile.
    retry: (failures, err) => failures < AUTOSAVE_RETRIES && err instanceof ApiError && err.status === 503,
    retryDelay: (_, err) => (err instanceof ApiError && err.retryAfterSeconds ? err.retryAfterSeconds : 2) * 1000,
  });
  const submit = useMutation({
    scope,
    mutationFn: (body: DiagnosisBody) => send<{ diagnosis: DiagnosisView; pendingCount: number }>('/api/diagnoses/submit', 'POST', body),
    onSuccess: (r) => onSubmitted(r.pendingCount),
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
    cancelScheduled();
    pending.current = body;
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
      if (body) void fetch(DRAFT_URL, { method: 'PUT', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, replacesUpdatedAt: version.current }) });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flushRef.current();
    };
  }, []);

  return {
    save,
    submit,
    conflict,
    schedule,
    /** The version of the diagnosis this form's writes replace (the last one loaded or saved here). */
    version: () => version.current,
    /** Nothing waiting to be saved, nothing under way. */
    idle: () => !pending.current && !save.isPending && !submit.isPending,
    /** Sends the submission (after any draft save still under way); a draft change not yet sent is dropped. */
    submitNow: (body: DiagnosisBody) => {
      cancelScheduled();
      setConflict(null);
      submit.mutate(body);
    },
    /** Forgets what is waiting to be saved and the conflict (the other version is being loaded instead). */
    discard: () => {
      cancelScheduled();
      setConflict(null);
    },
  };
}
