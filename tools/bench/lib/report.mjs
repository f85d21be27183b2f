// The mutation section as `pnpm test:mutation` renders it (tools/test/mutation reads it through here).
import { table } from './format.mjs';
import { mutationMarkdown } from './mutation-report.mjs';

export { table };

/** Fills `{{mutation}}` in `template` from `results.mutation`; any other placeholder is an error. */
export function renderReport(template, results) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (name !== 'mutation') throw new Error(`unknown placeholder {{${name}}}`);
    return mutationMarkdown(results.mutation, table);
  });
}
