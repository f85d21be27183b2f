// Consumer contract (scenarios/named-examples.mjs): every named example of the description, chosen on
// the mock with Prefer, is parsed by the built client into its result or the ApiError subclass.
import { inject } from 'vitest';
import { describeScenarios } from '../helpers/scenarios.mjs';
import { createScenarioContext } from './scenario-context.mjs';
import namedExamples from './scenarios/named-examples.mjs';

describeScenarios(namedExamples, createScenarioContext(inject('prismUrl')));
