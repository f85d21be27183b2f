// Consumer contract (scenarios/operations.mjs): the built client calls every operation of the
// description on the Prism mock, and its results match the spec's schemas under JSON Schema 2020-12.
import { inject } from 'vitest';
import { describeScenarios } from '../helpers/scenarios.mjs';
import { createScenarioContext } from './scenario-context.mjs';
import operations from './scenarios/operations.mjs';

describeScenarios(operations, createScenarioContext(inject('prismUrl')));
