import { expect, test } from '@playwright/test';
import type { Role } from '@prisma/client';
import { navFor } from '@/lib/auth/navigation';
import { barLinks, loginAs } from './helpers';

const USERS: [Role, string][] = [
  ['ADMIN', 'admin@demo.local'],
  ['REVIEWER', 'reviewer@demo.local'],
  ['RESEARCHER', 'researcher@demo.local'],
  ['ANNOTATOR', 'annotator@demo.local'],
];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

for (const viewport of VIEWPORTS) {
  for (const [role, email] of USERS) {
    test(`${role.toLowerCase()} at ${viewport.width}×${viewport.height}: no sideways scroll, every section reachable from the nav`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await loginAs(page, email);
      const expected = navFor(role).map((i) => i.label);
      const nav = page.getByRole('navigation', { name: 'Main' });

      // The split settles after hydration measures the bar: wait until no bar link is cut off.
      await expect.poll(async () => (await barLinks(page)).every((l) => l.whole)).toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBe(0);
      await expect(page.getByTestId('current-user')).toBeInViewport({ ratio: 1 });
      if (await nav.getByTestId('nav-more').count()) {
        const more = (await nav.getByTestId('nav-more').boundingBox())!;
        const user = (await page.getByTestId('current-user').boundingBox())!;
        expect(more.x + more.width, '"More" sits left of the signed-in user, not on top of it').toBeLessThanOrEqual(
          user.x,
        );
      }

      const onBar = (await barLinks(page)).map((l) => l.label);
      const more = nav.getByTestId('nav-more');
      let inMore: string[] = [];
      if (onBar.length < expected.length) {
        // Keyboard only: focus More, open it with Enter, and the hidden sections are links in order.
        await more.focus();
        await page.keyboard.press('Enter');
        await expect(more).toHaveAttribute('aria-expanded', 'true');
        inMore = await nav.getByTestId('nav-more-list').getByRole('link').allTextContents();
        await page.keyboard.press('Escape');
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        await expect(more).toBeFocused();
      } else {
        await expect(more).toHaveCount(0);
      }
      expect([...onBar, ...inMore]).toEqual(expected);
      if (viewport.width >= 1440) expect(inMore, 'everything fits on the bar at 1440 px').toEqual([]);
    });
  }
}

// A phone: the header, the admin tabs and the page's own controls stay inside the screen (tables scroll in their own box).
test('at phone width every console page fits the screen without sideways scroll', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'admin@demo.local');
  for (const path of [
    '/queue',
    '/tasks',
    '/reviews',
    '/runs',
    '/cards',
    '/retrieval',
    '/releases',
    '/dashboard',
    '/agreement',
    '/search',
    '/imports',
    '/admin/users',
    '/admin/tokens',
    '/admin/llm',
    '/admin/taxonomy',
    '/admin/overlap',
    '/admin/audit',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('current-user')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: path,
      })
      .toBe(0);
  }
  await page.goto('/admin/users');
  await page.screenshot({ path: info.outputPath('admin-users-390.png') });
});

test('an admin at 1024 px opens a section from More with the keyboard, and More then marks it as the current page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await loginAs(page, 'admin@demo.local');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const more = nav.getByTestId('nav-more');
  await expect(more).toBeVisible();
  await more.focus();
  await page.keyboard.press('ArrowUp'); // opens and lands on the last hidden section: Admin
  const admin = nav.getByRole('link', { name: 'Admin' });
  await expect(admin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toHaveClass(/text-indigo-700/);
  await more.click();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  // A click outside closes it.
  await page.getByRole('heading', { level: 1 }).first().click();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
});
