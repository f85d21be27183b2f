// One form field per query parameter, bound to the form's values: an array is a list of rows (one
// value each, sent as one repeated key each), a date-time a date and time picker with an offset list, a
// closed list a select, anything else a text box (with suggestions when the description lists values).
// A field writes its parameter's values and calls `changed`; nothing else reads the inputs.
import { joinDateTime, offsets, splitDateTime } from './date-time';
import { h, uniqueId } from './dom';
import type { ConsoleParameter } from './operations';

export function parameterField(parameter: ConsoleParameter, values: Record<string, string[]>, changed: () => void): HTMLElement {
  const id = uniqueId(`try-it-${parameter.name}`);
  const set = (next: string[]) => {
    values[parameter.name] = next;
    changed();
  };
  const field = h(
    'div',
    { class: 'try-it-field', 'data-parameter': parameter.name },
    h('label', { for: id }, h('code', {}, parameter.name)),
    h('span', { class: 'try-it-hint' }, parameter.hint),
  );
  const suggestions = parameter.options.length && !parameter.closed ? suggestionList(parameter.options) : null;
  if (suggestions) field.append(suggestions);

  if (parameter.kind === 'array') {
    const rows = h('div', { class: 'try-it-rows' });
    const render = () => {
      const current = values[parameter.name] ?? [];
      rows.replaceChildren(
        ...current.map((value, index) => {
          const input = valueInput(
            parameter,
            index === 0 ? id : uniqueId(`try-it-${parameter.name}`),
            value,
            suggestions?.id,
            `${parameter.name}, value ${index + 1}`,
          );
          input.addEventListener('input', () => {
            const next = [...(values[parameter.name] ?? [])];
            next[index] = input.value;
            set(next);
          });
          const remove = h('button', { type: 'button', class: 'try-it-remove', 'aria-label': `Remove ${parameter.name} value ${index + 1}` }, '×');
          remove.addEventListener('click', () => {
            set((values[parameter.name] ?? []).filter((_, other) => other !== index));
            render();
          });
          return h('div', { class: 'try-it-row' }, input, remove);
        }),
      );
      if (current.length === 0) field.querySelector('label')?.setAttribute('for', `${id}-add`);
      else field.querySelector('label')?.setAttribute('for', id);
    };
    const add = h('button', { type: 'button', id: `${id}-add`, class: 'try-it-add' }, `Add a value`);
    add.addEventListener('click', () => {
      set([...(values[parameter.name] ?? []), '']);
      render();
      (rows.lastElementChild?.querySelector('input, select') as HTMLElement | null)?.focus();
    });
    render();
    field.append(rows, add);
    return field;
  }

  if (parameter.kind === 'date-time') {
    field.append(dateTimeControl(id, parameter.name, values[parameter.name]?.[0] ?? '', (value) => set(value ? [value] : [])));
    return field;
  }

  const input = valueInput(parameter, id, values[parameter.name]?.[0] ?? '', suggestions?.id, parameter.name);
  input.addEventListener(input instanceof HTMLSelectElement ? 'change' : 'input', () => set(input.value ? [input.value] : []));
  field.append(input);
  return field;
}

/** A text box, or a select for a closed list (its first entry sends nothing). */
function valueInput(parameter: ConsoleParameter, id: string, value: string, list: string | undefined, label: string): HTMLInputElement | HTMLSelectElement {
  if (parameter.closed) {
    const select = h(
      'select',
      { id, 'aria-label': label },
      h('option', { value: '' }, parameter.kind === 'array' ? '(choose)' : '(not sent)'),
      ...parameter.options.map((option) => h('option', { value: option }, option)),
    );
    // A value from a link that the list does not have stays, so the form sends what the link says.
    if (value && !parameter.options.includes(value)) select.append(h('option', { value }, value));
    select.value = value;
    return select;
  }
  const input = h('input', {
    id,
    type: 'text',
    'aria-label': label,
    list,
    autocomplete: 'off',
    spellcheck: 'false',
    inputmode: parameter.kind === 'integer' ? 'numeric' : undefined,
  });
  input.value = value;
  return input;
}

function suggestionList(options: string[]): HTMLDataListElement {
  return h('datalist', { id: uniqueId('try-it-options') }, ...options.map((option) => h('option', { value: option })));
}

/**
 * A date and time picker with its offset; the value it sends shows beside them. A value the picker
 * cannot hold (more than milliseconds, say) is shown in a text box instead.
 */
function dateTimeControl(id: string, name: string, value: string, change: (value: string) => void): HTMLElement {
  const parts = value ? splitDateTime(value) : { local: '', offset: 'Z' };
  if (!parts) {
    const text = h('input', { id, type: 'text', 'aria-label': name, value, spellcheck: 'false' });
    text.addEventListener('input', () => change(text.value));
    return h('div', { class: 'try-it-date' }, text);
  }
  const local = h('input', { id, type: 'datetime-local', step: '0.001', 'aria-label': `${name}, date and time` });
  local.value = parts.local;
  const choices = offsets().includes(parts.offset) ? offsets() : [...offsets(), parts.offset];
  const offset = h(
    'select',
    { 'aria-label': `${name}, UTC offset` },
    ...choices.map((choice) => h('option', { value: choice }, choice === 'Z' ? 'Z (UTC)' : choice)),
  );
  offset.value = parts.offset;
  const sent = h('output', { class: 'try-it-sends' }, value);
  const update = () => {
    const joined = joinDateTime(local.value, offset.value);
    sent.textContent = joined;
    change(joined);
  };
  local.addEventListener('input', update);
  offset.addEventListener('change', update);
  return h('div', { class: 'try-it-date' }, local, offset, sent);
}
