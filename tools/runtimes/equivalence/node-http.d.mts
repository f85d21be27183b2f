import type { RawRequest } from './compare.mjs';
export function sendRaw(url: string, raw: RawRequest): Promise<{ status: number; headers: Headers; body: string }>;
