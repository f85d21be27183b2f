// Where Redoc shows Markdown without rendering it: a server's description (as plain text, so
// `api.afterpay.com` kept its backticks) and the navigation entries it builds from headings (which drop
// a code span, so "Responses without `Content-Type`" read "Responses without"). In the docs-only
// bundle, code spans in those places become plain text; everything else keeps its Markdown.

const CODE_SPAN = /`([^`\n]+)`/g;

/** Server descriptions (top level, per path, per operation) without code spans. */
export function plainServerDescriptions(docs) {
  const serverLists = [
    docs.servers,
    ...Object.values(docs.paths ?? {}).flatMap((item) => [item.servers, ...Object.values(item).map((operation) => operation?.servers)]),
  ];
  for (const server of serverLists.flatMap((list) => (Array.isArray(list) ? list : []))) {
    if (typeof server.description === 'string') server.description = server.description.replace(CODE_SPAN, '$1');
  }
}

/** The headings of the overview and of every tag's description without code spans. */
export function plainHeadings(docs) {
  const plain = (markdown) => markdown.replace(/^(#{1,6} .*)$/gm, (heading) => heading.replace(CODE_SPAN, '$1'));
  if (typeof docs.info?.description === 'string') docs.info.description = plain(docs.info.description);
  for (const tag of docs.tags ?? []) if (typeof tag.description === 'string') tag.description = plain(tag.description);
}
