// `merchant-ordering ping`: is the service there? Ping needs no credentials, and gets none.
import { type Command, JSON_FLAG, wantsJson } from '../command.js';
import { writeAll } from '../io.js';

export const ping: Command = {
  words: ['ping'],
  summary: 'check that the service answers (no credentials needed)',
  flags: JSON_FLAG,
  usage: '[--json] [--environment sandbox|production | --base-url URL | --sandbox]',
  description: 'Sends GET /ping and waits for "pong". Exit 0 when it answers, 1 when it does not.',
  examples: ['merchant-ordering ping', 'merchant-ordering ping --environment production'],
  async run(context) {
    const connection = await context.connect({ anonymous: true });
    try {
      const started = performance.now();
      await connection.client.ping({ signal: context.signal });
      const ms = Math.round(performance.now() - started);
      const out = wantsJson(context) ? `${JSON.stringify({ pong: true, baseUrl: connection.baseUrl, ms })}\n` : `pong from ${connection.baseUrl} in ${ms} ms\n`;
      await writeAll(context.io.stdout, out);
      return 0;
    } finally {
      await connection.close();
    }
  },
};
