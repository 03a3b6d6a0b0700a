import next from 'eslint-config-next';
import prettier from 'eslint-config-prettier';

const config = [
  ...next,
  { ignores: ['.next/**', '.next-*/**', '.data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  {
    rules: {
      // Trajectory content is untrusted: never inject it as HTML.
      'react/no-danger': 'error',
      // A focused test (`.only`) silently skips the rest of the suite: refused in every run, not only under CI.
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='only'][object.name=/^(describe|it|test)$/]",
          message: 'Focused tests (.only) skip the rest of the suite; remove .only before committing.',
        },
        {
          selector: "MemberExpression[property.name='only'][object.property.name=/^(describe|it|test)$/]",
          message: 'Focused tests (.only) skip the rest of the suite; remove .only before committing.',
        },
      ],
    },
  },
  // One field diff (lib/diff): nothing else imports the diff library.
  {
    ignores: ['lib/diff/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'diff', message: 'Diff through lib/diff/field-diff.ts, the one field diff.' }] },
      ],
    },
  },
  // One owner for database connections (docs/architecture.md "Connections"): pools and clients are created,
  // sized and closed in lib/db, and the rest of the code asks lib/db for them. Types stay importable.
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: [
      'lib/db/**',
      // The embedded cluster's superuser creates the databases and roles before the console's DATABASE_URL exists.
      'scripts/lib/embedded-db.ts',
      'tests/setup/file-db.ts',
      'tests/integration/db/embedded-postgres-credentials.test.ts',
      // The import bench's baseline is a raw COPY on its own connection, and its synthetic seeder bulk-loads one.
      'scripts/bench-import.ts',
      'scripts/lib/bench-seed-synthetic.ts',
      // A second session, as another worker process would hold it, to take or hold an advisory lock.
      'tests/integration/jobs/jobs-worker.test.ts',
      'e2e/live-updates.spec.ts',
      // Asserts that the upstream bugs behind lib/db/prisma-cli-adapter.ts are still there in the bare adapter.
      'tests/integration/db/prisma-cli-upstream-bugs.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...['pg', 'postgres', 'pg-boss', '@prisma/adapter-pg'].map((name) => ({
              name,
              allowTypeImports: true,
              message: 'Ask lib/db for a connection (lib/db/connections.ts and its neighbours); only lib/db opens one.',
            })),
            {
              name: '@prisma/client',
              importNames: ['PrismaClient'],
              allowTypeImports: true,
              message: 'Use the one Prisma client, `prisma` from lib/db/prisma.ts.',
            },
          ],
        },
      ],
    },
  },
  // lib/db is a shared leaf: it opens and closes connections for every domain and imports none of them
  // (the domains that keep state around a connection register their own stop function with it).
  {
    files: ['lib/db/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './lib/db',
              from: './lib',
              except: ['./db', './env.ts', './errors.ts'],
              message: 'lib/db imports no lib domain (docs/architecture.md "Connections").',
            },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's job (checked by `npm run format:check`); switch off ESLint's stylistic rules.
  prettier,
];

export default config;
