// Every tool result is shaped here: the structured result with its source, the same as JSON text
// beside it, every string redacted of the connection's secret (in any of the forms the client's
// redactor knows), and the whole at most MAX_RESULT_BYTES; a refusal or failure as one tool error.
import { AbortError, ApiError, MerchantApiError, ValidationError } from '@merchant-ordering/client';
import { redactDeep } from '@merchant-ordering/client/redact';
import type { Source } from './connection.js';

/** The most bytes a tool result takes as JSON, text and structured content together. */
export const MAX_RESULT_BYTES = 100_000;
/** The most bytes of a call's arguments as JSON: far above any real query, far below what could hurt. */
export const MAX_ARGUMENT_BYTES = 65_536;

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

function resultOf(structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/**
 * The result of a tool: `data` with its source first. A page too large keeps the payments that fit,
 * in order, and says how many it left out and how to narrow the query.
 */
export function success(data: Record<string, unknown>, source: Source, redact: (text: string) => string): ToolResult {
  const structured = redactDeep({ source, ...data }, redact) as Record<string, unknown>;
  const result = resultOf(structured);
  const results = structured.results;
  if (bytes(result) <= MAX_RESULT_BYTES) return result;
  if (!Array.isArray(results)) return failure(new Error(`the result is larger than ${MAX_RESULT_BYTES.toLocaleString('en')} bytes`), redact);
  // The most payments that fit, by bisection: the size grows with every payment kept.
  const cut = (kept: number) =>
    resultOf({
      ...structured,
      results: results.slice(0, kept),
      truncated: {
        returned: kept,
        of: results.length,
        note: `Cut to ${kept} of ${results.length} payments to stay within ${MAX_RESULT_BYTES.toLocaleString('en')} bytes: ask again with limit ${Math.max(1, kept)} and offset ${Number(structured.offset ?? 0) + kept} for the next ones, or narrow with statuses, dates, ids, tokens or merchantReferences.`,
      },
    });
  let low = 0;
  let high = results.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (bytes(cut(middle)) <= MAX_RESULT_BYTES) low = middle;
    else high = middle - 1;
  }
  return cut(low);
}

/** A refusal (nothing was sent) or a failure, as one tool error whose text names what went wrong. */
export function failure(error: unknown, redact: (text: string) => string): ToolResult {
  return { content: [{ type: 'text', text: redact(describe(error)) }], isError: true };
}

function describe(error: unknown): string {
  if (error instanceof ValidationError)
    return `Refused, nothing was sent: ${error.message} (field ${JSON.stringify(error.param.slice(0, 60))}, rule ${error.rule}).`;
  if (error instanceof ApiError) {
    // What the service wrote travels as JSON values, never as text of ours.
    return `The API answered ${error.status}: ${JSON.stringify({ errorCode: error.errorCode, errorId: error.errorId, message: error.message })}`;
  }
  if (error instanceof AbortError) return 'Cancelled.';
  if (error instanceof MerchantApiError) return `The request failed: ${error.message}`;
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}
