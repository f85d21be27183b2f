// Reading a description (lib/spec-document.js): loading JSON or YAML, JSON pointers and their escapes,
// $ref chains and cycles, and each operation as the checks see it (parameters with their serialization
// defaults and pointers, responses with their headers, examples and pointers, status ranges).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentedResponse, escapePointer, findOperation, follow, getPointer, listOperations, loadSpec, pointerOf } from '../../lib/spec-document.js';

const work = mkdtempSync(join(tmpdir(), 'spec-document-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('loadSpec', () => {
  it('a missing file is named', () => {
    const path = join(work, 'missing.json');
    expect(() => loadSpec(path)).toThrow(new Error(`${path} does not exist`));
  });

  it('reads JSON, and YAML by its extension (.yaml, .yml, any case)', () => {
    writeFileSync(join(work, 'a.json'), '{"openapi":"3.1.0","info":{"title":"é","version":"1"}}');
    expect(loadSpec(join(work, 'a.json'))).toEqual({ openapi: '3.1.0', info: { title: 'é', version: '1' } });
    for (const name of ['a.yaml', 'a.yml', 'A.YML']) {
      writeFileSync(join(work, name), 'openapi: 3.1.0\ninfo:\n  title: é\n  version: "1"\n');
      expect(loadSpec(join(work, name))).toEqual({ openapi: '3.1.0', info: { title: 'é', version: '1' } });
    }
  });

  it('a .json file is read as JSON even with .yaml earlier in its name (JSON allows a repeated key, YAML does not)', () => {
    writeFileSync(join(work, 'b.yaml.json'), '{"a":1,"a":2}');
    expect(loadSpec(join(work, 'b.yaml.json'))).toEqual({ a: 2 });
  });
});

describe('JSON pointers', () => {
  it('escape ~ and / in each segment', () => {
    expect(escapePointer('a/b~c')).toBe('a~1b~0c');
    expect(escapePointer(200)).toBe('200');
    expect(pointerOf('paths', '/things/{id}', 'get')).toBe('#/paths/~1things~1{id}/get');
  });

  const doc = { paths: { '/a~b': { get: 1 } }, n: null, s: 'text', list: ['x', 'y'], empty: { '': 'blank' } };

  it('resolve through objects and arrays, unescaping', () => {
    expect(getPointer(doc, '#/paths/~1a~0b/get')).toBe(1);
    expect(getPointer(doc, '#/list/1')).toBe('y');
    expect(getPointer(doc, '#')).toBe(doc);
    expect(getPointer(doc, '#/empty/')).toBe('blank');
  });

  it('refuse external references and name a pointer that leads nowhere', () => {
    expect(() => getPointer(doc, 'other.json#/a')).toThrow(new Error('Only internal references are supported: other.json#/a'));
    expect(() => getPointer(doc, '#/nothing')).toThrow(new Error('Unresolvable pointer #/nothing'));
    expect(() => getPointer(doc, '#/n/x')).toThrow(new Error('Unresolvable pointer #/n/x'));
    expect(() => getPointer(doc, '#/s/length')).toThrow(new Error('Unresolvable pointer #/s/length'));
  });

  it('follow a chain of $refs to its target and its pointer; a cycle is an error', () => {
    const chain = { components: { A: { $ref: '#/components/B' }, B: { type: 'string' }, C: { $ref: '#/components/D' }, D: { $ref: '#/components/C' } } };
    expect(follow(chain, { $ref: '#/components/A' }, '#/here')).toEqual({ node: { type: 'string' }, pointer: '#/components/B' });
    expect(follow(chain, { type: 'integer' }, '#/here')).toEqual({ node: { type: 'integer' }, pointer: '#/here' });
    expect(follow(chain, undefined, '#/here')).toEqual({ node: undefined, pointer: '#/here' });
    expect(follow(chain, null, '#/here')).toEqual({ node: null, pointer: '#/here' });
    expect(() => follow(chain, { $ref: '#/components/C' }, '#/here')).toThrow(new Error('Circular $ref at #/components/C'));
  });
});

describe('operations', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things/{id}': {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'kind', in: 'query', schema: { type: 'string' } },
        ],
        get: {
          operationId: 'getThing',
          parameters: [
            { name: 'kind', in: 'query', schema: { type: ['integer', 'null'] } },
            { name: 'session', in: 'cookie', schema: { type: 'string' } },
            { name: 'X-Tags', in: 'header', explode: true, schema: { type: 'array', items: { $ref: '#/components/schemas/Count' } } },
            { name: 'ids', in: 'query', style: 'spaceDelimited', explode: false, schema: { type: 'array', items: { type: 'string' } } },
            { $ref: '#/components/parameters/Limit' },
          ],
          responses: {
            200: {
              description: 'A thing.',
              headers: {
                'X-Rate-Limit': { required: true, schema: { type: 'integer' } },
                'X-Shared': { $ref: '#/components/headers/Shared' },
                'X-Plain': { description: 'no schema' },
              },
              content: {
                'application/json': {
                  schema: { type: 'object' },
                  examples: { inline: { value: { id: 1 } }, shared: { $ref: '#/components/examples/Thing' } },
                },
                'text/plain': {},
              },
            },
            '4XX': { $ref: '#/components/responses/Problem' },
            '5xx': { description: 'Down.' },
            default: { description: 'Other.' },
          },
        },
      },
    },
    components: {
      schemas: { Count: { type: 'integer' } },
      parameters: { Limit: { name: 'limit', in: 'query', required: false, explode: false, schema: { $ref: '#/components/schemas/Count' } } },
      headers: { Shared: { required: false, schema: { type: ['null', 'string'] } } },
      examples: { Thing: { value: { id: 2 } } },
      responses: { Problem: { description: 'A problem.', content: { 'application/problem+json': { schema: { type: 'object' } } } } },
    },
  };
  // Listed in each test, not when the file loads: Stryker runs a mutant only with the tests that reach it.
  const described = () => listOperations(doc)[0];

  it('key, method, path, operationId, pointer', () => {
    const operation = described();
    expect(operation).toMatchObject({
      key: 'GET /things/{id}',
      method: 'GET',
      path: '/things/{id}',
      operationId: 'getThing',
      pointer: '#/paths/~1things~1{id}/get',
    });
    expect(findOperation(doc, 'get', '/things/{id}')?.key).toBe('GET /things/{id}');
    expect(findOperation(doc, 'post', '/things/{id}')).toBeUndefined();
  });

  it('parameters: path-level ones unless redeclared, with serialization defaults, types and pointers', () => {
    const operation = described();
    expect(operation.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        style: 'simple',
        explode: false,
        pointer: '#/paths/~1things~1{id}/parameters/0',
        schemaPointer: '#/paths/~1things~1{id}/parameters/0/schema',
        schema: { type: 'string' },
        type: 'string',
        itemType: undefined,
      },
      {
        name: 'kind',
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        pointer: '#/paths/~1things~1{id}/get/parameters/0',
        schemaPointer: '#/paths/~1things~1{id}/get/parameters/0/schema',
        schema: { type: ['integer', 'null'] },
        type: 'integer',
        itemType: undefined,
      },
      {
        name: 'session',
        in: 'cookie',
        required: false,
        style: 'form',
        explode: true,
        pointer: '#/paths/~1things~1{id}/get/parameters/1',
        schemaPointer: '#/paths/~1things~1{id}/get/parameters/1/schema',
        schema: { type: 'string' },
        type: 'string',
        itemType: undefined,
      },
      {
        name: 'X-Tags',
        in: 'header',
        required: false,
        style: 'simple',
        explode: true,
        pointer: '#/paths/~1things~1{id}/get/parameters/2',
        schemaPointer: '#/paths/~1things~1{id}/get/parameters/2/schema',
        schema: { type: 'array', items: { $ref: '#/components/schemas/Count' } },
        type: 'array',
        itemType: 'integer',
      },
      {
        name: 'ids',
        in: 'query',
        required: false,
        style: 'spaceDelimited',
        explode: false,
        pointer: '#/paths/~1things~1{id}/get/parameters/3',
        schemaPointer: '#/paths/~1things~1{id}/get/parameters/3/schema',
        schema: { type: 'array', items: { type: 'string' } },
        type: 'array',
        itemType: 'string',
      },
      {
        name: 'limit',
        in: 'query',
        required: false,
        style: 'form',
        explode: false,
        pointer: '#/components/parameters/Limit',
        schemaPointer: '#/components/parameters/Limit/schema',
        schema: { type: 'integer' },
        type: 'integer',
        itemType: undefined,
      },
    ]);
  });

  it('responses: content with its schema pointer and examples, headers by lower-case name', () => {
    const operation = described();
    expect(operation.responses['200']).toEqual({
      status: '200',
      pointer: '#/paths/~1things~1{id}/get/responses/200',
      content: {
        'application/json': {
          schemaPointer: '#/paths/~1things~1{id}/get/responses/200/content/application~1json/schema',
          examples: { inline: { id: 1 }, shared: { id: 2 } },
        },
        'text/plain': { schemaPointer: undefined, examples: {} },
      },
      headers: {
        'x-rate-limit': {
          name: 'X-Rate-Limit',
          required: true,
          schemaPointer: '#/paths/~1things~1{id}/get/responses/200/headers/X-Rate-Limit/schema',
          type: 'integer',
          itemType: undefined,
        },
        'x-shared': { name: 'X-Shared', required: false, schemaPointer: '#/components/headers/Shared/schema', type: 'string', itemType: undefined },
        'x-plain': { name: 'X-Plain', required: false, schemaPointer: undefined, type: undefined, itemType: undefined },
      },
    });
    expect(operation.responses['4XX']).toEqual({
      status: '4XX',
      pointer: '#/components/responses/Problem',
      content: { 'application/problem+json': { schemaPointer: '#/components/responses/Problem/content/application~1problem+json/schema', examples: {} } },
      headers: {},
    });
  });

  it('an operation without parameters has none', () => {
    const bare = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/ping': { get: { responses: {} } } } };
    expect(listOperations(bare)[0].parameters).toEqual([]);
  });

  it('the documented response of a status: exact, then its range (either case), then default', () => {
    const operation = described();
    expect(documentedResponse(operation, 200)?.status).toBe('200');
    expect(documentedResponse(operation, 404)?.status).toBe('4XX');
    expect(documentedResponse(operation, '503')?.status).toBe('5xx');
    expect(documentedResponse(operation, 302)?.status).toBe('default');
    const { default: _, ...noDefault } = operation.responses;
    expect(documentedResponse({ ...operation, responses: noDefault }, 302)).toBeUndefined();
  });
});
