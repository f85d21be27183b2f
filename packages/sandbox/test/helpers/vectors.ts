// The spec package's language-neutral vectors (spec/vectors), as the sandbox's tests read them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AuthCase, DateTimeCase, ProviderScenario, QueryEncodingCase } from '@merchant-ordering/spec/vectors';

export type { AuthCase, DateTimeCase, ProviderScenario, QueryEncodingCase };

const vectors = (file: string) => JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`@merchant-ordering/spec/vectors/${file}`), 'utf8'));

export const DATE_TIME_CASES: DateTimeCase[] = vectors('date-time.json').cases;

export const PROVIDER_SCENARIOS: ProviderScenario[] = vectors('provider-scenarios.json').scenarios;

export const QUERY_ENCODING_CASES: QueryEncodingCase[] = vectors('query-encoding.json').cases;

export const AUTH_CASES: AuthCase[] = vectors('auth.json').cases;
