// The four published files hold one description: other language teams may read any of them, and the
// traceability tests read only dist/openapi.json.
import { describe, expect, it } from 'vitest';
import { loadBundle, loadDereferenced, loadYamlArtifact, type OpenApi } from '../support/load-bundle';
import { resolve } from '../support/spec-queries';

/** Replaces every $ref by its target, sibling keywords winning, as the dereferenced artifact should. */
function dereference(spec: OpenApi, node: unknown = spec): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(spec, item));
  if (node === null || typeof node !== 'object') return node;
  const target = '$ref' in node ? resolve(spec, node as OpenApi) : node;
  return Object.fromEntries(Object.entries(target).map(([key, value]) => [key, dereference(spec, value)]));
}

const containsRef = (node: unknown): boolean =>
  Array.isArray(node) ? node.some(containsRef) : node !== null && typeof node === 'object' && ('$ref' in node || Object.values(node).some(containsRef));

describe('published copies of the description', () => {
  it('dist/openapi.yaml holds the same description as dist/openapi.json', () => {
    expect(loadYamlArtifact('openapi.yaml')).toEqual(loadBundle());
  });

  it('dist/openapi.dereferenced.yaml holds the same description as dist/openapi.dereferenced.json', () => {
    expect(loadYamlArtifact('openapi.dereferenced.yaml')).toEqual(loadDereferenced());
  });

  it('the dereferenced copy contains no $ref', () => {
    expect(containsRef(loadDereferenced())).toBe(false);
  });

  it('the dereferenced copy is the bundle with every $ref resolved', () => {
    expect(loadDereferenced()).toEqual(dereference(loadBundle()));
  });
});
