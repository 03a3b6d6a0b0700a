import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

// A stale or hand-edited list link says which parameter is wrong and leads to the first page, instead of quietly showing page 1.
test('list pages refuse a malformed query string by name and lead back to the first page', async ({ page }, info) => {
  await loginAs(page, 'admin@demo.local');
  const notice = page.getByTestId('invalid-link');

  await page.goto('/reviews?status=all&after=garbage');
  await expect(notice).toContainText('This link does not work');
  await expect(notice).toContainText('The link\'s "after" parameter is not a list position from this list');
  // Inside the console layout: the signed-in shell is still there.
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.screenshot({ path: info.outputPath('reviews-bad-cursor.png'), fullPage: true });
  await notice.getByRole('link', { name: 'Go to the first page' }).click();
  // The filter that was fine travels to the first page; the broken position does not.
  await expect(page).toHaveURL(/\/reviews\?status=all$/);
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();

  await page.goto('/tasks?page=abc');
  await expect(notice).toContainText(
    'The link\'s "page" parameter must be a whole number from 1 to 1,000,000 (got "abc").',
  );
  await notice.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();

  await page.goto('/tasks?pageSize=-3&benchmark=tau2');
  await expect(notice).toContainText('The link\'s "pageSize" parameter is not valid');
  await expect(notice.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
    'href',
    '/tasks?benchmark=tau2',
  );

  await page.goto('/runs?status=FAILED&after=garbage');
  await expect(notice).toContainText('The link\'s "after" parameter is not a list position from this list');
  await expect(notice.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
    'href',
    '/runs?status=FAILED',
  );

  // The queue reads its URL in the browser; the page checks the link before the view shows page 1.
  await page.goto('/queue?page=abc&benchmark=tau2');
  await expect(notice).toContainText(
    'The link\'s "page" parameter must be a whole number from 1 to 1,000,000 (got "abc").',
  );
  await expect(notice.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
    'href',
    '/queue?benchmark=tau2',
  );
});

// History changes in the browser (back/forward, pushState) reach only the queue view, not the page's check:
// the view refuses the same links the same way instead of showing page 1.
test('the queue refuses a malformed position that arrives by an in-browser URL change', async ({ page }) => {
  await loginAs(page, 'admin@demo.local');
  const notice = page.getByTestId('invalid-link');
  await page.goto('/queue?checkpointStatus=undiagnosed');
  await expect(page.getByTestId('queue-progress')).toBeVisible();

  await page.evaluate(() => window.history.pushState(null, '', '/queue?checkpointStatus=undiagnosed&page=abc'));
  await expect(notice).toContainText(
    'The link\'s "page" parameter must be a whole number from 1 to 1,000,000 (got "abc").',
  );
  await expect(notice.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
    'href',
    '/queue?checkpointStatus=undiagnosed',
  );
  await expect(page.getByTestId('queue-progress')).toHaveCount(0);

  await page.evaluate(() => window.history.pushState(null, '', '/queue?after=garbage'));
  await expect(notice).toContainText('The link\'s "after" parameter is not a list position from this list');
  await expect(notice.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/queue');

  // Back to a link that works: the list again.
  await page.evaluate(() => window.history.pushState(null, '', '/queue?checkpointStatus=undiagnosed'));
  await expect(page.getByTestId('queue-progress')).toBeVisible();
  await expect(notice).toHaveCount(0);
});
