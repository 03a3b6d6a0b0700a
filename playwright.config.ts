import { defineConfig, devices } from '@playwright/test';
import { resolvedBrowser } from './scripts/lib/find-browser';

// Which Chromium: scripts/lib/find-browser.ts (resolved once by `npm run test:e2e`, passed in the
// environment; resolved here when Playwright is run directly). Never a download except
// Playwright's own installer, and only as the last resort.
const browser = await resolvedBrowser();
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // A stray test.only must not turn CI into a one-test run that passes.
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: browser.executablePath ? { executablePath: browser.executablePath, args: browser.args } : {},
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node --import tsx scripts/serve.ts -p ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
