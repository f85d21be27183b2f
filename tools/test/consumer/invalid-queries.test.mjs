// Consumer contract, bad queries (scenarios/invalid-queries.mjs): each query the description forbids
// gets 422 with the documented Error body, and the client refuses the same input before any request.
// The scenarios are shared with the runtime matrix (pnpm test:runtimes), which runs them on Node
// 20, 22 and 24, Bun and Deno.
import { inject } from 'vitest';
import { describeScenarios } from '../helpers/scenarios.mjs';
import invalidQueries from './scenarios/invalid-queries.mjs';

describeScenarios(invalidQueries, inject('prismUrl'));
