// Finds every example in the description together with the schema it illustrates: named examples of
// parameters, headers and media types (reached through the operations, as a client meets them), and
// the `examples` arrays inside schemas.
import type { OpenApi } from './load-bundle';
import { escapePointerSegment, locate, operations, parametersOf, pointerOf, type Located, type Node } from './spec-queries';

export interface FoundExample {
  /** Where a reader finds it, e.g. `GET /v2/payments 200 application/json example "twoPayments"`. */
  label: string;
  schemaPointer: string;
  value: unknown;
  /** True for examples of response bodies. */
  response: boolean;
  mediaType?: string;
}

function examplesOf(spec: OpenApi, holder: Located, label: string, response: boolean, mediaType?: string): FoundExample[] {
  const named = Object.entries<Node>(holder.node.examples ?? {}).map(([name, example]) => {
    const resolved = locate(spec, example, '').node;
    if (!('value' in resolved)) throw new Error(`${label} example "${name}" has no value`);
    return {
      label: `${label} example "${name}"`,
      schemaPointer: `${holder.pointer}/schema`,
      value: resolved.value,
      response,
      mediaType,
    };
  });
  const single =
    'example' in holder.node
      ? [
          {
            label: `${label} example`,
            schemaPointer: `${holder.pointer}/schema`,
            value: holder.node.example,
            response,
            mediaType,
          },
        ]
      : [];
  return [...named, ...single];
}

function contentExamples(spec: OpenApi, holder: Located, label: string, response: boolean): FoundExample[] {
  return Object.keys(holder.node.content ?? {}).flatMap((type) =>
    examplesOf(
      spec,
      { node: holder.node.content[type], pointer: `${holder.pointer}/content/${escapePointerSegment(type)}` },
      `${label} ${type}`,
      response,
      type,
    ),
  );
}

export function mediaAndParameterExamples(spec: OpenApi): FoundExample[] {
  const found = operations(spec).flatMap((entry) => {
    const parameters = parametersOf(spec, entry).flatMap((p) => examplesOf(spec, p, `${entry.label} ${p.node.in} parameter ${p.node.name}`, false));
    const body = entry.operation.requestBody
      ? contentExamples(spec, locate(spec, entry.operation.requestBody, `${entry.pointer}/requestBody`), `${entry.label} request body`, false)
      : [];
    const responses = Object.entries<Node>(entry.operation.responses ?? {}).flatMap(([status, raw]) => {
      const located = locate(spec, raw, `${entry.pointer}/responses/${status}`);
      const headers = Object.entries<Node>(located.node.headers ?? {}).flatMap(([name, header]) =>
        examplesOf(spec, locate(spec, header, `${located.pointer}/headers/${escapePointerSegment(name)}`), `${entry.label} ${status} header ${name}`, false),
      );
      return [...contentExamples(spec, located, `${entry.label} ${status}`, true), ...headers];
    });
    return [...parameters, ...body, ...responses];
  });
  return found;
}

// Keywords whose values are subschemas, by shape.
const singleSchemaKeywords = ['items', 'not', 'additionalProperties', 'unevaluatedProperties', 'contains', 'propertyNames', 'if', 'then', 'else'];
const schemaListKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaMapKeywords = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** Every subschema under `root`, with its pointer; $refs are not followed (their targets are walked on their own). */
export function subschemas(root: Located): Located[] {
  const { node, pointer } = root;
  if (node === null || typeof node !== 'object' || '$ref' in node) return [root];
  const children: Located[] = [
    ...singleSchemaKeywords.filter((key) => typeof node[key] === 'object').map((key) => ({ node: node[key], pointer: `${pointer}/${key}` })),
    ...schemaListKeywords.flatMap((key) => (node[key] ?? []).map((child: Node, i: number) => ({ node: child, pointer: `${pointer}/${key}/${i}` }))),
    ...schemaMapKeywords.flatMap((key) =>
      Object.entries<Node>(node[key] ?? {}).map(([name, child]) => ({
        node: child,
        pointer: `${pointer}/${key}/${escapePointerSegment(name)}`,
      })),
    ),
  ];
  return [root, ...children.flatMap(subschemas)];
}

/** Every schema of the description: components, and the inline schemas of parameters, headers and bodies. */
export function allSchemas(spec: OpenApi): Located[] {
  const components = Object.keys(spec.components?.schemas ?? {}).map((name) => ({
    node: spec.components.schemas[name],
    pointer: pointerOf('components', 'schemas', name),
  }));
  const inline = [...new Set(mediaAndParameterSchemaPointers(spec))].map((pointer) => locate(spec, { $ref: `#${pointer}` }, pointer));
  const seen = new Set<string>();
  return [...components, ...inline].flatMap(subschemas).filter(({ pointer }) => !seen.has(pointer) && seen.add(pointer));
}

function mediaAndParameterSchemaPointers(spec: OpenApi): string[] {
  return operations(spec).flatMap((entry) => {
    const parameters = parametersOf(spec, entry).map((p) => `${p.pointer}/schema`);
    const responses = Object.entries<Node>(entry.operation.responses ?? {}).flatMap(([status, raw]) => {
      const located = locate(spec, raw, `${entry.pointer}/responses/${status}`);
      const content = Object.keys(located.node.content ?? {}).map((type) => `${located.pointer}/content/${escapePointerSegment(type)}/schema`);
      const headers = Object.entries<Node>(located.node.headers ?? {}).map(
        ([name, header]) => `${locate(spec, header, `${located.pointer}/headers/${escapePointerSegment(name)}`).pointer}/schema`,
      );
      return [...content, ...headers];
    });
    return [...parameters, ...responses];
  });
}

export function schemaExamples(spec: OpenApi): FoundExample[] {
  return allSchemas(spec).flatMap(({ node, pointer }) =>
    Array.isArray(node?.examples)
      ? node.examples.map((value: unknown, i: number) => ({
          label: `schema ${pointer} examples[${i}]`,
          schemaPointer: pointer,
          value,
          response: false,
        }))
      : [],
  );
}
