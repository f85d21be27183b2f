// Consumer contract, authentication (scenarios/auth.mjs): Ping needs none; every other operation
// answers 401 with the documented error body when Basic credentials are missing or malformed.
import { inject } from 'vitest';
import { describeScenarios } from '../helpers/scenarios.mjs';
import { createScenarioContext } from './scenario-context.mjs';
import auth from './scenarios/auth.mjs';

describeScenarios(auth, createScenarioContext(inject('prismUrl')));
