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
  // Formatting is Prettier's job (checked by `npm run format:check`); switch off ESLint's stylistic rules.
  prettier,
];

export default config;
