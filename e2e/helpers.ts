import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await signIn(page, email, password);
}

/** Signs in on the login page already open (e.g. one a signed-out page sent the browser to); waits for the console. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toBeVisible();
}

/** The login page with a return address (`?next=`), as a signed-out page or a hand-made link opens it. */
export const loginWithReturn = (next: string) => `/login?next=${encodeURIComponent(next)}`;

/** Opens the login page returning to `next` and signs in there; where that lands is the test's to check. */
export async function signInReturningTo(page: Page, next: string, email = 'annotator@demo.local') {
  await page.goto(loginWithReturn(next));
  await signIn(page, email);
}

/** Labels of the main bar's links that are wholly inside the bar (none cut off by the clipping list). */
export async function barLinks(page: Page): Promise<{ label: string; whole: boolean }[]> {
  return page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => {
    const list = nav.querySelector('ul')!.getBoundingClientRect();
    return Array.from(nav.querySelectorAll<HTMLAnchorElement>(':scope > ul a')).map((a) => {
      const r = a.getBoundingClientRect();
      return { label: a.textContent!.trim(), whole: r.left >= list.left - 0.5 && r.right <= list.right + 0.5 };
    });
  });
}

/**
 * Every section the main navigation offers, in order: the links on the bar and,
 * when the window is too narrow for all of them, those folded under "More".
 */
export async function navSections(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The split settles after hydration measures the bar: wait until no bar link is cut off.
  await expect.poll(async () => (await barLinks(page)).every((l) => l.whole)).toBe(true);
  const onBar = (await barLinks(page)).map((l) => l.label);
  const more = nav.getByTestId('nav-more');
  if (!(await more.count())) return onBar;
  await more.click();
  const inMore = await nav.getByTestId('nav-more-list').getByRole('link').allTextContents();
  await page.keyboard.press('Escape');
  return [...onBar, ...inMore.map((l) => l.trim())];
}

/** Opens a section from the main navigation, through "More" when it is folded there. */
export async function openNavSection(page: Page, label: string): Promise<void> {
  const sections = await navSections(page);
  if (!sections.includes(label))
    throw new Error(`The navigation offers no "${label}" (it has: ${sections.join(', ')})`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const onBar = (await barLinks(page)).some((l) => l.label === label);
  if (!onBar) await nav.getByTestId('nav-more').click();
  await (onBar ? nav.locator(':scope > ul') : nav.getByTestId('nav-more-list'))
    .getByRole('link', { name: label, exact: true })
    .first()
    .click();
}

/**
 * Presses a page's keyboard shortcut until what it opens is there. A server-rendered page
 * looks ready before it hydrates, and a key pressed then reaches no handler; pressing again
 * only while nothing opened never types the key into what the first press opened.
 */
export async function pressShortcut(page: Page, key: string, opens: Locator): Promise<void> {
  await expect(async () => {
    if ((await opens.count()) === 0) await page.keyboard.press(key);
    await expect(opens).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Logs out through the shell's button. One click, hydrated or not: before hydration the button
 * submits a plain form that the server answers with a redirect (components/shell/logout-button.tsx).
 */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Opens a trajectory and starts the diagnosis of its first failed checkpoint by keyboard (d, then category 1). */
export async function openAndPickFirstCategory(page: Page, trajectoryId: string) {
  await page.goto(`/trajectories/${trajectoryId}`);
  await expect(page.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true');
  await page.keyboard.press('d');
  await page.keyboard.press('1');
  return page.getByRole('form', { name: 'Diagnosis of cp_0' });
}

/** On the retrieval preview: finds the demo task `demo-suite · <externalId>` by its id and picks it. */
export async function pickDemoTask(page: Page, externalId: string) {
  await page.getByLabel('Search tasks').fill(externalId);
  // (?!\d): mail/1 and not mail/10.
  const name = new RegExp(`^demo-suite · ${externalId.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?!\\d)`);
  await page.getByRole('list', { name: 'Matching tasks' }).getByRole('button', { name }).click();
  await expect(page.getByTestId('picked-task')).toContainText(externalId);
}

/** Uploads `files` with the Imports page's form (the page is open); the report appears per file. */
export async function uploadOnImportsPage(page: Page, files: string | string[]) {
  const form = page.getByRole('form', { name: 'Upload trajectories' });
  await form.getByLabel(/^Files/).setInputFiles(files);
  await form.getByRole('button', { name: 'Import' }).click();
}
