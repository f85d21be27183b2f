// Redoc 3's search indexes the text of each description's Markdoc tree, collected by one function that
// concatenates the text of every node with nothing between them (checked in @redocly/cli 2.77.0). A
// soft line break and the edge of a paragraph, list item or table cell carry no text, so words on
// either side were joined: "inside a `Pagination`\nobject" was indexed as "inside a Paginationobject",
// the error table's cells as "*/*422errorList Payments". No option changes it, so the built page is
// rewritten: the collector adds a space for a line break and after each block. The same function
// names headings' anchors, whose text holds no line break and ends with the block's space, which
// Redoc trims, so every anchor keeps its id (the browser test opens every deep link).

/** Markdoc node types that end a run of words: the text after them is a new word. */
const BLOCKS = ['paragraph', 'heading', 'item', 'list', 'blockquote', 'fence', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'];

// The collector, minified: `function QT(e){let t=[];function n(e){if(!Yae(e)){typeof
// e.attributes?.content==`string`&&t.push(e.attributes.content);for(let t of e.children??[])n(t)}}
// return n(e),t.join(``)}`. Names may change between builds of Redoc; the shape is what is matched.
const COLLECTOR =
  /(function [\w$]+\(e\)\{let t=\[\];function n\(e\)\{if\(![\w$]+\(e\)\)\{)(typeof e\.attributes\?\.content==`string`&&t\.push\(e\.attributes\.content\);)(for\(let t of e\.children\?\?\[\]\)n\(t\))(\}\}return n\(e\),t\.join\(``\)\})/g;

/**
 * @param {string} html  the page build-docs wrote
 * @returns {string} the page whose search keeps the word boundaries the Markdown had
 */
export function keepSearchWordBoundaries(html) {
  const found = html.match(COLLECTOR)?.length ?? 0;
  // Fail loudly if a Redoc upgrade changes the collector: the search would silently join words again.
  if (found !== 1) throw new Error(`expected Redoc's Markdoc text collector once in the page, found it ${found} times`);
  const blocks = JSON.stringify(BLOCKS);
  return html.replace(
    COLLECTOR,
    (_, start, text, children, end) =>
      `${start}${text}(e.type===\`softbreak\`||e.type===\`hardbreak\`)&&t.push(\` \`);${children};${blocks}.includes(e.type)&&t.push(\` \`)${end}`,
  );
}
