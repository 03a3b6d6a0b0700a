import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';

// Everything under names of this run only: the e2e database is shared between spec files.
const run = randomBytes(3).toString('hex');
const BENCH = `e2e-dash-${run}`;
const REL_A = `e2e-rel-a-${run}`;
const REL_B = `e2e-rel-b-${run}`;
const CARD = `skill::skill_e2e${run}`;
const MODELS = ['harbor-large', 'pier-mini'];
const RELEASES = [null, REL_A, REL_B];
const TOOL = 'Wharf.unload_crate';
// What built release A (as freezing a release records it), shown on hover over its round.
const RECIPE_A = {
  runs: 2,
  runKinds: ['TASK'],
  scopes: ['failed_and_passed'],
  feedbackKinds: ['CHECKPOINT_BINARY'],
  providers: ['OFFLINE'],
  models: ['offline-rules'],
  promptVersions: ['reflector@1'],
  versionsWithoutRun: 1,
  skippedCards: [],
};

/** Checkpoint k of trajectory j of (release r, model m): a fixed pattern that differs per point. */
const passedAt = (r: number, m: number, j: number, k: number) => (k + j + r * (m + 1)) % 3 !== 0;

function records() {
  const lines: string[] = [];
  RELEASES.forEach((release, r) =>
    MODELS.forEach((model, m) => {
      for (let j = 0; j < 2; j++) {
        const cps = [0, 1, 2].map((k) => passedAt(r, m, j, k));
        lines.push(
          JSON.stringify({
            format: 'trajectory.v1',
            task: {
              id: `wharf/${j}`,
              benchmark: BENCH,
              ability: 'logistics',
              instruction: 'Unload the crate and tell the customer.',
              apps: ['Wharf'],
              checkpoints: [0, 1, 2].map((k) => ({ id: `w${j}_${k}`, name: `check ${k}` })),
            },
            trajectory: {
              id: `${BENCH}:${r}:${model}:${j}`,
              model,
              trial: j,
              outcome: { passed: cps.every(Boolean), score: cps.filter(Boolean).length / 3 },
              feedback: 'checkpoint_binary',
              memory: { bank_release: release, card_ids: r > 0 && j === 0 ? [CARD] : [] },
            },
            events: [
              { source: 'user', type: 'message', content: 'My crate was never delivered to the north dock.' },
              {
                source: 'agent',
                type: 'tool_call',
                tool: TOOL,
                arguments: { crate: `c-${j}`, dock: 'north' },
                call_id: 'k1',
              },
              {
                source: 'environment',
                type: 'observation',
                tool: TOOL,
                call_id: 'k1',
                content: '{"status":"unloaded"}',
              },
              { source: 'agent', type: 'message', content: 'The crate is unloaded at the north dock.' },
            ],
            checkpoints: cps.map((passed, k) => ({ id: `w${j}_${k}`, passed, event_index: 1 })),
          }),
        );
      }
    }),
  );
  return `${lines.join('\n')}\n`;
}

/** The expected round table, computed from the records independently of the app. */
function expectedRounds(earlierReleases = 0) {
  return RELEASES.flatMap((release, r) =>
    MODELS.map((model, m) => {
      let passed = 0;
      for (let j = 0; j < 2; j++) for (let k = 0; k < 3; k++) passed += passedAt(r, m, j, k) ? 1 : 0;
      const label = r === 0 ? 'R0' : `R${earlierReleases + r}`;
      return { label, release, model, passed, total: 6, rate: `${((passed / 6) * 100).toFixed(1)}%` };
    }),
  );
}

async function apiToken(page: Page, role: string) {
  const res = await page.request.post('/api/admin/tokens', {
    data: { name: `e2e dashboard ${role}`, role },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

// One long journey through five screens on a shared, busy machine: more than the default 60 s.
test.setTimeout(240_000);

test.beforeAll(async () => {
  // Rounds are ordered by release date: B is created after A.
  await prisma.bankRelease.create({
    data: { name: REL_A, note: 'first e2e release', createdAt: new Date('2099-01-01T00:00:00Z'), recipe: RECIPE_A },
  });
  await prisma.bankRelease.create({
    data: { name: REL_B, note: 'second e2e release', createdAt: new Date('2099-02-01T00:00:00Z') },
  });
  await prisma.card.create({
    data: { key: CARD, kind: 'SKILL', ability: 'logistics', title: `E2E crate card ${run}` },
  });
});

test('dashboard rounds, card impact, transcript search and the audit log', async ({ page }, info) => {
  await loginAs(page, 'admin@demo.local');
  const token = await apiToken(page, 'RESEARCHER');
  const imported = await page.request.post(`/api/imports?fileName=${BENCH}.jsonl&format=native`, {
    data: records(),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
  });
  expect(imported.status()).toBe(200);
  expect((await imported.json()).reports[0]).toMatchObject({ importedCount: 12 });

  // Pass rate by round per model: the table view matches the computation above.
  await page.goto(`/dashboard?benchmark=${BENCH}`);
  const panel = page.getByTestId('panel-pass-rate-by-round');
  await expect(panel.getByRole('heading', { name: 'Checkpoint pass rate by round' })).toBeVisible();
  await panel.getByRole('button', { name: 'Table' }).click();
  const table = panel.getByTestId('table-pass-rate-by-round');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(expectedRounds().length);
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
  );
  // A round's number is its release's place among all releases by date; other specs freeze releases of their
  // own (dated now, before these two of 2099), so release A is R1 only when it is the first. B is A's next.
  const roundA = Number(/^R(\d+) · /.exec(shown.find((c) => c[0] !== 'R0')?.[0] ?? '')?.[1]);
  expect(roundA, "release A's round number").toBeGreaterThanOrEqual(1);
  const expected = expectedRounds(roundA - 1);
  // Round, Model, Agent (none recorded here: "—"), Trajectories, Checkpoints passed, Checkpoints, Checkpoint pass rate, …
  expect(shown.map((c) => [c[0].split(' · ')[0], c[1], c[2], c[4], c[5], c[6]])).toEqual(
    expected.map((e) => [e.label, e.model, '—', String(e.passed), String(e.total), e.rate]),
  );
  expect(shown.map((c) => c[0])).toEqual(expected.map((e) => (e.release ? `${e.label} · ${e.release}` : 'R0')));

  // Hovering release A's round on the chart shows its recipe next to each model's figures and n.
  await panel.getByRole('button', { name: 'Chart' }).click();
  const firstLineDots = panel.locator('.recharts-line-dots').first().locator('circle');
  await expect(firstLineDots).toHaveCount(3);
  // Lines can share a point (equal rates): hover where the dot is, whichever line is drawn on top.
  const tooltip = page.getByTestId('round-tooltip');
  // The open dashboard redraws when other specs' imports land (live updates): hover again if a redraw took the dot away.
  await expect(async () => {
    await firstLineDots.nth(1).hover({ force: true, timeout: 2_000 });
    await expect(tooltip).toContainText(`R${roundA} · ${REL_A}`, { timeout: 2_000 });
  }).toPass();
  await expect(tooltip.getByRole('definition')).toHaveText([
    'failed_and_passed',
    'CHECKPOINT_BINARY',
    'OFFLINE',
    'offline-rules',
    '2 reflection runs, 1 version without a run',
  ]);
  await expect(tooltip).toContainText('Ingestion scope');
  await expect(tooltip).toContainText(`${MODELS[0]}: ${expected[2].rate} checkpoints (n = 6)`);
  await panel.screenshot({ path: info.outputPath('round-tooltip.png') });
  await page.mouse.move(0, 0);
  await expect(async () => {
    await firstLineDots.nth(2).hover({ force: true, timeout: 2_000 });
    await expect(tooltip).toContainText(`R${roundA + 1} · ${REL_B}`, { timeout: 2_000 });
  }).toPass();
  await expect(tooltip).toContainText('No recipe recorded for this release.');
  await panel.getByRole('button', { name: 'Table' }).click();

  // The CSV holds the same figures as the table.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe(
    'Round,Model,Agent,Trajectories,Checkpoints passed,Checkpoints,Checkpoint pass rate,Tasks passed,Task pass rate',
  );
  expect(csv.slice(1).map((l) => l.split(','))).toEqual(
    shown.map((c) => [
      c[0],
      c[1],
      '',
      c[3],
      c[4],
      c[5],
      String(Math.round((Number(c[4]) / Number(c[5])) * 10000) / 10000),
      c[7],
      expect.any(String),
    ]),
  );

  // The list behind a point: R0 of the first model.
  await panel.getByRole('row').nth(1).getByRole('link', { name: 'List' }).click();
  await expect(page.getByTestId('drill-trajectories').locator('tbody tr')).toHaveCount(2);

  // Card impact: injected (j = 0 of rounds 1 and 2) vs. the same release, ability and models without it.
  const impact = await page.request.get(`/api/cards/${encodeURIComponent(CARD)}/impact`);
  expect(impact.status()).toBe(200);
  const body = await impact.json();
  const figures: Record<string, { ip: number; cp: number }> = {};
  for (const [r, release] of [
    [1, REL_A],
    [2, REL_B],
  ] as const) {
    let ip = 0,
      cp = 0;
    MODELS.forEach((_m, m) =>
      [0, 1, 2].forEach((k) => {
        ip += passedAt(r, m, 0, k) ? 1 : 0;
        cp += passedAt(r, m, 1, k) ? 1 : 0;
      }),
    );
    figures[release] = { ip, cp };
    expect(body.rows.find((x: { release: string }) => x.release === release)).toMatchObject({
      injected: { checkpoints: 6, passed: ip },
      comparison: { checkpoints: 6, passed: cp },
      enoughData: false,
    });
  }
  // The card page's impact panel shows the same injected-vs-not figures per release.
  await page.goto(`/cards/${encodeURIComponent(CARD)}`);
  const cardPanel = page.getByTestId('card-impact-panel');
  await expect(cardPanel.getByTestId('impact-row')).toHaveCount(2);
  for (const release of [REL_A, REL_B]) {
    const row = cardPanel.getByTestId('impact-row').filter({ hasText: release });
    const cells = row.locator('td');
    const pctOf = (n: number) => `${((n / 6) * 100).toFixed(1)}%`;
    await expect(cells.filter({ hasText: `${pctOf(figures[release].ip)}` }).first()).toContainText('n = 6 (2 traj.)');
    await expect(row).toContainText(pctOf(figures[release].cp));
    await expect(row).toContainText('not enough data');
  }
  await page.goto(`/dashboard/impact?benchmark=${BENCH}`);
  const impactRows = page.getByTestId('impact-row').filter({ hasText: CARD });
  await expect(impactRows).toHaveCount(2);
  await expect(impactRows.first()).toContainText('not enough data');

  // Transcript search: a tool name, then a phrase; each hit opens the trajectory at its event.
  await page.goto(`/search?benchmark=${BENCH}&q=${encodeURIComponent(TOOL)}&type=TOOL_CALL`);
  await expect(page.getByTestId('search-summary')).toContainText('12 matching events in 12 trajectories');
  await page.getByTestId('search-hit').first().click();
  await expect(page).toHaveURL(/\/trajectories\/[^?]+\?event=1$/);
  await expect(page.getByTestId('event-1')).toHaveAttribute('data-selected', 'true');

  await page.goto('/search');
  await page.getByLabel('Words or phrase').fill('"never delivered"');
  await page.getByLabel('Words or phrase').press('Enter');
  await expect(page.getByTestId('search-hit').first()).toContainText('never delivered');
  await page.getByTestId('search-hit').first().click();
  await expect(page).toHaveURL(/\?event=0$/);
  await expect(page.getByTestId('event-0')).toHaveAttribute('data-selected', 'true');

  // Audit: a change made just now (a new failure category) is on the audit page, linked to its entity.
  const key = `e2e-audit-${run}`;
  await page.goto('/admin/taxonomy');
  const created = await page.request.post('/api/taxonomy', {
    data: { key, label: `E2E audit ${run}` },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(200);
  await page.goto('/admin/audit');
  await page.getByRole('link', { name: 'Audit log' }).waitFor();
  await page.getByLabel('Action').selectOption('taxonomy.create');
  await page.getByRole('button', { name: 'Apply' }).click();
  const entry = page.getByTestId('audit-row').first();
  await expect(entry).toContainText('taxonomy.create');
  await entry.getByText('Before / after').click();
  await expect(entry).toContainText(key);
  await expect(entry.getByRole('link', { name: (await created.json()).category.id })).toHaveAttribute(
    'href',
    '/admin/taxonomy',
  );
  await page.screenshot({ path: info.outputPath('audit.png'), fullPage: true });
  await page.goto(`/dashboard?benchmark=${BENCH}`);
  await page.screenshot({ path: info.outputPath('dashboard.png'), fullPage: true });
});
