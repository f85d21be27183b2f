// A Mustache-like subset, enough for the sample templates and small enough to read in one go:
//   {{name}}                   replaced by the value (never escaped: the values are code already)
//   {{#name}} ... {{/name}}    kept when the value is non-empty; sections sit on lines of their own
//   {{^name}} ... {{/name}}    kept when the value is empty
// An unknown name is an error, so a typo in a template fails the build instead of printing "".

const SECTION = /^\{\{([#^])(\w+)\}\}\n([\s\S]*?)^\{\{\/\2\}\}\n/gm;
const VARIABLE = /\{\{(\w+)\}\}/g;

/**
 * @param {string} template
 * @param {Record<string, string>} values
 */
export function renderTemplate(template, values) {
  const lookup = (name) => {
    if (!Object.hasOwn(values, name)) throw new Error(`template uses {{${name}}}, which has no value`);
    return values[name];
  };
  const withSections = template.replace(SECTION, (_, kind, name, body) => (Boolean(lookup(name)) === (kind === '#') ? body : ''));
  if (/\{\{[#^/]/.test(withSections)) throw new Error('a template section is not on lines of its own');
  return withSections.replace(VARIABLE, (_, name) => lookup(name));
}
