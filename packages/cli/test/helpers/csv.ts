// An RFC 4180 reader, written here so the tests do not trust the writer they check: fields separated
// by commas, records ended by CRLF, fields in double quotes may hold either, "" is a quote.
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') (field += '"'), at++;
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') record.push(field), (field = '');
    else if (char === '\r' && text[at + 1] === '\n') record.push(field), records.push(record), (record = []), (field = ''), at++;
    else field += char;
  }
  if (field || record.length) throw new Error('the text does not end with CRLF');
  return records;
}
