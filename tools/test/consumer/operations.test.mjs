// Consumer contract (scenarios/operations.mjs): the built client calls every operation of the
// description on the Prism mock, and its results match the spec's schemas under JSON Schema 2020-12.
// The scenarios are shared with the runtime matrix (pnpm test:runtimes), which runs them on Node
// 20, 22 and 24, Bun and Deno.
import { inject } from 'vitest';
import { describeScenarios } from '../helpers/scenarios.mjs';
import operations from './scenarios/operations.mjs';

describeScenarios(operations, inject('prismUrl'));
