import { literals } from '../literals.mjs';
import { enumsUsed, generatedClientValues } from './generator.mjs';
import { pascal, snake, valueWriter } from './names.mjs';

const literal = literals.rust;
const write = valueWriter({ literal, known: (schema, value) => `${schema}::${pascal(value.toLowerCase())}.to_string()` });

/** openapi-generator's `rust` client (reqwest): one async function per operation, every parameter an Option. */
export const rust = {
  label: 'Rust',
  lang: 'Rust',
  template: 'rust/main.rs.template',
  values: (call) => {
    const enums = enumsUsed(call.parameters);
    return {
      ...generatedClientValues(call, 'rust', literal),
      module: `${snake(call.tag)}_api`,
      function: snake(call.operationId),
      imports: enums.map((schema) => `use openapi::models::${schema};`).join('\n'),
      arguments: call.parameters.map((parameter) => `        ${valueOf(parameter)}, // ${snake(parameter.name)}`).join('\n'),
      returnsJson: call.returnsJson ? 'yes' : '',
    };
  },
};

function valueOf(parameter) {
  if (parameter.value === undefined) return 'None';
  if (parameter.type !== 'array') return `Some(${write(parameter, parameter.value)})`;
  const items = parameter.value.map((item) => {
    const written = write(parameter, item);
    return written.endsWith('.to_string()') ? written : `${written}.to_owned()`;
  });
  return `Some(vec![${items.join(', ')}])`;
}
