/** Polls `${url}/api/health` until the app answers (benchmarks that start the built app). */
export async function waitForHealth(url: string, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer at ${url} within ${ms / 1000}s`);
}
