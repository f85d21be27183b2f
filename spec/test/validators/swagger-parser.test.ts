// A second, independent validator: @apidevtools/swagger-parser 12.1.0 validate(), exactly as shipped,
// with no fix applied in memory: other teams run it that way. For `openapi: 3.1.x` it resolves every
// $ref and validates the document against the OAS 3.1 JSON Schema it bundles (Ajv 2020). It checks
// structure only: each Schema Object is taken as "any object" (its workaround for $dynamicRef) and its
// semantic checks are skipped for OpenAPI 3. The schema contents are covered by json-schema-dialect.test.ts.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../support/load-bundle';
import { distFile } from '../support/paths';

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
  it.each(artifacts)('accepts dist/%s as OpenAPI 3.1', async (file) => {
    expect(await validationProblems(distFile(file))).toEqual([]);
    await expect(SwaggerParser.validate(distFile(file))).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  // Its bundled OAS 3.1 schema (2021-04-15) misspells the Server Variable field `description` as
  // `descriptions` (fixed upstream in OAI/OpenAPI-Specification#2793), so the legacy hosts are listed
  // in the server's description. When this fails, the dependency carries the fix.
  it('refuses a description on a server variable, so the description puts the host list on the server', async () => {
    const withVariableDescription = loadBundle();
    const legacy = withVariableDescription.servers.findIndex((server: { variables?: object }) => server.variables);
    const [name] = Object.keys(withVariableDescription.servers[legacy].variables);
    withVariableDescription.servers[legacy].variables[name].description = 'AU and NZ: api.afterpay.com';
    expect(await validationProblems(withVariableDescription)).toEqual([`/servers/${legacy}/variables/${name} must NOT have unevaluated properties`]);
  });

  // Controls: it really checks 3.1 documents.
  it('rejects a response without its required description', async () => {
    const broken = loadBundle();
    delete broken.paths['/ping'].get.responses['200'].description;
    expect(await validationProblems(broken)).toContain("/paths/~1ping/get/responses/200 must have required property 'description'");
  });

  it('rejects a parameter in an unknown location', async () => {
    const broken = loadBundle();
    broken.components.parameters.Limit.in = 'body';
    expect(await validationProblems(broken)).toContain('/components/parameters/Limit/in must be equal to one of the allowed values');
  });

  it('rejects a $ref to a missing component', async () => {
    const broken = loadBundle();
    broken.paths['/v2/payments'].get.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/Missing';
    expect((await validationProblems(broken)).join()).toMatch(/Missing \$ref pointer "#\/components\/schemas\/Missing"/);
  });
});
