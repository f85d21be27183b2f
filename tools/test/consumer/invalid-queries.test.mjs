// Consumer contract, bad queries (scenarios/invalid-queries.mjs): each query the description forbids
// gets 422 with the documented Error body, and the client refuses the same input before any request.
import { inject } from 'vitest';
import { describeScenarios } from '../helpers/scenarios.mjs';
import { createScenarioContext } from './scenario-context.mjs';
import invalidQueries from './scenarios/invalid-queries.mjs';

describeScenarios(invalidQueries, createScenarioContext(inject('prismUrl')));
