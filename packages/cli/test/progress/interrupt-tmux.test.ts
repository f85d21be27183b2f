// Ctrl+C in a real terminal (tmux), through `pnpm cli` as a user runs it, typed into a shell: the
// terminal sends SIGINT to pnpm and to the command, and pnpm passes a signal of its own on at once; the
// two are one interruption, so the export stops cleanly, saying what is saved and how to go on, and the
// resume finishes the file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/cli.js';
import { jsonLines } from '../helpers/sandbox.js';
import { openPane } from '../helpers/tmux.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

describe('Ctrl+C under pnpm cli (tmux)', () => {
  it('is one interruption: the resume hint, exit 130, and --resume finishes the export', async () => {
    const out = join(scratchDir('ctrl-c-'), 'payments.jsonl');
    const command = `cd '${repoRoot}' && pnpm cli payments export --sandbox --faults delay=100:1 --limit 10 --out '${out}'`;
    const hint = /^(READY> )?merchant-ordering: interrupted; [\d,]+ payments are saved: run the same command with --resume to go on$/m;
    const pane = openPane('ctrl-c', { columns: 200, rows: 30, shell: true });
    pane.type(command);
    // Interrupt once the export is under way: the progress bar shows a count above zero.
    await pane.waitFor((screen) => /[1-9][\d,]*\/1,000 payments/.test(screen), 300_000);
    pane.keys('C-c');
    await pane.waitFor((screen) => hint.test(screen));
    pane.type('echo "exit=$?"');
    // Typed before the shell's next prompt is drawn (a loaded machine), the answer lands after that prompt.
    const screen = await pane.waitFor((text) => /^(READY> )?exit=\d+$/m.test(text));
    pane.close();
    expect(screen).toMatch(/^(READY> )?exit=130$/m);
    expect(screen).not.toContain('ELIFECYCLE');
    const saved = JSON.parse(readFileSync(`${out}.checkpoint.json`, 'utf8')).position.written;
    expect(screen).toContain(`interrupted; ${saved.toLocaleString('en-US')} payments are saved`);

    const resume = openPane('ctrl-c-resume', { columns: 200, rows: 30, shell: true });
    resume.type(`${command} --resume; echo "exit=$?"`);
    const resumed = await resume.waitFor((text) => /^exit=\d+$/m.test(text), 300_000);
    resume.close();
    expect(resumed).toMatch(/^exit=0$/m);
    expect(jsonLines(readFileSync(out, 'utf8'))).toHaveLength(1000);
    mkdirSync(new URL('../../test-output', import.meta.url), { recursive: true });
    writeFileSync(new URL('../../test-output/ctrl-c-pnpm-cli-tmux.txt', import.meta.url), `${screen.trimEnd()}\n`);
  }, 700_000);
});
