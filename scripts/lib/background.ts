/**
 * Background services that `npm start` runs next to the web server (the job
 * worker, added by the reflection pipeline). `npm run worker` runs the same
 * services standalone for scale-out.
 */
type Stop = () => Promise<void>;
const stops: Stop[] = [];

export async function startBackground(): Promise<void> {
  // Registered services start here; none yet.
}

export async function stopBackground(): Promise<void> {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
}
