// Pure lookups over an OpenAPI object (bundled, with internal $refs, or dereferenced). They never
// mutate the object and throw a readable error when something the caller expects is missing.
import type { OpenApi } from './load-bundle';

export type Node = Record<string, any>;

export interface Located {
  node: Node;
  /** JSON pointer of the node inside the description, after following $refs. */
  pointer: string;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export const escapePointerSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointerSegment = (segment: string): string => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

export const pointerOf = (...segments: (string | number)[]): string => segments.map((segment) => `/${escapePointerSegment(String(segment))}`).join('');

export function atPointer(spec: OpenApi, pointer: string): Node {
  const segments = pointer === '' ? [] : pointer.replace(/^\//, '').split('/').map(unescapePointerSegment);
  let node: Node | undefined = spec;
  for (const segment of segments) node = node?.[segment];
  if (node === undefined) throw new Error(`nothing at ${pointer || '/'} in the description`);
  return node;
}

/**
 * Follows internal $refs. OpenAPI 3.1 lets a $ref carry sibling keywords (usually `description`);
 * they win over the target's, as in the dereferenced artifact.
 */
export function locate(spec: OpenApi, node: Node, pointer: string): Located {
  const seen = new Set<string>();
  let current: Located = { node, pointer };
  const siblings: Node = {};
  while (typeof current.node?.$ref === 'string') {
    const ref: string = current.node.$ref;
    if (!ref.startsWith('#')) throw new Error(`external $ref ${ref} in the bundle`);
    if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
    seen.add(ref);
    const { $ref: _ref, ...rest } = current.node;
    Object.assign(siblings, { ...rest, ...siblings });
    const target = ref.slice(1);
    current = { node: atPointer(spec, target), pointer: target };
  }
  return Object.keys(siblings).length === 0 ? current : { node: { ...current.node, ...siblings }, pointer: current.pointer };
}

export const resolve = (spec: OpenApi, node: Node): Node => locate(spec, node, '').node;

export interface OperationEntry {
  method: string;
  path: string;
  /** `GET /v2/payments`: how test names and messages refer to an operation. */
  label: string;
  operation: Node;
  pointer: string;
}

export function operations(spec: OpenApi): OperationEntry[] {
  return Object.entries<Node>(spec.paths ?? {}).flatMap(([path, rawItem]) => {
    const item = locate(spec, rawItem, pointerOf('paths', path));
    return httpMethods
      .filter((method) => item.node[method])
      .map((method) => ({
        method,
        path,
        label: `${method.toUpperCase()} ${path}`,
        operation: item.node[method],
        pointer: `${item.pointer}${pointerOf(method)}`,
      }));
  });
}

export function operationById(spec: OpenApi, operationId: string): OperationEntry {
  const found = operations(spec).find((entry) => entry.operation.operationId === operationId);
  if (!found) throw new Error(`no operation with operationId ${operationId}`);
  return found;
}

export function operationAt(spec: OpenApi, method: string, path: string): OperationEntry | undefined {
  return operations(spec).find((entry) => entry.method === method && entry.path === path);
}

export const isPing = (entry: OperationEntry): boolean => entry.operation.operationId === 'ping';

/** Path-level and operation-level parameters, resolved; the operation's win on (name, in). */
export function parametersOf(spec: OpenApi, entry: OperationEntry): Located[] {
  const pathPointer = entry.pointer.slice(0, entry.pointer.lastIndexOf('/'));
  const pathItem = atPointer(spec, pathPointer);
  const fromPath = (pathItem.parameters ?? []).map((p: Node, i: number) => locate(spec, p, `${pathPointer}/parameters/${i}`));
  const fromOperation = (entry.operation.parameters ?? []).map((p: Node, i: number) => locate(spec, p, `${entry.pointer}/parameters/${i}`));
  const key = (p: Located) => `${p.node.in}:${p.node.in === 'header' ? p.node.name.toLowerCase() : p.node.name}`;
  const overridden = new Set(fromOperation.map(key));
  return [...fromPath.filter((p: Located) => !overridden.has(key(p))), ...fromOperation];
}

export function parameter(spec: OpenApi, entry: OperationEntry, location: string, name: string): Located {
  const found = parametersOf(spec, entry).find(
    (p) => p.node.in === location && (location === 'header' ? p.node.name.toLowerCase() === name.toLowerCase() : p.node.name === name),
  );
  if (!found) throw new Error(`${entry.label} has no ${location} parameter ${name}`);
  return found;
}

export const effectiveSecurity = (spec: OpenApi, entry: OperationEntry): Node[] => entry.operation.security ?? spec.security ?? [];

export function response(spec: OpenApi, entry: OperationEntry, status: number | string): Located {
  const raw = entry.operation.responses?.[String(status)];
  if (!raw) throw new Error(`${entry.label} has no ${status} response`);
  return locate(spec, raw, `${entry.pointer}/responses/${status}`);
}

export function mediaType(spec: OpenApi, located: Located, type: string): Located {
  const media = located.node.content?.[type];
  if (!media) throw new Error(`response at ${located.pointer} has no ${type} content`);
  return { node: media, pointer: `${located.pointer}/content/${escapePointerSegment(type)}` };
}

export function componentSchema(spec: OpenApi, name: string): Located {
  return locate(spec, atPointer(spec, pointerOf('components', 'schemas', name)), pointerOf('components', 'schemas', name));
}

/** The component name a schema (or a $ref to it) stands for, if it is a component. */
export function componentName(spec: OpenApi, schema: Node): string | undefined {
  const match = /^\/components\/schemas\/([^/]+)$/.exec(locate(spec, schema, '').pointer);
  return match?.[1];
}

/** Properties of an object schema as written (a $ref stays a $ref), including those from allOf. */
export function declaredPropertiesOf(spec: OpenApi, schema: Node): Record<string, Node> {
  const resolved = resolve(spec, schema);
  const parts: Record<string, Node>[] = [...(resolved.allOf ?? []).map((part: Node) => declaredPropertiesOf(spec, part)), resolved.properties ?? {}];
  const merged: Record<string, Node> = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part)) {
      // allOf applies every part, so a property named in two parts carries the keywords of both.
      merged[name] = name in merged ? { ...resolve(spec, merged[name]), ...resolve(spec, value) } : value;
    }
  }
  return merged;
}

/** Properties of an object schema, including those brought in through allOf, each resolved. */
export const propertiesOf = (spec: OpenApi, schema: Node): Record<string, Node> =>
  Object.fromEntries(Object.entries(declaredPropertiesOf(spec, schema)).map(([name, value]) => [name, resolve(spec, value)]));

export function declaredProperty(spec: OpenApi, schema: Node, name: string): Node {
  const found = declaredPropertiesOf(spec, schema)[name];
  if (!found) throw new Error(`schema ${resolve(spec, schema).title ?? ''} has no property ${name}`);
  return found;
}

export function requiredOf(spec: OpenApi, schema: Node): Set<string> {
  const resolved = resolve(spec, schema);
  const inherited = (resolved.allOf ?? []).flatMap((part: Node) => [...requiredOf(spec, part)]);
  return new Set([...inherited, ...(resolved.required ?? [])]);
}

export const property = (spec: OpenApi, schema: Node, name: string): Node => resolve(spec, declaredProperty(spec, schema, name));

/** Listed values of a closed enum, or the known values of an open string (its `x-known-values` enum). */
export function listedValues(spec: OpenApi, schema: Node): string[] {
  const resolved = resolve(spec, schema);
  if (resolved.enum) return resolved.enum;
  return resolved['x-known-values'] ? (resolve(spec, resolved['x-known-values']).enum ?? []) : [];
}

/** Every description string in the object, for statements the document makes in prose. */
export function allDescriptions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(allDescriptions);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === 'description' && typeof value === 'string' ? [value] : allDescriptions(value)));
}
