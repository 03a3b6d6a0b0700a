import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

test.afterAll(() => disconnectDatabase());

const hex = () => randomBytes(4).toString('hex');

/**
 * Counts, through React's DevTools hook, how often the timeline's row and markdown elements
 * are rendered again (not mounted): a host element re-rendered by its component gets a new
 * props object, one whose component bailed out (memo) keeps the old one. Works on the
 * production build, whose component names are minified, since it looks at test ids only.
 */
function countRenders() {
  type Fiber = {
    type: unknown;
    memoizedProps: Record<string, unknown> | null;
    stateNode: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
  };
  const counts = { rows: 0, markdown: 0, counting: false };
  const seen = new WeakMap<object, unknown>();
  const visit = (root: Fiber) => {
    const stack: Fiber[] = [root];
    while (stack.length) {
      const f = stack.pop()!;
      if (f.child) stack.push(f.child);
      if (f.sibling) stack.push(f.sibling);
      const id = typeof f.type === 'string' ? f.memoizedProps?.['data-testid'] : undefined;
      if (typeof id !== 'string' || !f.stateNode) continue;
      const kind = /^event-\d+$/.test(id) ? 'rows' : id === 'message-markdown' ? 'markdown' : null;
      if (!kind) continue;
      const el = f.stateNode as object;
      if (counts.counting && seen.has(el) && seen.get(el) !== f.memoizedProps) counts[kind]++;
      seen.set(el, f.memoizedProps);
    }
  };
  Object.assign(window, {
    __renders: counts,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject() {
        return 1;
      },
      checkDCE() {},
      onCommitFiberRoot(_id: number, root: { current: Fiber }) {
        visit(root.current);
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    },
  });
}

type Counts = { rows: number; markdown: number; counting: boolean };
const counts = (page: Page) => page.evaluate(() => (window as unknown as { __renders: Counts }).__renders);

test('moving the cursor re-renders only the two rows it leaves and enters, and parses no markdown again', async ({
  page,
}) => {
  await page.addInitScript(countRenders);
  const record = failedRecord({ benchmark: `e2e-render-${hex()}`, events: 40 });
  // Every event a markdown message: the costly kind of row.
  record.events = record.events.map((_, i) => ({
    source: 'agent',
    type: 'message',
    content: `**Step ${i}**: read [the policy](https://example.com/p${i}) and call \`get_reservation\`\n\n- one\n- two`,
  }));
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('event-8').getByTestId('message-markdown')).toBeVisible();
  await page.getByTestId('event-3').click();
  await expect(page.getByTestId('event-3')).toHaveAttribute('data-cursor', 'true');
  const rowsOnScreen = await page.getByTestId('message-markdown').count();
  expect(rowsOnScreen).toBeGreaterThan(8);

  await page.evaluate(() =>
    Object.assign((window as unknown as { __renders: Counts }).__renders, { rows: 0, markdown: 0, counting: true }),
  );
  for (const to of [4, 5, 6]) {
    await page.keyboard.press('j');
    await expect(page.getByTestId(`event-${to}`)).toHaveAttribute('data-cursor', 'true');
  }
  const after = await counts(page);
  // Three moves, each changing the marks of two rows; before, every row on screen re-rendered (and re-parsed).
  expect(after.rows).toBeLessThanOrEqual(6);
  expect(after.markdown).toBe(0);
  expect(after.rows).toBeGreaterThan(0);
});

test('unfolding an observation moves the rows below it in the same frame, so rows never overlap', async ({ page }) => {
  const record = failedRecord({
    benchmark: `e2e-overlap-${hex()}`,
    events: 30,
    content: (i) => Array.from({ length: 30 }, (_, l) => `line ${l} of observation ${i}`).join('\n'),
  });
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  const row = page.getByTestId('event-4');
  await expect(row.getByRole('button', { name: 'Expand observation' })).toBeVisible();
  await expect(page.getByTestId('event-8')).toBeVisible();

  // Observers created now run after the virtualizer's own (created earlier), in the same frame,
  // before it is painted: whatever they see overlapping is painted overlapping.
  await page.evaluate(() => {
    const overlaps: string[] = [];
    const timeline = document.querySelector('[data-testid="event-timeline"]')!;
    const check = () => {
      const view = timeline.getBoundingClientRect();
      const rows = [...timeline.querySelectorAll<HTMLElement>('[role="listitem"]')].sort(
        (a, b) => Number(a.dataset.index) - Number(b.dataset.index),
      );
      for (let i = 1; i < rows.length; i++) {
        const above = rows[i - 1].getBoundingClientRect();
        const below = rows[i].getBoundingClientRect();
        // Only what is in the timeline's view: a row left out of the new range sits below it, unseen, until React removes it.
        const seen = below.top < view.bottom && above.bottom > view.top;
        if (seen && above.bottom > below.top + 1)
          overlaps.push(
            `#${rows[i - 1].dataset.index} ends at ${above.bottom}, #${rows[i].dataset.index} starts at ${below.top}`,
          );
      }
    };
    const ro = new ResizeObserver(check);
    for (const el of document.querySelectorAll('[data-testid="event-timeline"] [role="listitem"]')) ro.observe(el);
    Object.assign(window, { __overlaps: overlaps });
  });
  await row.getByRole('button', { name: 'Expand observation' }).click();
  await expect(row.getByRole('button', { name: 'Fold observation' })).toBeVisible();
  // A few frames for the observers to report.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))),
  );
  expect(await page.evaluate(() => (window as unknown as { __overlaps: string[] }).__overlaps)).toEqual([]);
});
