import next from 'eslint-config-next';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The lib domains in dependency order (docs/architecture.md "Layers"): a domain may import only
 * domains of an earlier layer, never one of its own layer or a later one, so the domains form a
 * graph without cycles by construction. Layer 0 holds the shared leaves (they import no domain);
 * `db` (layer 1) imports only `env` and `errors`. A new domain goes in the lowest layer above
 * everything it imports.
 */
export const LAYERS = [
  ['errors', 'env', 'text', 'diff', 'otel', 'privacy'],
  ['db'],
  ['auth'],
  ['audit', 'jobs', 'live', 'llm', 'policies', 'trajectories'],
  ['contrast', 'taxonomy', 'users'],
  ['http'],
  ['admin', 'cards', 'pages', 'queue', 'tasks'],
  ['retrieval', 'search'],
  ['reflection'],
  ['releases'],
  ['dashboard'],
  ['compare', 'diagnosis'],
  ['import', 'review'],
  ['eval', 'otlp', 'seed'],
  ['openapi'],
];
const LEAF_FILES = ['errors', 'env'];

const domainElements = LAYERS.flat().map((d) =>
  LEAF_FILES.includes(d) ? { type: d, pattern: `lib/${d}.ts`, mode: 'file' } : { type: d, pattern: `lib/${d}` },
);
const layerPolicies = LAYERS.flatMap((layer, i) =>
  layer.map((d) => {
    const below = LAYERS.slice(0, i).flat();
    return {
      from: { element: { type: d } },
      allow: { to: { element: { types: { anyOf: [d, ...below] } } } },
    };
  }),
);

/**
 * Only lib/trajectories/event-link.ts builds a link to a trajectory or task page (one format, one place
 * to change it). API paths (`/api/trajectories/…`, `/api/tasks/…`) start differently and stay allowed.
 */
const trajectoryLinkMessage =
  'Build trajectory and task links with lib/trajectories/event-link.ts (trajectoryEventHref / trajectoryHref / taskHref / taskContrastHref), the one link format.';
const trajectoryLinkSyntax = [
  {
    selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(trajectories|tasks)\\//]',
    message: trajectoryLinkMessage,
  },
  { selector: 'Literal[value=/^\\/(trajectories|tasks)\\//]', message: trajectoryLinkMessage },
];
/** A focused test (`.only`) silently skips the rest of the suite: refused in every run, not only under CI. */
const focusedTestSyntax = [
  {
    selector: "MemberExpression[property.name='only'][object.name=/^(describe|it|test)$/]",
    message: 'Focused tests (.only) skip the rest of the suite; remove .only before committing.',
  },
  {
    selector: "MemberExpression[property.name='only'][object.property.name=/^(describe|it|test)$/]",
    message: 'Focused tests (.only) skip the rest of the suite; remove .only before committing.',
  },
];

/** One field diff: nothing but lib/diff imports the diff library. */
const diffLibrary = { name: 'diff', message: 'Diff through lib/diff/field-diff.ts, the one field diff.' };
/**
 * One renderer of a card's runtime text (lib/retrieval/render.ts). What makes a second renderer
 * possible is the token counter it sizes the text with: only the renderer counts tokens, and anything
 * else asks it (renderCardRuntimeText, the token caps it exports, its countTokens). Tests may count
 * independently, to check the renderer's budgets from outside.
 */
const tokenCounter = {
  group: ['gpt-tokenizer', 'gpt-tokenizer/**'],
  message: 'Only lib/retrieval/render.ts counts tokens: render card text and measure it through it (the one renderer).',
};

const config = [
  ...next,
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      '.data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'vendor/**',
    ],
  },
  {
    rules: {
      // Trajectory content is untrusted: never inject it as HTML.
      'react/no-danger': 'error',
      'no-restricted-syntax': ['error', ...focusedTestSyntax, ...trajectoryLinkSyntax],
      'no-restricted-imports': ['error', { paths: [diffLibrary], patterns: [tokenCounter] }],
    },
  },
  // The owners of each "one of each" piece, and tests (which check the pieces from outside), are exempt
  // from that piece's rule only; no-restricted-syntax is re-stated without the exempted selectors.
  {
    files: ['lib/trajectories/event-link.ts', 'tests/**', 'e2e/**'],
    rules: { 'no-restricted-syntax': ['error', ...focusedTestSyntax] },
  },
  { files: ['lib/diff/**'], rules: { 'no-restricted-imports': ['error', { patterns: [tokenCounter] }] } },
  {
    files: ['lib/retrieval/render.ts', 'tests/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [diffLibrary] }] },
  },
  // Layers: lib domains import only earlier layers (no cycles); lib never imports components/ or app/.
  {
    files: ['lib/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // errors.ts and env.ts are single-file elements (`mode: 'file'`); the plugin's notice about that mode is noise.
      'boundaries/legacy-warnings': false,
      'boundaries/elements': [
        ...domainElements,
        { type: 'components', pattern: 'components' },
        { type: 'app', pattern: 'app' },
      ],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }] },
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
      'scripts/lib/bench-seed-compare.ts',
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
