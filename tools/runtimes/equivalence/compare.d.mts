/** A request exactly as it goes on the wire (the sandbox tests' RawRequest has this shape). */
export interface RawRequest {
  method: string;
  target: string;
  headers: ReadonlyArray<readonly [string, string]>;
}
export interface Observed {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export function normalise(status: number, headers: Headers, body: string): Observed;
export function targetFor(entry: RawRequest, origin: string): string;
export function webRequest(entry: RawRequest, origin: string): Request;
