// orval's fetch client; each call is given fetcher.ts (useRuntimeFetcher) for the base URL.
import { resolve } from 'node:path';

export default {
  merchant: {
    input: { target: process.env.SPEC },
    output: {
      target: resolve('src/generated/client.ts'),
      client: 'fetch',
      mode: 'single',
      override: { fetch: { useRuntimeFetcher: true } },
    },
  },
};
