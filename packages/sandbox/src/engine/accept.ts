// Content negotiation as the service does it: JSON for `Accept: application/json`, `*/*` or no
// Accept at all; Ping the same with text/plain. Anything else is 406.
import { SandboxHttpError } from './errors.js';

/** Throws 406 unless the Accept header admits `mediaType` (exactly, by its type's wildcard or by any). */
export function requireAcceptable(accept: string | null, mediaType: 'application/json' | 'text/plain'): void {
  if (!accept) return; // none, or empty (every host trims a header's value, so a blank one arrives empty)
  const [type] = mediaType.split('/');
  const admits = accept.split(',').some((range) => {
    const [value, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    return !refused && (value === mediaType || value === `${type}/*` || value === '*/*');
  });
  if (!admits) throw new SandboxHttpError(406, 'error', `Could not find acceptable representation: this endpoint answers ${mediaType}.`);
}
