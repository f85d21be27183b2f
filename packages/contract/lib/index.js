// @merchant-ordering/contract: the provider verifier and the breaking-change check, for any team.
export { checkRelease, changelogSection, findChanges, formatResult } from './breaking-changes.js';
export { checkRequest } from './request-check.js';
export { checkResponse } from './response-check.js';
export { formatJunit } from './junit-report.js';
export { formatReport } from './report-format.js';
export { runScenarios } from './scenario-runner.js';
export { createSchemaValidator } from './schema-validator.js';
export { documentedResponse, findOperation, listOperations, loadSpec } from './spec-document.js';
export { bundledSpecPath, providerScenariosPath, specPackageDir, vectorFiles, vectorsDir } from './spec-package.js';
export { credentialsFor } from './credentials.js';
export { verify } from './verify.js';
export * from './types.js';
