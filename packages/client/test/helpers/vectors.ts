// The language-neutral test vectors in spec/vectors/, shared with the other language teams.
import { readFileSync } from 'node:fs';

export function readVectors<Case>(file: 'query-encoding.json' | 'auth.json' | 'contact.json' | 'date-time.json'): { description: string; cases: Case[] } {
  return JSON.parse(readFileSync(new URL(`../../../../spec/vectors/${file}`, import.meta.url), 'utf8'));
}
