// Consumer contract, authentication (scenarios/auth.mjs): Ping needs none; every other operation
// answers 401 with the documented error body when Basic credentials are missing or malformed.
// The scenarios are shared with the runtime matrix (pnpm test:runtimes), which runs them on Node
// 20, 22 and 24, Bun and Deno.
import { inject } from 'vitest';
import { describeScenarios } from '../helpers/scenarios.mjs';
import auth from './scenarios/auth.mjs';

describeScenarios(auth, inject('prismUrl'));
