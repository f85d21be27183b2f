// The API's traps: where the service, or the API document, is not what a reader would assume. The one
// list: llms.txt opens with it, traps.md holds it alone, and @merchant-ordering/mcp serves that file as
// its traps resource. Every item is computed or quoted from the description, so the list follows it.
import { basicAuthorization, operationsOf, parametersOf, requiresAuth, resolveRef, sandboxServer, successMediaType, WORKED_EXAMPLE } from '../code-samples.mjs';
import { code, oneLine } from './text.mjs';

/**
 * The traps, one Markdown line each (without the list marker).
 * @param {object} spec  the published description
 * @param {object} readable  the description with its extensions in prose (reference.mjs)
 * @param {{ operation: object, pathItem: object, path: string, method: string }[]} entries  operationsOf(readable)
 * @returns {string[]}
 */
export function trapsList(spec, readable, entries) {
  const query = entries.flatMap(({ operation, pathItem }) => parametersOf(readable, pathItem, operation)).filter((parameter) => parameter.in === 'query');
  const unique = (list) => [...new Map(list.map((parameter) => [parameter.name, parameter])).values()];
  const arrays = unique(query.filter((parameter) => resolveRef(spec, parameter.schema ?? {}).type === 'array'));
  const dates = unique(query.filter((parameter) => /\[\+-\]|\[-\+\]/.test(resolveRef(spec, parameter.schema ?? {}).pattern ?? '')));
  const list = [];
  if (arrays.length) {
    const [first] = arrays;
    list.push(
      `Arrays (${arrays.map(({ name }) => code(name)).join(', ')}) repeat the key once per value: ${code(`${first.name}=A&${first.name}=B`)}. Comma-separated values (${code(`${first.name}=A,B`)}) and brackets (${code(`${first.name}[]=A`)}) are refused with a 500. A comma inside a value cannot be sent: the service reads it as a separator, even percent-encoded.`,
    );
  }
  if (dates.length) {
    const example = resolveRef(spec, Object.values(dates[0].examples ?? {}).find((item) => String(resolveRef(spec, item).value).includes('+')) ?? {}).value;
    list.push(
      `Dates (${dates.map(({ name }) => code(name)).join(', ')}) are date, ${code('T')}, time with fractional seconds and a UTC offset${example ? ` (${code(example)})` : ''}. Percent-encode the value: the ${code('+')} of an offset must reach the service as ${code('%2B')}, because a raw ${code('+')} is read as a space and answered with a 500.`,
    );
  }
  // The published description keeps x-document-default as data; the readable one has it in prose.
  for (const { operation, pathItem } of operationsOf(spec)) {
    for (const parameter of parametersOf(spec, pathItem, operation)) {
      const stated = parameter['x-document-default'];
      if (stated && !stated.applied)
        list.push(
          `${code(parameter.name)} of ${operation.summary}: the API document lists ${JSON.stringify(stated.value)} as the default, which does not apply. ${stated.reason}`,
        );
    }
  }
  const timeouts = [...new Set(operationsOf(spec).map(({ operation }) => JSON.stringify(operation['x-timeouts'] ?? null)))].map((text) => JSON.parse(text));
  if (timeouts.length === 1 && timeouts[0])
    list.push(`Timeouts: allow ${timeouts[0].openSeconds} s to open the connection and ${timeouts[0].readSeconds} s to read the response, on every operation.`);
  else
    for (const { operation } of operationsOf(spec))
      if (operation['x-timeouts'])
        list.push(`Timeouts of ${operation.summary}: ${operation['x-timeouts'].openSeconds} s to open, ${operation['x-timeouts'].readSeconds} s to read.`);
  const open = entries.filter(({ operation }) => !requiresAuth(spec, operation));
  list.push(
    `Basic authentication is built once from the whole pair: join ${code('<merchantId>:<secretKey>')} with one colon and no spaces, base64-encode that one string (not each part, and not twice), and send ${code('Authorization: Basic <result>')} with one space. Merchant ID ${code(WORKED_EXAMPLE.merchantId)} and Secret Key ${code(WORKED_EXAMPLE.secretKey)} give ${code(`Authorization: ${basicAuthorization(WORKED_EXAMPLE)}`)}. Missing or wrong credentials get a 401${open.length ? `; ${open.map(({ operation }) => operation.summary).join(', ')} needs none` : ''}.`,
  );
  // One clause per media type, naming every operation that answers with it.
  const accepts = new Map();
  for (const { operation, path, method } of entries) {
    const type = successMediaType(spec, operation, `${method.toUpperCase()} ${path}`);
    accepts.set(type, [...(accepts.get(type) ?? []), operation.summary]);
  }
  list.push(
    `Send ${[...accepts].map(([type, summaries]) => `${code(`Accept: ${type}`)} to ${summaries.join(' and ')}`).join(', ')}; another Accept gets a 406. A 200 may come without ${code('Content-Type')}: read the body as the documented type anyway.`,
  );
  const bounded = unique(query.filter((parameter) => resolveRef(spec, parameter.schema ?? {}).maximum !== undefined));
  for (const parameter of bounded) {
    const { minimum, maximum } = resolveRef(spec, parameter.schema);
    list.push(`${code(parameter.name)} is ${minimum} to ${maximum} inclusive; a value outside gets a 422.`);
  }
  // An errorCode that several statuses share tells nothing by itself: the Errors table says when each comes.
  const rows = errorRows(spec.info.description ?? '');
  for (const errorCode of new Set(rows.map((row) => row.errorCode))) {
    const shared = rows.filter((row) => row.errorCode === errorCode);
    if (shared.length > 1)
      list.push(
        `The errorCode ${code(errorCode)} says nothing by itself: ${shared.length} statuses share it, so map on the status: ${shared.map((row) => `${row.status} when ${row.when}`).join('; ')}.`,
      );
  }
  for (const schema of Object.values(spec.components?.schemas ?? {})) {
    if (schema['x-known-values'] && schema.title && schema.description) list.push(`${code(schema.title)} is an open list: ${oneLine(schema.description)}`);
  }
  list.push(`The samples and the sandbox use ${code(sandboxServer(spec))}; never send the sandbox's worked credentials to production.`);
  return list;
}

/** traps.md: the list under its own title. */
export function trapsMarkdown(spec, list) {
  return `# Traps of the ${spec.info.title}

> Where the service, or the API document, is not what a reader would assume: each item computed or quoted from the description (version ${spec.info.version}). @merchant-ordering/client handles every one. [llms.txt](llms.txt) opens with the same list.

${list.map((trap) => `- ${trap}`).join('\n')}
`;
}

/** The rows of the overview's `## Errors` table: status, errorCode (without its backticks) and when it comes. */
function errorRows(overview) {
  const start = overview.indexOf('\n## Errors\n');
  if (start < 0) return [];
  const body = overview.slice(start + '\n## Errors\n'.length);
  const end = body.indexOf('\n## ');
  return (end < 0 ? body : body.slice(0, end))
    .split('\n')
    .filter((line) => /^\|\s*\d{3}\s*\|/.test(line))
    .map((line) => {
      const [status, errorCode, when] = line
        .split('|')
        .slice(1, 4)
        .map((cell) => cell.trim());
      return { status, errorCode: errorCode.replaceAll('`', ''), when };
    });
}
