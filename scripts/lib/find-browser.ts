/**
 * The one place that decides which Chromium the e2e tests drive, so `npm test`
 * works on a fresh machine with nothing but `npm install`. Order (issue 13):
 *   1. PLAYWRIGHT_CHROMIUM_EXECUTABLE, when set (it must exist);
 *   2. on Linux x64, the Chromium shipped inside the npm package
 *      @sparticuz/chromium (a devDependency: no apt, no root, no download);
 *   3. Debian's /usr/bin/chromium;
 *   4. Playwright's own browser, installed with `playwright install chromium`
 *      when missing and the network allows it.
 * When none can be had, the error is one line that says what to do.
 *
 * E2E_BROWSER_SKIP=npm-package,system (a comma list of sources) makes the
 * order testable on a machine that has them: the tests and CI use it to prove
 * the fallbacks, users never need it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export type BrowserSource = 'env' | 'npm-package' | 'system' | 'playwright';
export type FoundBrowser = { source: BrowserSource; executablePath?: string; args: string[]; label: string };

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** Passes a resolved browser from the runner to playwright.config.ts (and its workers), so it is resolved once. */
export const RESOLVED_ENV = 'E2E_BROWSER_RESOLVED';

// Flags that keep a desktop Chromium quiet and offline inside containers (root, no GPU, no sandbox).
const CONTAINER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
// @sparticuz/chromium is a headless-shell build for serverless; of its recommended flags these
// are the ones it needs here. Its `--single-process` is left out on purpose: with several
// browser contexts per worker a single-process browser crashes under load.
const NPM_PACKAGE_ARGS = [
  '--no-sandbox',
  '--no-zygote',
  '--disable-setuid-sandbox',
  '--disable-gpu',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--font-render-hinting=none',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export class NoBrowserError extends Error {}

export type FindBrowserDeps = {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  arch: string;
  exists: (file: string) => boolean;
  /** The extracted binary of @sparticuz/chromium, or null when the package is not installed. */
  npmPackageChromium: () => Promise<string | null>;
  /** Playwright's own Chromium: its path, and whether it is on disk. */
  playwrightChromium: () => string | null;
  /** `playwright install chromium`; true when it worked. */
  installPlaywrightChromium: () => boolean;
};

const requireHere = createRequire(import.meta.url);

export const realDeps = (): FindBrowserDeps => ({
  env: process.env,
  platform: process.platform,
  arch: process.arch,
  exists: existsSync,
  npmPackageChromium: async () => {
    let mod: { default: { executablePath(): Promise<string> } };
    try {
      requireHere.resolve('@sparticuz/chromium');
      mod = await import('@sparticuz/chromium');
    } catch {
      return null;
    }
    return mod.default.executablePath();
  },
  playwrightChromium: () => {
    try {
      const { chromium } = requireHere('playwright-core') as { chromium: { executablePath(): string } };
      return chromium.executablePath();
    } catch {
      return null;
    }
  },
  installPlaywrightChromium: () => {
    console.log('• No Chromium found: trying `playwright install chromium` (needs the network)…');
    const r = spawnSync(requireHere.resolve('playwright-core/cli'), ['install', 'chromium'], {
      stdio: 'inherit',
      timeout: 10 * 60_000,
    });
    return r.status === 0;
  },
});

export const NO_BROWSER_MESSAGE =
  "No Chromium for the e2e tests: run `npm install` (it brings @sparticuz/chromium on Linux x64), or install Debian's chromium (apt-get install chromium), or run `npx playwright install chromium` where the network allows, or point PLAYWRIGHT_CHROMIUM_EXECUTABLE at a Chromium/Chrome binary.";

export async function findBrowser(deps: FindBrowserDeps = realDeps()): Promise<FoundBrowser> {
  const skip = new Set(
    (deps.env.E2E_BROWSER_SKIP ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const fromEnv = deps.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv) {
    if (!deps.exists(fromEnv))
      throw new NoBrowserError(
        `PLAYWRIGHT_CHROMIUM_EXECUTABLE is set to ${fromEnv}, which does not exist: fix the path or unset it.`,
      );
    return {
      source: 'env',
      executablePath: fromEnv,
      args: CONTAINER_ARGS,
      label: `PLAYWRIGHT_CHROMIUM_EXECUTABLE (${fromEnv})`,
    };
  }
  if (deps.platform === 'linux' && deps.arch === 'x64' && !skip.has('npm-package')) {
    const bin = await deps.npmPackageChromium();
    if (bin)
      return {
        source: 'npm-package',
        executablePath: bin,
        args: NPM_PACKAGE_ARGS,
        label: `@sparticuz/chromium (${bin})`,
      };
  }
  if (!skip.has('system') && deps.exists(SYSTEM_CHROMIUM)) {
    return {
      source: 'system',
      executablePath: SYSTEM_CHROMIUM,
      args: CONTAINER_ARGS,
      label: `system Chromium (${SYSTEM_CHROMIUM})`,
    };
  }
  if (!skip.has('playwright')) {
    const own = deps.playwrightChromium();
    if (own && deps.exists(own)) return { source: 'playwright', args: [], label: `Playwright's Chromium (${own})` };
    if (own && deps.installPlaywrightChromium() && deps.exists(own))
      return { source: 'playwright', args: [], label: `Playwright's Chromium, just installed (${own})` };
  }
  throw new NoBrowserError(NO_BROWSER_MESSAGE);
}

/** The browser the runner resolved (RESOLVED_ENV), else resolves it now. */
export async function resolvedBrowser(): Promise<FoundBrowser> {
  const passed = process.env[RESOLVED_ENV];
  if (passed) return JSON.parse(passed) as FoundBrowser;
  return findBrowser();
}

/** For a runner (`npm test`, `npm run test:e2e`): the browser, or the one-line reason there is none and exit 1 before anything else starts. */
export async function findBrowserOrExit(): Promise<FoundBrowser> {
  try {
    return await findBrowser();
  } catch (err) {
    if (!(err instanceof NoBrowserError)) throw err;
    console.error(`\n✖ ${err.message}\n`);
    process.exit(1);
  }
}
