import next from 'eslint-config-next';

const config = [
  ...next,
  { ignores: ['.next/**', '.next-*/**', '.data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  {
    rules: {
      // Trajectory content is untrusted: never inject it as HTML.
      'react/no-danger': 'error',
    },
  },
];

export default config;
