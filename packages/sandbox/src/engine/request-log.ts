// The request log every host keeps: one entry per request with the method, the target as the host
// received it (path and query, percent-encoding kept: repeated arrays and `%2B` show as they were
// sent) and what it answered. No header is logged, so no Authorization ever is; user information in
// an absolute-form target (`http://id:secret@host/...`, refused with 400) is masked.

export interface RequestLogEntry {
  method: string;
  /** Path and query as received; an absolute-form target as sent, user information masked. */
  target: string;
  /** The status answered, or the socket fault that answered instead. */
  status: number | 'reset' | 'stall';
  /** From the request's arrival to the answer's status line (after any `delay`). */
  ms: number;
}

export type RequestLog = (entry: RequestLogEntry) => void;

/** `GET /v2/payments?statuses=APPROVED&statuses=DECLINED -> 200 (2 ms)`, control characters escaped. */
export function formatRequestLine({ method, target, status, ms }: RequestLogEntry): string {
  const line = `${method} ${target} -> ${status}${status === 'stall' ? '' : ` (${Math.round(ms)} ms)`}`;
  return line.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Calls `log` with the entry, if there is a log; a log that throws never changes an answer. */
export function logRequest(log: RequestLog | undefined, method: string, target: string, status: RequestLogEntry['status'], startedMs: number): void {
  if (!log) return;
  try {
    log({ method, target: target.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1***@'), status, ms: performance.now() - startedMs });
  } catch {
    // the caller's log failed; the request is answered all the same
  }
}
