// orval's fetch client with zod: zod schemas for the models and runtime validation of every response.
// A runtime fetcher (fetchFn, see fetcher.ts) sets the base URL; a mutator would
// switch the generated validation off.
import { resolve } from 'node:path';

export default {
  merchant: {
    input: { target: process.env.SPEC },
    output: {
      target: resolve('src/generated/client.ts'),
      schemas: { path: resolve('src/generated/model'), type: 'zod' },
      client: 'fetch',
      mode: 'single',
      override: { fetch: { runtimeValidation: true, useRuntimeFetcher: true } },
    },
  },
};
