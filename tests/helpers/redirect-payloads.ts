/**
 * `?next=` values that must never send a signed-in user off the site: each is a way a
 * browser, a URL parser or a proxy turns a string that starts with "/" into another host
 * or a script. Shared by the unit test of the check and the login page's integration test.
 */
export const OPEN_REDIRECT_PAYLOADS: readonly string[] = [
  // Protocol-relative and backslash forms.
  '//evil.example',
  '//evil.example/queue',
  '///evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  // Dot segments that normalise into "//host".
  '/.//evil.example',
  '/a/..//evil.example',
  '/./\\evil.example',
  '/%2e//evil.example',
  '/%2e%2e//evil.example',
  '/a/%2e%2e//evil.example',
  '/queue/../..//evil.example',
  // Encoded slashes and backslashes, which a proxy or server may decode.
  '/%2f/evil.example',
  '/%2F%2Fevil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  // Tabs, newlines and other control characters, which browsers drop from URLs.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/queue\\..\\',
  // Schemes and absolute URLs.
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/queue',
  'http:/evil.example',
  'http:evil.example',
  // Not a path at all.
  'queue',
  ' /queue',
  'evil.example',
];
