// The rewrite of Redoc's search text collector (scripts/search-word-boundaries.mjs), run on the
// collector as Redoc 3 ships it and on a Markdoc tree; the Chromium test searches the built page.
import { describe, expect, it } from 'vitest';
import { keepSearchWordBoundaries } from '../scripts/search-word-boundaries.mjs';

// The collector as @redocly/cli 2.77.0 inlines it into the page (minified names included).
const REDOC_COLLECTOR =
  'function QT(e){let t=[];function n(e){if(!Yae(e)){typeof e.attributes?.content==`string`&&t.push(e.attributes.content);for(let t of e.children??[])n(t)}}return n(e),t.join(``)}';

/** The collector from `source`, with Redoc's script and style filter beside it. */
function collector(source: string): (node: unknown) => string {
  return new Function(`const Yae = () => false; ${source}; return QT;`)();
}

const text = (content: string) => ({ type: 'text', attributes: { content } });
const code = (content: string) => ({ type: 'code', attributes: { content } });
// "inside a `Pagination`\nobject", then a table row | 406 | error | and a list of two items.
const tree = {
  type: 'document',
  children: [
    { type: 'paragraph', children: [{ type: 'inline', children: [text('inside a '), code('Pagination'), { type: 'softbreak' }, text('object')] }] },
    {
      type: 'table',
      children: [
        {
          type: 'tbody',
          children: [
            {
              type: 'tr',
              children: [
                { type: 'td', children: [text('*/*')] },
                { type: 'td', children: [text('422')] },
                { type: 'td', children: [text('List')] },
              ],
            },
          ],
        },
      ],
    },
    {
      type: 'list',
      children: [
        { type: 'item', children: [text('one.')] },
        { type: 'item', children: [text('two.')] },
      ],
    },
  ],
};

describe("Redoc's search text", () => {
  it('joins words across line breaks, cells and items as Redoc ships it', () => {
    expect(collector(REDOC_COLLECTOR)(tree)).toBe('inside a Paginationobject*/*422Listone.two.');
  });

  it('keeps them apart once the page is rewritten', () => {
    const words = collector(keepSearchWordBoundaries(REDOC_COLLECTOR))(tree).split(/\s+/).filter(Boolean);
    expect(words).toEqual(['inside', 'a', 'Pagination', 'object', '*/*', '422', 'List', 'one.', 'two.']);
  });

  it('leaves a heading’s text as it was once trimmed, so its anchor keeps its id', () => {
    const heading = { type: 'heading', children: [{ type: 'inline', children: [text('Responses without '), code('Content-Type')] }] };
    expect(collector(keepSearchWordBoundaries(REDOC_COLLECTOR))(heading).trim()).toBe(collector(REDOC_COLLECTOR)(heading).trim());
  });

  it('fails the build when Redoc no longer has the collector, or has it twice', () => {
    expect(() => keepSearchWordBoundaries('<html></html>')).toThrow(/found it 0 times/);
    expect(() => keepSearchWordBoundaries(REDOC_COLLECTOR + REDOC_COLLECTOR)).toThrow(/found it 2 times/);
  });
});
