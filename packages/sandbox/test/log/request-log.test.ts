// The request log: one entry per request with the method, the target exactly as the host received it,
// and the status (or reset/stall), on the node:http host and in process. No header is logged, and user
// information in an absolute-form target is masked. The bin's lines: test/process/request-log.test.ts.
import { waitFor } from '@merchant-ordering/test-kit/processes';
import { describe, expect, it } from 'vitest';
import { createSandbox, formatRequestLine, startSandbox, type RequestLogEntry } from '../../src/index.js';
import { BASIC, sendRaw } from '../helpers/sandbox.js';

// Targets clients get wrong, as sent: repeated arrays, %2B, an unencoded +, a comma, brackets, dot segments.
const TARGETS = [
  '/v2/payments?statuses=APPROVED&statuses=DECLINED&fromCreatedDate=2024-03-01T00:00:00.000%2B11:00',
  '/v2/payments?fromCreatedDate=2024-03-01T00:00:00.000+11:00',
  '/v2/payments?statuses=APPROVED,DECLINED',
  '/v2/payments?statuses[]=APPROVED',
  '/v2/./payments?limit=1',
];

describe('on the node:http host', () => {
  it('logs each request once, with the target byte for byte as sent and the status', async () => {
    const entries: RequestLogEntry[] = [];
    const sandbox = await startSandbox({ payments: 5, log: (entry) => entries.push(entry) });
    try {
      for (const target of TARGETS) await sendRaw(sandbox.url, { method: 'GET', target, headers: [['Authorization', BASIC]] });
      await sendRaw(sandbox.url, { method: 'GET', target: `${sandbox.url}/ping`, headers: [] });
      expect(entries.map(({ method, target, status }) => [method, target, status])).toEqual([
        ['GET', TARGETS[0], 200],
        ['GET', TARGETS[1], 500],
        ['GET', TARGETS[2], 500],
        ['GET', TARGETS[3], 500],
        ['GET', TARGETS[4], 200],
        ['GET', `${sandbox.url}/ping`, 200],
      ]);
      expect(entries.every((entry) => entry.ms >= 0)).toBe(true);
    } finally {
      await sandbox.close();
    }
  });

  it('logs a reset and a stall as such, and requests the node:http host refuses itself', async () => {
    const entries: RequestLogEntry[] = [];
    const sandbox = await startSandbox({ payments: 5, log: (entry) => entries.push(entry) });
    try {
      await sendRaw(sandbox.url, { method: 'GET', target: '/ping', headers: [['Sandbox-Fault', 'reset']] }).catch(() => {});
      void sendRaw(sandbox.url, { method: 'GET', target: '/ping', headers: [['Sandbox-Fault', 'stall']] }).catch(() => {});
      await waitFor(() => entries.length === 2, 'the stall to be logged');
      await sendRaw(sandbox.url, {
        method: 'GET',
        target: '/ping',
        headers: [
          ['Host', 'a'],
          ['Host', 'b'],
        ],
      });
      expect(entries.map(({ target, status }) => [target, status])).toEqual([
        ['/ping', 'reset'],
        ['/ping', 'stall'],
        ['/ping', 400],
      ]);
    } finally {
      await sandbox.close();
    }
  });

  it('never logs a header, and masks user information in an absolute-form target', async () => {
    const entries: RequestLogEntry[] = [];
    const sandbox = await startSandbox({ payments: 5, merchantId: 'm-77', secretKey: 'very-secret-key', log: (entry) => entries.push(entry) });
    try {
      const authorization = `Basic ${Buffer.from('m-77:very-secret-key').toString('base64')}`;
      await sendRaw(sandbox.url, { method: 'GET', target: '/v2/payments', headers: [['Authorization', authorization]] });
      await sendRaw(sandbox.url, { method: 'GET', target: 'http://m-77:very-secret-key@127.0.0.1/v2/payments', headers: [['Authorization', authorization]] });
      // Only the target's own user information: a URL in the query is the caller's data, logged as sent.
      await sendRaw(sandbox.url, {
        method: 'GET',
        target: '/v2/payments?merchantReferences=https://shop:r-9@example.com/',
        headers: [['Authorization', authorization]],
      });
      const written = JSON.stringify(entries) + entries.map(formatRequestLine).join('\n');
      for (const secret of ['very-secret-key', authorization.slice(6), 'm-77']) expect(written).not.toContain(secret);
      expect(entries.map(({ target, status }) => [target, status])).toEqual([
        ['/v2/payments', 200],
        ['http://***@127.0.0.1/v2/payments', 400],
        ['/v2/payments?merchantReferences=https://shop:r-9@example.com/', 200],
      ]);
    } finally {
      await sandbox.close();
    }
  });

  it('answers all the same when the log throws', async () => {
    const sandbox = await startSandbox({
      payments: 5,
      log: () => {
        throw new Error('log failed');
      },
    });
    try {
      expect((await sendRaw(sandbox.url, { method: 'GET', target: '/ping', headers: [] })).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});

describe('in process', () => {
  it('logs the path and query the fetch was given (percent-encoding kept) and the status, even for a caller that stopped waiting', async () => {
    const entries: RequestLogEntry[] = [];
    const sandbox = await createSandbox({ payments: 5, log: (entry) => entries.push(entry) });
    try {
      await sandbox.fetch(`https://global-api.afterpay.com${TARGETS[0]}`, { headers: { Authorization: BASIC } });
      await sandbox
        .fetch('https://global-api.afterpay.com/v2/payments?ids=1&ids=2', {
          headers: { Authorization: BASIC, 'Sandbox-Fault': 'delay=150' },
          signal: AbortSignal.timeout(20),
        })
        .catch(() => {});
      await sandbox.fetch('https://global-api.afterpay.com/ping', { headers: { 'Sandbox-Fault': 'reset' } }).catch(() => {});
      await waitFor(() => entries.length === 3, 'the delayed request to be logged');
      expect(entries.map(({ method, target, status }) => [method, target, status])).toEqual([
        ['GET', TARGETS[0], 200],
        ['GET', '/ping', 'reset'],
        ['GET', '/v2/payments?ids=1&ids=2', 200], // logged when answered, after the caller gave up
      ]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('formatRequestLine', () => {
  it('is the method, the target, the status and the time; control characters are escaped', () => {
    expect(formatRequestLine({ method: 'GET', target: '/ping', status: 200, ms: 1.6 })).toBe('GET /ping -> 200 (2 ms)');
    expect(formatRequestLine({ method: 'GET', target: '/ping', status: 'stall', ms: 0 })).toBe('GET /ping -> stall');
    expect(formatRequestLine({ method: 'GET', target: '/a\nGET /forged -> 200', status: 404, ms: 0 })).toBe('GET /a\\x0aGET /forged -> 200 -> 404 (0 ms)');
  });
});
