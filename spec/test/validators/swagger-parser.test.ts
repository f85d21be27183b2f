// A second, independent validator: @apidevtools/swagger-parser 12.1.0 validate().
// For `openapi: 3.1.x` it resolves every $ref and validates the document against the official OAS 3.1
// JSON Schema (Ajv 2020). It checks structure only: each Schema Object is taken as "any object" (its
// workaround for $dynamicRef) and its semantic checks are skipped for OpenAPI 3. The schema contents
// are covered by json-schema-dialect.test.ts.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundle } from '../support/load-bundle';
import { distFile } from '../support/paths';
import { applyServerVariableFix, shippedServerVariableFields } from './oas31-schema-fix';

const artifacts = ['openapi.json', 'openapi.yaml', 'openapi.dereferenced.json', 'openapi.dereferenced.yaml'];

interface ValidationError {
  details?: { instancePath: string; message: string }[];
}

async function validationProblems(api: string | object): Promise<string[]> {
  try {
    await SwaggerParser.validate(api as never);
    return [];
  } catch (error) {
    const { details } = error as ValidationError;
    return details ? details.map((detail) => `${detail.instancePath} ${detail.message}`) : [String(error)];
  }
}

describe('@apidevtools/swagger-parser 12.1.0 as shipped', () => {
  it('still bundles the 2021-04-15 OAS 3.1 schema that misspells the server variable description', () => {
    // When this fails, the dependency carries the upstream fix: delete oas31-schema-fix.ts and its use.
    expect(shippedServerVariableFields()).toContain('descriptions');
    expect(shippedServerVariableFields()).not.toContain('description');
  });

  it.each(artifacts)(
    'finds nothing wrong in dist/%s except that false positive on the legacy server variable',
    async (file) => {
      const spec = loadBundle();
      const legacy = spec.servers.findIndex((server: { variables?: object }) => server.variables);
      const [variable] = Object.keys(spec.servers[legacy].variables);
      expect(await validationProblems(distFile(file))).toEqual([
        `/servers/${legacy}/variables/${variable} must NOT have unevaluated properties`,
      ]);
    }
  );
});

describe('@apidevtools/swagger-parser 12.1.0 with the upstream fix to its OAS 3.1 schema', () => {
  let undoFix: () => void;
  beforeAll(() => {
    undoFix = applyServerVariableFix();
  });
  afterAll(() => undoFix());

  it.each(artifacts)('accepts dist/%s as OpenAPI 3.1', async (file) => {
    expect(await validationProblems(distFile(file))).toEqual([]);
    await expect(SwaggerParser.validate(distFile(file))).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  // Controls: it really checks 3.1 documents, and the fix renames the field rather than opening the object.
  it('rejects a response without its required description', async () => {
    const broken = loadBundle();
    delete broken.paths['/ping'].get.responses['200'].description;
    expect(await validationProblems(broken)).toContain(
      "/paths/~1ping/get/responses/200 must have required property 'description'"
    );
  });

  it('rejects a parameter in an unknown location', async () => {
    const broken = loadBundle();
    broken.components.parameters.Limit.in = 'body';
    expect(await validationProblems(broken)).toContain(
      '/components/parameters/Limit/in must be equal to one of the allowed values'
    );
  });

  it('rejects a $ref to a missing component', async () => {
    const broken = loadBundle();
    broken.paths['/v2/payments'].get.responses['200'].content['application/json'].schema.$ref =
      '#/components/schemas/Missing';
    expect((await validationProblems(broken)).join()).toMatch(
      /Missing \$ref pointer "#\/components\/schemas\/Missing"/
    );
  });

  it('still rejects an unknown field on a server variable (the misspelt descriptions)', async () => {
    const broken = loadBundle();
    const legacy = broken.servers.find((server: { variables?: object }) => server.variables);
    Object.values<Record<string, unknown>>(legacy.variables)[0].descriptions = 'misspelt';
    expect((await validationProblems(broken)).join()).toMatch(/must NOT have unevaluated properties/);
  });
});
