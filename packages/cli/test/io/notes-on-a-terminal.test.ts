// What the client warns about (a retry) reaches the user as a note on stderr when stderr is a terminal,
// without the client's package prefix; a redirected stderr gets none (src/command.ts).
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';

describe("the client's warnings", () => {
  it('are notes on a terminal stderr, without the package prefix', async () => {
    const { code, stderr } = await runInProcess(['ping', '--sandbox', '--faults', '503:1'], { terminal: { stderr: true } });
    expect(code).not.toBe(0);
    const [last, ...notes] = stderr.trimEnd().split('\n').reverse();
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(note).toMatch(/^retrying GET \S+\/ping in \d+ ms after HTTP 503$/);
    expect(last).toMatch(/^merchant-ordering: 503 service_unavailable /);
  });

  it('are not printed on a redirected stderr', async () => {
    const { stderr } = await runInProcess(['ping', '--sandbox', '--faults', '503:1']);
    expect(stderr.split('\n').filter((line) => /retry/i.test(line))).toEqual([]);
  });
});
