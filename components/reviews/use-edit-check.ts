'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiFetch } from '@/lib/http/api-client';
import { fieldLabel } from '@/lib/reflection/schema-issue-text';
import type { ProposalDetail } from '@/lib/review/get-proposal';

type Checked = { issues: ProposalDetail['validationNow'] };

/**
 * The live check of an edited card (the validators approval runs, POST /validate), 350 ms after typing stops.
 * `checking`: edits typed since the last check (still inside the debounce) or a check in flight. Until it
 * answers, the previous answer is about other text, so it must neither say "passes" nor let the card be approved.
 * `passesOnceChecked()` checks the text as typed now without waiting for the debounce (sharing a check already
 * on its way) and answers whether it passes and is still what is typed, so a confirm pressed right after
 * typing can approve once the check passes, and nothing otherwise.
 */
export function useEditCheck(proposalId: string, edited: unknown, enabled: boolean) {
  const qc = useQueryClient();
  const [debounced, setDebounced] = useState(edited);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(edited), 350);
    return () => clearTimeout(t);
  }, [edited]);
  const query = useCallback(
    (card: unknown) => ({
      queryKey: ['reviews', 'check', proposalId, card],
      queryFn: () =>
        apiFetch<Checked>(`/api/proposals/${proposalId}/validate`, { method: 'POST', json: { editedCard: card } }),
    }),
    [proposalId],
  );
  const check = useQuery({ ...query(debounced), enabled, placeholderData: (prev) => prev });
  const checking = edited !== debounced || check.isFetching;
  const issuesByPath = useMemo(() => {
    const m = new Map<string, string[]>();
    // Under its field the issue names the field ("Title: required"); the rule is in the list beside the form.
    for (const i of check.data?.issues ?? [])
      m.set(i.path, [...(m.get(i.path) ?? []), `${fieldLabel(i.path)}: ${i.message}`]);
    return m;
  }, [check.data]);

  // What is typed and whether editing is on now, read when a waited-for check answers.
  const latest = useRef({ edited, enabled });
  useEffect(() => {
    latest.current = { edited, enabled };
  });
  const [waiting, setWaiting] = useState(false);
  const passesOnceChecked = useCallback(async (): Promise<boolean> => {
    const card = latest.current.edited;
    setWaiting(true);
    try {
      const { issues } = await qc.fetchQuery(query(card));
      return issues.length === 0 && latest.current.enabled && latest.current.edited === card;
    } catch {
      return false; // the check request failed: `check.error` says so on the form.
    } finally {
      setWaiting(false);
    }
  }, [qc, query]);

  return { check, checking, issuesByPath, waiting, passesOnceChecked };
}
