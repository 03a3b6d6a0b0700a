import { describe, expect, it } from 'vitest';
import {
  findBrowser,
  NO_BROWSER_MESSAGE,
  NoBrowserError,
  SYSTEM_CHROMIUM,
  type FindBrowserDeps,
} from '../../scripts/lib/find-browser';

/** A machine described by what is on it; every probe is recorded so the order can be asserted. */
function machine(over: Partial<FindBrowserDeps> & { files?: string[] } = {}) {
  const probes: string[] = [];
  const files = new Set(over.files ?? []);
  const deps: FindBrowserDeps = {
    env: {},
    platform: 'linux',
    arch: 'x64',
    exists: (f) => files.has(f),
    npmPackageChromium: async () => {
      probes.push('npm-package');
      return null;
    },
    playwrightChromium: () => {
      probes.push('playwright');
      return '/cache/ms-playwright/chromium/chrome';
    },
    installPlaywrightChromium: () => {
      probes.push('install');
      return false;
    },
    ...over,
  };
  return { deps, probes, files };
}

describe('finding a browser for the e2e tests', () => {
  it('takes PLAYWRIGHT_CHROMIUM_EXECUTABLE first, before looking at anything else', async () => {
    const { deps, probes } = machine({
      env: { PLAYWRIGHT_CHROMIUM_EXECUTABLE: '/opt/chrome' },
      files: ['/opt/chrome', SYSTEM_CHROMIUM],
    });
    expect(await findBrowser(deps)).toMatchObject({ source: 'env', executablePath: '/opt/chrome' });
    expect(probes).toEqual([]);
  });

  it('refuses a PLAYWRIGHT_CHROMIUM_EXECUTABLE that does not exist rather than silently using another browser', async () => {
    const { deps } = machine({ env: { PLAYWRIGHT_CHROMIUM_EXECUTABLE: '/nope' }, files: [SYSTEM_CHROMIUM] });
    await expect(findBrowser(deps)).rejects.toThrow(
      /PLAYWRIGHT_CHROMIUM_EXECUTABLE is set to \/nope, which does not exist/,
    );
  });

  it('prefers the npm-shipped Chromium on Linux x64 over /usr/bin/chromium', async () => {
    const { deps } = machine({ files: [SYSTEM_CHROMIUM], npmPackageChromium: async () => '/tmp/chromium' });
    expect(await findBrowser(deps)).toMatchObject({ source: 'npm-package', executablePath: '/tmp/chromium' });
  });

  it('never tries the npm-shipped (x64 Linux) build on macOS or arm64', async () => {
    for (const over of [{ platform: 'darwin' as const }, { arch: 'arm64' }]) {
      const { deps, probes } = machine({
        ...over,
        files: [SYSTEM_CHROMIUM],
        npmPackageChromium: async () => '/tmp/chromium',
      });
      expect((await findBrowser(deps)).source).toBe('system');
      expect(probes).not.toContain('npm-package');
    }
  });

  it('falls back to /usr/bin/chromium when the npm package is absent', async () => {
    const { deps } = machine({ files: [SYSTEM_CHROMIUM] });
    expect(await findBrowser(deps)).toMatchObject({ source: 'system', executablePath: SYSTEM_CHROMIUM });
  });

  it("uses Playwright's own browser when it is already installed, without installing", async () => {
    const { deps, probes } = machine({ files: ['/cache/ms-playwright/chromium/chrome'] });
    expect(await findBrowser(deps)).toMatchObject({ source: 'playwright' });
    expect(probes).toEqual(['npm-package', 'playwright']);
  });

  it("installs Playwright's browser as the last resort and uses it when the install worked", async () => {
    const m = machine();
    m.deps.installPlaywrightChromium = () => {
      m.probes.push('install');
      m.files.add('/cache/ms-playwright/chromium/chrome');
      return true;
    };
    expect(await findBrowser(m.deps)).toMatchObject({
      source: 'playwright',
      label: expect.stringContaining('just installed'),
    });
    expect(m.probes).toEqual(['npm-package', 'playwright', 'install']);
  });

  it('says in one line what to do when no browser can be had', async () => {
    const { deps, probes } = machine();
    const err = await findBrowser(deps).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoBrowserError);
    expect((err as Error).message).toBe(NO_BROWSER_MESSAGE);
    expect(NO_BROWSER_MESSAGE).not.toContain('\n');
    expect(probes).toEqual(['npm-package', 'playwright', 'install']);
  });

  it('E2E_BROWSER_SKIP hides sources, so the fallbacks can be proven on a machine that has them', async () => {
    const { deps } = machine({
      env: { E2E_BROWSER_SKIP: 'npm-package,system' },
      files: [SYSTEM_CHROMIUM, '/cache/ms-playwright/chromium/chrome'],
      npmPackageChromium: async () => '/tmp/chromium',
    });
    expect((await findBrowser(deps)).source).toBe('playwright');
  });
});

describe('on this machine', () => {
  // Real probes: @sparticuz/chromium is a devDependency, so `npm install` alone must be enough on Linux x64.
  it.skipIf(process.platform !== 'linux' || process.arch !== 'x64')(
    'finds a browser from npm alone when the system Chromium is hidden',
    async () => {
      const { realDeps } = await import('../../scripts/lib/find-browser');
      const deps = { ...realDeps(), env: { E2E_BROWSER_SKIP: 'system,playwright' } };
      const found = await findBrowser(deps);
      expect(found.source).toBe('npm-package');
      expect(deps.exists(found.executablePath!)).toBe(true);
    },
  );
});
