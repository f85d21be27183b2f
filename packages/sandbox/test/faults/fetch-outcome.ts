// What a fetch caller sees of one faulted request, on any host: whether fetch rejected (and with
// what), or the status and the body's pieces with the time each came, read until it ends or fails.
import { BASIC } from '../helpers/sandbox.js';

export interface FetchOutcome {
  outcome: 'answered' | 'rejected' | 'body failed';
  /** The rejection's class name (TypeError for a network error, the abort reason's otherwise). */
  error?: string;
  status?: number;
  body: string;
  /** Milliseconds from the call to each piece of the body. */
  pieceTimes: number[];
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Sends GET `url` with credentials and `Sandbox-Fault: fault`; `signal` may abort it. */
export async function fetchOutcome(fetch: FetchLike, url: string, fault: string, signal?: AbortSignal): Promise<FetchOutcome> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: BASIC, Accept: 'application/json', 'Sandbox-Fault': fault }, ...(signal && { signal }) });
  } catch (error) {
    return { outcome: 'rejected', error: (error as Error).name, body: '', pieceTimes: [] };
  }
  const pieceTimes: number[] = [];
  let body = '';
  const decoder = new TextDecoder();
  try {
    for (const reader = response.body?.getReader(); reader; ) {
      const { done, value } = await reader.read();
      if (done) break;
      pieceTimes.push(performance.now() - started);
      body += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { outcome: 'body failed', error: (error as Error).name, status: response.status, body, pieceTimes };
  }
  return { outcome: 'answered', status: response.status, body, pieceTimes };
}
