// The operations of the built docs bundle, with what a reader should find on each one's page.
import { operationsOf, resolveRef } from '../../scripts/code-samples.mjs';
import { type Json, readDocsBundle } from './paths';

export interface DocumentedOperation {
  operationId: string;
  summary: string;
  method: string;
  path: string;
  tag: string;
  parameters: string[];
  statuses: string[];
  samples: Record<string, string>;
}

export function documentedOperations(docs: Json = readDocsBundle()): DocumentedOperation[] {
  return operationsOf(docs).map(({ path, method, operation, pathItem }: Json) => ({
    operationId: operation.operationId,
    summary: operation.summary,
    method: method.toUpperCase(),
    path,
    tag: operation.tags[0],
    parameters: [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((parameter: Json) => resolveRef(docs, parameter).name),
    statuses: Object.keys(operation.responses),
    samples: Object.fromEntries((operation['x-codeSamples'] ?? []).map(({ label, source }: Json) => [label, source])),
  }));
}
