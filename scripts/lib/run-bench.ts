/**
 * Runs a benchmark or evaluation against the database `open` answers:
 * DATABASE_URL points at it before `body` imports anything that reads the
 * database; afterwards this process's pools are closed before the database
 * stops (an idle client would error on shutdown). A failure is printed and
 * exits 1; a `body` that answers a number exits with it.
 */
export async function runBench<D extends { url: string; stop: () => Promise<void> }>(
  open: () => Promise<D>,
  body: (db: D) => Promise<number | void>,
): Promise<void> {
  let code: number | void;
  try {
    const db = await open();
    try {
      process.env.DATABASE_URL = db.url;
      code = await body(db);
    } finally {
      await (await import('@/lib/db/disconnect')).disconnectDatabase();
      await db.stop();
    }
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
  if (typeof code === 'number') process.exit(code);
}
