// A server that answers whatever the test says, for the CLI against a hostile or broken service: each
// request goes to `answer`, which returns the status, the content type and the body text.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterAll(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

export interface Answer {
  status: number;
  type?: string;
  body: string;
}

export async function hostileServer(answer: (url: URL, request: IncomingMessage) => Answer): Promise<{ url: string; requests: URL[] }> {
  const requests: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://server.invalid');
    requests.push(url);
    const { status, type = 'application/json', body } = answer(url, req);
    res.writeHead(status, { 'Content-Type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/**
 * Text that would drive a terminal if printed as it is: a window title (OSC 0), the clipboard (OSC 52),
 * a link (OSC 8), clearing the screen (CSI 2J, and its 8-bit C1 form), a carriage return that rewrites
 * the line, and a bidi override that shows the rest reversed.
 */
export const HOSTILE =
  '\x1b]0;PWNED-TITLE\x07\x1b]52;c;UFdORUQtQ0xJUA==\x07\x1b[2J\x1b[H\x1b]8;;https://evil.invalid/\x07click\x1b]8;;\x07\rOVERWRITTEN\u009b2J\u202eREVERSED\u2066x';

/** Anything that can drive a terminal: C0 controls but the line feed ending a line, DEL, C1 controls, bidi controls. */
export const DRIVES_TERMINAL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
