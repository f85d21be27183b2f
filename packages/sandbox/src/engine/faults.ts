// Faults for testing clients. A request header `Sandbox-Fault` applies faults to that request only;
// `--faults 429:0.1,503:0.05,insert:0.1` (the `faults` option) applies them at random to any
// request, drawn from the instance's seed so that a run can be repeated.
import { SandboxHttpError } from './errors.js';
import type { Random } from './random.js';

export type Fault =
  | { kind: '429' }
  | { kind: '503' }
  | { kind: 'reset' }
  | { kind: 'stall' }
  | { kind: 'slow-body' }
  | { kind: 'delay'; ms: number }
  | { kind: 'insert' };

export interface FaultRate {
  fault: Fault;
  probability: number;
}

export const FAULT_HEADER = 'sandbox-fault';
/** The most a `delay=<ms>` fault waits: the API's 20 s read timeout, and a bit. */
export const MAX_DELAY_MS = 30_000;
/** What a 429 fault asks the client to wait, in seconds. */
export const RETRY_AFTER_SECONDS = 1;

/** One fault name (`429`, `503`, `reset`, `stall`, `slow-body`, `delay=<ms>`, `insert`); undefined if unknown. */
export function parseFault(text: string): Fault | undefined {
  const value = text.trim().toLowerCase();
  if (value === '429' || value === '503' || value === 'reset' || value === 'stall' || value === 'slow-body' || value === 'insert') return { kind: value };
  const delay = /^delay=([0-9]{1,6})$/.exec(value);
  if (delay && Number(delay[1]) <= MAX_DELAY_MS) return { kind: 'delay', ms: Number(delay[1]) };
  return undefined;
}

/** The faults a request asks for in its Sandbox-Fault header (comma-separated); 400 for an unknown one. */
export function faultsFromHeader(header: string | null): Fault[] {
  if (header === null) return [];
  return header.split(',').map((part) => {
    const fault = parseFault(part);
    if (!fault) {
      throw new SandboxHttpError(
        400,
        'bad_request',
        `Sandbox-Fault: unknown fault "${part.trim()}"; use 429, 503, reset, stall, slow-body, delay=<ms up to ${MAX_DELAY_MS}> or insert`,
      );
    }
    return fault;
  });
}

/** Parses `429:0.1,503:0.05,insert:0.1`; throws an Error that names `--faults` and the rule. */
export function parseFaultRates(spec: string): FaultRate[] {
  if (spec.trim() === '') return [];
  return spec.split(',').map((entry) => {
    const at = entry.lastIndexOf(':');
    // An entry without a colon (at -1) fails the rate check: it would be a whole rate, and no rate less its last character names a fault.
    const fault = parseFault(entry.slice(0, at));
    const rate = entry.slice(at + 1).trim();
    if (!fault || !/^(0(\.[0-9]+)?|1(\.0+)?)$/.test(rate)) {
      throw new Error(`--faults: "${entry}" is not <fault>:<probability from 0 to 1>, e.g. 429:0.1,503:0.05,insert:0.1`);
    }
    return { fault, probability: Number(rate) };
  });
}

/** Rolls each configured fault on its own; a request can meet several (say, an insert and a 429). */
export function rollFaults(rates: readonly FaultRate[], random: Random): Fault[] {
  return rates.filter((rate) => rate.probability > 0 && random.chance(rate.probability)).map((rate) => rate.fault);
}

/** The error response a fault answers with, if it answers with one. */
export function faultResponse(fault: Fault): SandboxHttpError | undefined {
  if (fault.kind === '429') {
    return new SandboxHttpError(429, 'too_many_requests', `Too many requests: retry after ${RETRY_AFTER_SECONDS} s. (sandbox fault)`, {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    });
  }
  if (fault.kind === '503') return new SandboxHttpError(503, 'service_unavailable', 'The service is temporarily unavailable. (sandbox fault)');
  return undefined;
}
