// One operation of the description as a Markdown page: what it does, how to call it (servers,
// authentication, timeouts, each parameter with its rules and how it is sent), each response with its
// body, the schemas those use, and the samples the HTML reference shows.
import { STATUS_CODES } from 'node:http';
import { parametersOf, queryString, requiresAuth, resolveRef } from '../code-samples.mjs';
import { rulesOf, schemaSection, schemasUsed, typeOf } from './schema.mjs';
import { code, fenced, kebab, literal } from './text.mjs';

/** Where an operation's page is, relative to the site's root. */
export function operationFile(operation) {
  return `operations/${kebab(operation.operationId)}.md`;
}

/** The syntax-highlighting name of each sample language in a fence, by the `lang` of x-codeSamples. */
const FENCE_LANGUAGE = { Shell: 'sh', TypeScript: 'ts', Python: 'python', Go: 'go', Java: 'java', Kotlin: 'kotlin', Rust: 'rust' };

/**
 * @param {object} spec  the published description with its extensions in prose (readableDescription)
 * @param {{ path: string, method: string, operation: object, pathItem: object }} entry
 * @param {{ openSeconds: number, readSeconds: number } | undefined} timeouts  the published x-timeouts
 * @param {Array<{ lang: string, label: string, source: string }>} samples  as x-codeSamples
 * @param {(file: string) => string} link  a site file's address as seen from where the page is read
 */
export function operationMarkdown(spec, { path, method, operation, pathItem }, timeouts, samples, link) {
  const parameters = parametersOf(spec, pathItem, operation);
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => [status, resolveRef(spec, response)]);
  const lines = [
    `# ${operation.summary ?? operation.operationId}`,
    '',
    `${code(`${method.toUpperCase()} ${path}`)} (operation ID ${code(operation.operationId)}, tag ${operation.tags?.join(', ') || 'none'})`,
    '',
  ];
  if (operation.deprecated) lines.push('**Deprecated.**', '');
  if (operation.description) lines.push(operation.description.trim(), '');

  lines.push('## Calling it', '');
  lines.push(`- Authentication: ${requiresAuth(spec, operation) ? authentication(spec, operation) : 'none.'}`);
  if (timeouts) lines.push(`- Timeouts: ${timeouts.openSeconds} s to open the connection, ${timeouts.readSeconds} s to read the response.`);
  lines.push(
    `- Servers: ${servers(spec, operation, pathItem)}; the sandbox first when trying it ([overview](${link('overview.md')}) has the legacy regional hosts).`,
    '',
  );

  lines.push('## Parameters', '');
  if (parameters.length === 0) lines.push('None.', '');
  for (const parameter of parameters) lines.push(...parameterSection(spec, parameter), '');
  lines.push('Request body: none.', '');

  lines.push('## Responses', '');
  for (const [status, response] of responses) lines.push(...responseSection(spec, status, response), '');

  const schemas = schemasUsed(spec, [parameters.map(({ schema }) => schema), responses.map(([, response]) => response)]);
  if (schemas.length) {
    lines.push('## Schemas', '');
    for (const name of schemas) lines.push(schemaSection(spec, name, 3));
  }

  if (samples.length) {
    lines.push('## Samples', '', 'The samples of the HTML reference: they call the sandbox with its worked credentials.', '');
    for (const { lang, label, source } of samples) lines.push(`### ${label}`, '', fenced(FENCE_LANGUAGE[lang] ?? lang.toLowerCase(), source), '');
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

function authentication(spec, operation) {
  const security = operation.security ?? spec.security ?? [];
  const names = [...new Set(security.flatMap((requirement) => Object.keys(requirement)))];
  return names
    .map((name) => {
      const scheme = spec.components?.securitySchemes?.[name];
      if (scheme?.type === 'http' && scheme.scheme === 'basic')
        return `HTTP Basic (${code(name)}): ${code('Authorization: Basic <base64 of merchantId:secretKey>')}, built once from the joined pair (see the overview).`;
      return `${code(name)} (${scheme?.type ?? 'unknown'}).`;
    })
    .join(' Or ');
}

function servers(spec, operation, pathItem) {
  const list = operation.servers ?? pathItem.servers ?? spec.servers ?? [];
  return list
    .filter(({ url }) => !url.includes('{'))
    .map(({ url, description }) => `${code(url)} (${(description ?? '').split('.')[0]})`)
    .join(', ');
}

function parameterSection(spec, parameter) {
  const schema = parameter.schema ?? {};
  const resolved = resolveRef(spec, schema);
  const facts = [`${parameter.in}`, parameter.required ? 'required' : 'optional', typeOf(spec, schema), ...rulesOf(spec, schema), ...rulesOf(spec, resolved)];
  const lines = [`### ${code(parameter.name)}`, '', `${[...new Set(facts)].join('; ')}.`, ''];
  if (parameter.description) lines.push(parameter.description.trim(), '');
  const sent = sentAs(spec, parameter);
  if (sent) lines.push(`Sent as: ${sent}`, '');
  const examples = Object.entries(parameter.examples ?? {}).map(([name, example]) => {
    const { summary, value } = resolveRef(spec, example);
    return `- ${code(name)}: ${code(literal(value))}${summary ? ` (${summary})` : ''}`;
  });
  if (examples.length) lines.push('Examples:', '', ...examples);
  return lines;
}

/** How a query parameter appears in the URL, written by the samples' own encoder: arrays repeat the key, a `+` is `%2B`. */
function sentAs(spec, parameter) {
  if (parameter.in !== 'query') return '';
  const schema = resolveRef(spec, parameter.schema ?? {});
  const example = Object.values(parameter.examples ?? {}).map((item) => resolveRef(spec, item).value);
  if (schema.type === 'array') {
    const values = example.find((value) => Array.isArray(value) && value.length > 1) ?? ['A', 'B'];
    const sent = queryString([{ parameter, value: values }], parameter.name).slice(1);
    const comma = queryString([{ parameter, value: values }], parameter.name, { arrays: 'comma' }).slice(1);
    const brackets = queryString([{ parameter, value: values }], parameter.name, { arrays: 'brackets' }).slice(1);
    return `the key repeated once per value, ${code(sent)}; never comma-separated (${code(comma)}) and never with brackets (${code(brackets)}).`;
  }
  const plus = example.find((value) => typeof value === 'string' && value.includes('+'));
  if (plus)
    return `percent-encoded, so the ${code('+')} of an offset is ${code('%2B')}: ${code(queryString([{ parameter, value: plus }], parameter.name).slice(1))}.`;
  return '';
}

function responseSection(spec, status, response) {
  const reason = STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : '';
  const lines = [`### ${status}${reason}`, ''];
  if (response.description) lines.push(response.description.trim(), '');
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const resolved = resolveRef(spec, header);
    lines.push(`Header ${code(name)} (${typeOf(spec, resolved.schema)}): ${resolved.description?.trim() ?? ''}`, '');
  }
  for (const [mediaType, content] of Object.entries(response.content ?? {})) {
    const rules = rulesOf(spec, content.schema);
    lines.push(`Body: ${code(mediaType)}, ${typeOf(spec, content.schema)}${rules.length ? `; ${rules.join('; ')}` : ''}.`, '');
    const [first] = Object.entries(content.examples ?? {});
    if (first) {
      const { summary, value } = resolveRef(spec, first[1]);
      const json = /json/.test(mediaType);
      lines.push(
        `Example ${code(first[0])}${summary ? ` (${summary})` : ''}:`,
        '',
        fenced(json ? 'json' : 'text', json ? JSON.stringify(value, null, 2) : String(value)),
        '',
      );
    }
  }
  if (!response.content) lines.push('Body: none.', '');
  return lines;
}
