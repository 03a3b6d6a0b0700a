/**
 * The embedded cluster's passwords: generated at its first start, kept beside
 * its data folder (`<dataDir>.credentials.json`, mode 0600: readable by the
 * owner only), never fixed in the source. Two roles: the superuser that owns
 * the cluster (used only to create the application role and its database)
 * and the application role the console connects as, which is no superuser and
 * owns only its own database, so `COPY … TO PROGRAM` and the like are refused.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

export const SUPERUSER = 'console';
export const APP_ROLE = 'console_app';
/**
 * The password every cluster made before generated passwords had. A cluster found without a
 * credentials file is opened with it once, given a generated password, and never opened with it again.
 */
export const LEGACY_PASSWORD = 'console-local-only';

const credentialsSchema = z.object({
  superuserPassword: z.string().min(20),
  appPassword: z.string().min(20),
});
export type EmbeddedCredentials = z.infer<typeof credentialsSchema>;

export function credentialsFile(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, '')}.credentials.json`;
}

export function generateCredentials(): EmbeddedCredentials {
  // URL-safe, so the passwords go into connection URLs as they are.
  const secret = () => randomBytes(24).toString('base64url');
  return { superuserPassword: secret(), appPassword: secret() };
}

export function readCredentials(dataDir: string): EmbeddedCredentials | null {
  const file = credentialsFile(dataDir);
  if (!existsSync(file)) return null;
  const parsed = credentialsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`${file} is not a credentials file of this console (move it away to start anew).`);
  return parsed.data;
}

export function writeCredentials(dataDir: string, credentials: EmbeddedCredentials): void {
  const file = credentialsFile(dataDir);
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync's mode applies only when it creates the file.
  chmodSync(file, 0o600);
}
