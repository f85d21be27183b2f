// Values a share link or a typed field can put into a sample, each written to break out of a string
// literal, start a template, hide code from the reader, or reach a terminal. The literal tests and
// the generator matrix (which compiles and sends them in every language) share them.
export const HOSTILE_TARGET = "http://127.0.0.1:4010/'+(await(import('node:fs'))).writeFileSync('pwned','x')+'";

/** @type {string[]} */
export const HOSTILE_VALUES = [
  HOSTILE_TARGET,
  "'+(await(import('node:fs'))).writeFileSync('pwned','x')+'",
  '"); Runtime.getRuntime().exec("touch pwned"); ("',
  '${Runtime.getRuntime().exec("touch pwned")}',
  '$pwned and ${pwned}',
  '\\u0022 + System.exit(1) + \\u0022', // Java reads \u0022 as a quote before it reads the literal
  '\\u000a System.exit(1);',
  'ends with a backslash \\',
  '\\"; os.system("x"); "',
  'line one\nline two\r\n',
  'separators \u2028 and \u2029',
  'admin\u202E\u2066// hidden\u2069\u2066 trojan source',
  'zero\u200Bwidth\uFEFF',
  "'; rm -rf ~; echo '",
  '{__import__("os").system("x")} and {{x}} and #{x}',
  '"""triple""" and \'\'\'triple\'\'\'',
  '"# r#"raw"#',
  '*/ System.exit(1); /*',
  '`backticks` and ${x}',
  'NUL \u0000 and ESC \u001b[31m red \u0007',
  'Café-№5 😀 A+B 1000 & gift',
];

/**
 * A Secret Key built to break a literal, in printable ASCII: clients encode the Basic credentials
 * of other text differently (urllib3 as Latin-1, most as UTF-8), which is no matter for the literal.
 */
export const HOSTILE_SECRET_KEY = `"'\`; \${x} $y #{z} \\u0022 \\" \\`;
