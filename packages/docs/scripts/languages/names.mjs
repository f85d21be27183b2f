// Names as openapi-generator writes them from the description's: `merchantReferences` is
// merchant_references in Python and Rust, MerchantReferences in Go; the tag `Service Status` is the
// ServiceStatusApi class (ServiceStatusAPI in Go, service_status_api in Rust).

/** `User-Agent`, `merchantReferences`, `Service Status` -> lower-case words. */
export function words(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

export const snake = (name) => words(name).join('_');
export const pascal = (name) =>
  words(name)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
export const camel = (name) => {
  const text = pascal(name);
  return text[0].toLowerCase() + text.slice(1);
};
/** An enum constant as Python, Go and Java name it: `publicid` -> PUBLICID, `ON_HOLD` -> ON_HOLD. */
export const upperSnake = (value) => words(value).join('_').toUpperCase();

/** Values written the language's way: a known value as its enum constant, any other as a literal. */
export function valueWriter({ literal, known, closed, integer = String, boolean = String }) {
  return function write(parameter, value) {
    if (parameter.type === 'integer' && typeof value === 'number') return integer(value);
    if (parameter.type === 'boolean' && typeof value === 'boolean') return boolean(value);
    const text = String(value);
    if (parameter.known?.values.includes(text) && known) return known(parameter.known.schema, text);
    if (parameter.closed?.includes(text) && closed) return closed(parameter, text);
    return literal(text);
  };
}
