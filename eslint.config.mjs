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
  ['db', 'auth'],
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

/**
 * Imports that go against the layers today, each with its owner. lib/db/disconnect.ts closes the
 * import path's and the live listener's pools: removed when lib/db owns all pools.
 */
const LAYER_EXCEPTIONS = [{ from: 'db', to: ['import', 'live'] }];

const domainElements = LAYERS.flat().map((d) =>
  LEAF_FILES.includes(d) ? { type: d, pattern: `lib/${d}.ts`, mode: 'file' } : { type: d, pattern: `lib/${d}` },
);
const layerPolicies = LAYERS.flatMap((layer, i) =>
  layer.map((d) => {
    const below = LAYERS.slice(0, i).flat();
    const excepted = LAYER_EXCEPTIONS.filter((e) => e.from === d).flatMap((e) => e.to);
    return {
      from: { element: { type: d } },
      allow: { to: { element: { types: { anyOf: [d, ...below, ...excepted] } } } },
    };
  }),
);

/** Only lib/trajectories/event-link.ts builds a link to a trajectory page (one format, one place to change it). */
const trajectoryLinkMessage =
  'Build trajectory links with lib/trajectories/event-link.ts (trajectoryEventHref / trajectoryHref), the one link format.';
const trajectoryLinkSyntax = [
  {
    selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/trajectories\\//]',
    message: trajectoryLinkMessage,
  },
  { selector: 'Literal[value=/^\\/trajectories\\//]', message: trajectoryLinkMessage },
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
  { ignores: ['.next/**', '.next-*/**', '.data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
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
  // Formatting is Prettier's job (checked by `npm run format:check`); switch off ESLint's stylistic rules.
  prettier,
];

export default config;
