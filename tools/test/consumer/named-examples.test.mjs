// Consumer contract (scenarios/named-examples.mjs): every named example of the description, chosen on
// the mock with Prefer, is parsed by the built client into its result or the ApiError subclass.
// The scenarios are shared with the runtime matrix (pnpm test:runtimes), which runs them on Node
// 20, 22 and 24, Bun and Deno.
import { inject } from 'vitest';
import { describeScenarios } from '../helpers/scenarios.mjs';
import namedExamples from './scenarios/named-examples.mjs';

describeScenarios(namedExamples, inject('prismUrl'));
