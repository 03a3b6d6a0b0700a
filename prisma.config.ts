/**
 * Prisma CLI configuration. The CLI uses the bundled WebAssembly schema engine
 * (`engine: 'js'`, the project runs offline) through the `pg` driver adapter;
 * that adapter and the upstream bugs it works around are in
 * lib/db/prisma-cli-adapter.ts.
 */
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { prismaCliAdapter } from './lib/db/prisma-cli-adapter';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: the Prisma CLI needs a database to talk to.');
    return prismaCliAdapter(url);
  },
});
