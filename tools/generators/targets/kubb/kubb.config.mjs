// Kubb: types (plugin-ts) and a client (plugin-client) on Kubb's axios client, bundled into the output.
// The run sets the axios query settings (adapter.ts); Kubb's fetch client cannot be set up to send
// the documented wire format.
import { resolve } from 'node:path';
import { defineConfig } from '@kubb/core';
import { pluginOas } from '@kubb/plugin-oas';
import { pluginTs } from '@kubb/plugin-ts';
import { pluginClient } from '@kubb/plugin-client';

export default defineConfig({
  root: '.',
  input: { path: process.env.SPEC },
  output: { path: resolve('src/generated'), clean: true, barrelType: false, format: false, extension: { '.ts': '' } },
  plugins: [pluginOas({ generators: [] }), pluginTs(), pluginClient({ client: 'axios', bundle: true })],
});
