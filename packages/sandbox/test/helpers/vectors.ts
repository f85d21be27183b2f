// The spec package's language-neutral vectors (spec/vectors), as the sandbox's tests read them.
import type { AuthCase, DateTimeCase, ProviderScenario, QueryEncodingCase, VectorFiles } from '@merchant-ordering/spec/vectors';
import { vectorsReader } from '@merchant-ordering/test-kit/vectors';

export type { AuthCase, DateTimeCase, ProviderScenario, QueryEncodingCase };

const vectors = vectorsReader<VectorFiles>(import.meta.url);

export const DATE_TIME_CASES: DateTimeCase[] = vectors('date-time.json').cases;

export const PROVIDER_SCENARIOS: ProviderScenario[] = vectors('provider-scenarios.json').scenarios;

export const QUERY_ENCODING_CASES: QueryEncodingCase[] = vectors('query-encoding.json').cases;

export const AUTH_CASES: AuthCase[] = vectors('auth.json').cases;
