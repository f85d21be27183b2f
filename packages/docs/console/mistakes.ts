// The worked mistakes, one click each: what people get wrong with this API, and the status the
// description documents for it. Each starts from the operation's examples (where the reader sends to
// is kept) and changes one thing, so the status it gets is the documented one.
import { firstNamedExample } from '../scripts/code-samples.mjs';
import { exampleState, type FormState } from './form-state';
import type { ConsoleOperation, Json } from './operations';

export interface Mistake {
  id: 'credentials' | 'limit' | 'comma' | 'brackets' | 'plus';
  label: string;
  status: number;
  /** What was done wrong and why the service refuses it, in one sentence. */
  explanation: string;
  state: FormState;
}

/** A Secret Key that no sandbox is started with. */
export const WRONG_SECRET_KEY = 'not-the-secret-key';

/** The mistakes that apply to the operation and whose status its description documents. */
export function mistakesFor(spec: Json, operation: ConsoleOperation, target: string): Mistake[] {
  const base = () => exampleState(spec, operation, target);
  const documented = (status: number) => String(status) in operation.statuses;
  const mistakes: Mistake[] = [];

  if (operation.requiresAuth && documented(401)) {
    const state = base();
    state.credentials.secretKey = WRONG_SECRET_KEY;
    mistakes.push({
      id: 'credentials',
      label: 'Wrong credentials',
      status: 401,
      explanation: 'Another Secret Key than the sandbox was started with: the Basic header does not match.',
      state,
    });
  }

  const bounded = operation.query.find(({ kind, maximum }) => kind === 'integer' && maximum !== undefined);
  if (bounded && documented(422)) {
    const state = base();
    const value = String((bounded.maximum as number) + 1);
    state.values[bounded.name] = [value];
    mistakes.push({
      id: 'limit',
      label: `${bounded.name} ${value}`,
      status: 422,
      explanation: `${bounded.name} goes from ${bounded.minimum} to ${bounded.maximum}: the value breaks a documented rule.`,
      state,
    });
  }

  const array = operation.query.find(({ kind, parameter }) => kind === 'array' && (firstNamedExample(spec, parameter) ?? []).length > 1);
  if (array && documented(500)) {
    const comma = base();
    comma.arrays = 'comma';
    mistakes.push({
      id: 'comma',
      label: 'Commas in an array',
      status: 500,
      explanation: `${array.name}=a,b: one key with the values joined by commas, as many encoders send arrays; the service wants the key repeated.`,
      state: comma,
    });
    const brackets = base();
    brackets.arrays = 'brackets';
    mistakes.push({
      id: 'brackets',
      label: 'Brackets in an array',
      status: 500,
      explanation: `${array.name}[]=a&${array.name}[]=b, as PHP and qs send arrays; the service wants the bare key repeated.`,
      state: brackets,
    });
  }

  const withPlus = operation.query.find(({ kind, parameter }) => kind === 'date-time' && String(firstNamedExample(spec, parameter) ?? '').includes('+'));
  if (withPlus && documented(500)) {
    const state = base();
    state.plus = 'raw';
    mistakes.push({
      id: 'plus',
      label: 'An unencoded +',
      status: 500,
      explanation: `The + of ${withPlus.name}'s offset sent as it is: a query reads + as a space, so the date is malformed. It must be sent as %2B.`,
      state,
    });
  }
  return mistakes;
}
