#!/usr/bin/env node
// `pnpm start`: serves the Prism mock of the bundled description and prints how to call it.
// Ports: --mock-port N or MOCK_PORT (default 4010).
import { parseArgs } from 'node:util';
import { startPrism } from './mock/prism.mjs';

const { values } = parseArgs({
  options: { 'mock-port': { type: 'string', default: process.env.MOCK_PORT ?? '4010' } },
});

const mock = await startPrism({ port: Number(values['mock-port']) });

// The API document's worked example: Merchant ID 32, Secret Key abcdefgh.
const basic = Buffer.from('32:abcdefgh').toString('base64');
console.log(`
Mock of the Merchant Online Ordering API: ${mock.url}

  curl -s -H 'Authorization: Basic ${basic}' -H 'Accept: application/json' \\
    -H 'User-Agent: curl-example/1.0 (Merchant/32)' \\
    '${mock.url}/v2/payments?limit=20&statuses=APPROVED&statuses=DECLINED&fromCreatedDate=2019-01-01T09:00:00.000%2B11:00'

  curl -s '${mock.url}/ping'

Ctrl+C stops it.`);
