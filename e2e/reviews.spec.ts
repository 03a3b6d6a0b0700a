import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { loginAs, pressShortcut } from './helpers';
import { runOfflineReflection } from './reflection-helpers';
import {
  createCard,
  createPatchProposal,
  createProposal,
  importDiagnosedMailTask,
  ownAbility,
  proposePatch,
} from './review-helpers';

test('a reviewer reads a PATCH diff in the inbox, edits a field, approves, and follows the new version’s provenance to the diagnosed event', async ({
  page,
}) => {
  // A real reflection run plus six page visits: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const ability = ownAbility();
  const { taskId, failedTrajectoryId } = await importDiagnosedMailTask(ability);
  const card = await createCard(ability);
  await loginAs(page, 'reviewer@demo.local');
  await runOfflineReflection(page, taskId);

  await page.goto(`/reviews?ability=${ability}`);
  const row = page.locator('tr[data-proposal-id]').filter({ has: page.locator('[data-operation="PATCH_CARD"]') });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(card.key);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reviews\/c/);

  // The diff: the pagination card gains the diagnosis's content, field by field.
  const diff = page.getByTestId('target-diff');
  await expect(diff).toHaveAttribute('data-card-key', card.key);
  await expect(diff.locator('[data-changed="true"]').first()).toBeVisible();
  await expect(diff.locator('[data-item-status="added"]').first()).toBeVisible();
  await expect(page.getByTestId('validation').getByTestId('validation-ok')).toBeVisible();
  await expect(page.getByTestId('evidence').getByTestId('prov-diagnosis').first()).toContainText(
    'Read only the first page',
  );

  // Edit, then approve: the edited field shows as proposal → edited and passes the live check.
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  const editSection = page.getByTestId('edit-section');
  const confirm = page.getByTestId('confirm-decision');
  await expect(editSection.getByTestId('validation-ok')).toBeVisible();
  // Until the check of the typed text answers (held here), the earlier "passes" is not shown and approval waits.
  let answerCheck!: () => void;
  const checkHeld = new Promise<void>((resolve) => (answerCheck = resolve));
  await page.route('**/validate', async (route) => {
    await checkHeld;
    await route.continue();
  });
  const solves = page.getByTestId('card-editor').locator('textarea[name="solves"]');
  await solves.fill('Opening an older message because the newest match sits on a later result page');
  await expect(editSection.locator('[data-field="solves"][data-changed="true"]')).toBeVisible();
  await expect(editSection.getByTestId('edit-checking')).toBeVisible();
  await expect(editSection.getByTestId('validation-ok')).toHaveCount(0);
  await expect(confirm).toBeDisabled();
  answerCheck();
  await expect(editSection.getByTestId('validation-ok')).toBeVisible();
  await page.unroute('**/validate');
  await page.locator('#decision-text').fill('Sharper wording');
  const approval = page.waitForResponse((r) => r.url().endsWith('/approve') && r.request().method() === 'POST');
  await confirm.click();
  expect((await approval).status(), 'the approval is accepted').toBe(200);
  const applied = page.getByTestId('applied');
  await expect(applied).toContainText(`${card.key} v2`);
  await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'APPROVED');

  // The card page: v2, its review, and the chain proposal → run → diagnosis → event.
  await applied.getByRole('link').click();
  await expect(page.getByTestId('current-version')).toHaveText('v2');
  await expect(page.getByTestId('runtime-text')).toContainText('Read every page before choosing');
  const prov = page.getByTestId('version-provenance');
  await expect(prov.getByTestId('prov-review')).toContainText('edited approved by Rey Reviewer');
  await expect(prov.getByTestId('prov-review')).toContainText('Sharper wording');
  await prov.getByTestId('prov-proposal').click();
  await expect(page).toHaveURL(/\/reviews\/c/);
  await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'APPROVED');
  await page.goBack();
  await prov.getByTestId('prov-run').click();
  await expect(page.getByTestId('run-status').first()).toHaveAttribute('data-status', 'SUCCEEDED');
  await page.goBack();
  await prov.getByTestId('prov-event').first().click();
  await expect(page).toHaveURL(new RegExp(`/trajectories/${failedTrajectoryId}\\?event=\\d+&checkpoint=`));
  await expect(page.getByTestId('trajectory-model')).toContainText('quill-medium');
});

test('a MERGE proposal shows every merged card side by side with the merged result and the kept card', async ({
  page,
}) => {
  const ability = ownAbility();
  const flags = DEMO_SKILL_CARDS[1].versions[0];
  const keep = await createCard(ability, flags);
  const dup = await createCard(ability, { ...flags, title: 'Leave flagged items out of a bulk move' });
  const merge = await createProposal({
    ability,
    operation: 'MERGE_CARD',
    card: flags,
    reason: 'Both cards state the same rule',
    targets: [
      { ...keep, primary: true },
      { ...dup, primary: false },
    ],
  });
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${merge.id}`);
  const cards = page.getByTestId('merged-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: keep.key }).getByTestId('kept-card')).toBeVisible();
  await expect(cards.filter({ hasText: dup.key })).toContainText('marked MERGED into the kept card');
  await expect(page.getByTestId('merge-result')).toContainText(flags.skill.core_rule);
});

test('a proposal that failed validation says "invalid" once, in the inbox row and on its page', async ({ page }) => {
  const ability = ownAbility();
  const card = await createCard(ability);
  const p = await proposePatch(ability, card, { extra: 'Retry the page' });
  await prisma.proposal.update({
    where: { id: p.id },
    data: {
      status: 'INVALID',
      valid: false,
      validation: [{ rule: 'schema', path: 'skill.core_rule', message: 'is required' }],
    },
  });
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews?ability=${ability}`);
  const row = page.locator(`tr[data-proposal-id="${p.id}"]`);
  await expect(row.getByTestId('proposal-status')).toHaveAttribute('data-status', 'INVALID');
  await expect(row.getByText('invalid', { exact: true })).toHaveCount(1);
  await page.goto(`/reviews/${p.id}`);
  await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'INVALID');
  await expect(
    page
      .locator('header')
      .filter({ has: page.getByTestId('operation') })
      .getByText('invalid', { exact: true }),
  ).toHaveCount(1);
});

test('a reject needs a reason (Ctrl+Enter refuses an empty one), then records it', async ({ page }) => {
  const { proposal: p } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${p.id}`);
  await pressShortcut(page, 'r', page.locator('#decision-text'));
  await expect(page.locator('#decision-text')).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'A rejection needs a reason.' })).toBeVisible();
  await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'PENDING');
  await page.locator('#decision-text').fill('Not supported by the diagnoses');
  await page.getByTestId('confirm-decision').click();
  await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'REJECTED');
  await expect(page.getByTestId('review-entry')).toContainText('Not supported by the diagnoses');
  expect((await prisma.proposal.findUniqueOrThrow({ where: { id: p.id } })).status).toBe('REJECTED');
});

test('Ctrl+Enter right after an edit approves once the live check passes; nothing when it finds issues or the text changes meanwhile', async ({
  page,
}) => {
  const { card, proposal: p } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${p.id}`);
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  const checked = page.getByTestId('edit-section').getByTestId('validation-ok');
  await expect(checked).toBeVisible();
  const blocked = page.getByTestId('decision-panel').getByTestId('edit-blocked');
  const waiting = 'Checking the edited card… it will be approved if it passes.';
  const approvals: string[] = [];
  page.on('request', (r) => void (r.url().endsWith(`/api/proposals/${p.id}/approve`) && approvals.push(r.url())));
  // Checks are held until the test lets them answer, so Ctrl+Enter lands while the typed text is unchecked.
  const held: (() => void)[] = [];
  await page.route('**/validate', async (route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  async function answerChecks() {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const answer of held.splice(0)) answer();
  }
  const rule = page.getByTestId('card-editor').locator('textarea[name="skill.core_rule"]');

  // An edit that breaks the card: the waiting approval is dropped when the check finds issues.
  await rule.fill('');
  await page.keyboard.press('Control+Enter');
  await expect(blocked).toHaveText(waiting);
  await answerChecks();
  await expect(blocked).toHaveText('Fix the issues below to approve.');
  expect(approvals, 'no approval of a card with issues').toHaveLength(0);
  // Ctrl+Enter on a card whose issues are shown waits for nothing.
  await page.keyboard.press('Control+Enter');
  await expect(blocked).toHaveText('Fix the issues below to approve.');

  // Typing on after Ctrl+Enter withdraws it: the text it was pressed on is no longer the text on screen.
  await rule.fill('Read every page');
  await page.keyboard.press('Control+Enter');
  await expect(blocked).toHaveText(waiting);
  await rule.fill('Read every result page');
  // Two checks answer here (the one Ctrl+Enter waits for, then the new text's), however they interleave.
  await expect(async () => {
    for (const answer of held.splice(0)) answer();
    await expect(checked).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(blocked).toHaveCount(0);
  expect(approvals, 'no approval of text typed after Ctrl+Enter').toHaveLength(0);

  // A valid edit: Ctrl+Enter before its check answers approves it once the check passes ("& next").
  await rule.fill('Read every result page before choosing a message');
  await page.keyboard.press('Control+Enter');
  await expect(blocked).toHaveText(waiting);
  const approval = page.waitForResponse((r) => r.url().endsWith(`/api/proposals/${p.id}/approve`));
  await answerChecks();
  expect((await approval).status(), 'the approval is accepted').toBe(200);
  expect(approvals, 'one approval, of the valid edit').toHaveLength(1);
  await expect
    .poll(async () => (await prisma.proposal.findUniqueOrThrow({ where: { id: p.id } })).status)
    .toBe('APPROVED');
  const latest = await prisma.cardVersion.findFirstOrThrow({ where: { cardId: card.id }, orderBy: { number: 'desc' } });
  expect(JSON.stringify(latest.content)).toContain('Read every result page before choosing a message');
});

test('two reviewers in parallel: the second approval of a conflicting proposal is refused as stale, naming the card', async ({
  browser,
}) => {
  const ability = ownAbility();
  const card = await createCard(ability);
  const first = await proposePatch(ability, card, { reason: 'first' });
  const second = await proposePatch(ability, card, {
    reason: 'second',
    extra: 'When results look incomplete, fetch the next page again',
  });
  const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [a, b] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  await Promise.all([loginAs(a, 'reviewer@demo.local'), loginAs(b, 'admin@demo.local')]);
  // B's page would hear of A's approval live and turn stale before B could press; here B acts on the page as loaded
  // (no live stream, a stopped clock for the fallback poll), so the server's refusal is what B sees.
  await b.route('**/api/live?**', (route) => route.abort());
  await b.clock.install();
  await Promise.all([a.goto(`/reviews/${first.id}`), b.goto(`/reviews/${second.id}`)]);
  await expect(b.getByTestId('stale-flag')).toHaveCount(0);

  await pressShortcut(a, 'a', a.locator('#decision-text'));
  await a.getByTestId('confirm-decision').click();
  await expect(a.getByTestId('applied')).toContainText(`${card.key} v2`);

  await b.keyboard.press('a');
  await b.getByTestId('confirm-decision').click();
  const conflict = b.getByTestId('decision-conflict');
  await expect(conflict).toContainText('Stale proposal');
  await expect(conflict).toContainText(card.key);
  // The page now shows the proposal as stale: base → current → proposed, and no blind approval.
  await expect(b.getByTestId('stale-banner')).toContainText(`${card.key} is now v2 (proposal based on v1)`);
  await expect(b.getByTestId('base-to-current')).toBeVisible();
  await expect(b.getByRole('button', { name: 'Approve a' })).toBeDisabled();
  await expect(b.getByTestId('confirm-decision')).toBeDisabled();
  await expect(b.getByTestId('recurate')).toBeVisible();
  expect(await prisma.cardVersion.count({ where: { cardId: card.id } })).toBe(2);
  await Promise.all([ctxA.close(), ctxB.close()]);
});

test('an annotator and a researcher get 403 on every decision endpoint and see no decision buttons', async ({
  page,
}) => {
  const { card, proposal: p } = await createPatchProposal({ reason: 'x' });
  const ref = encodeURIComponent(card.key);
  const endpoints: [string, unknown][] = [
    [`/api/proposals/${p.id}/approve`, {}],
    [`/api/proposals/${p.id}/reject`, { reason: 'no' }],
    [`/api/proposals/${p.id}/recurate`, {}],
    [`/api/proposals/${p.id}/validate`, { editedCard: {} }],
    [`/api/cards/${ref}/rollback`, { versionNumber: 1, note: 'x' }],
    [`/api/cards/${ref}/status`, { status: 'RETIRED', note: 'x' }],
  ];
  for (const email of ['annotator@demo.local', 'researcher@demo.local']) {
    await loginAs(page, email);
    for (const [url, data] of endpoints) {
      const res = await page.request.post(url, { data });
      expect(res.status(), `${email} POST ${url}`).toBe(403);
    }
    await page.goto(`/reviews/${p.id}`);
    if (email.startsWith('annotator')) {
      await expect(page).toHaveURL(/\/forbidden/);
    } else {
      await expect(page.getByTestId('changes')).toBeVisible();
      await expect(page.getByTestId('decision-panel')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
    }
    await page.goto(`/cards/${ref}`);
    await expect(page.getByTestId('runtime-text')).toBeVisible();
    await expect(page.getByTestId('card-actions')).toHaveCount(0);
    await page.context().clearCookies();
  }
  expect((await prisma.proposal.findUniqueOrThrow({ where: { id: p.id } })).status).toBe('PENDING');
});
