// The built bin, as a process: a reader that goes away (| head) ends the command quietly, and the exit
// code is the command's.
import { describe, expect, it } from 'vitest';
import { runBin, spawnCli } from '../helpers/cli.js';

describe('the process', () => {
  it('a reader that goes away ends the export quietly', async () => {
    // `merchant-ordering payments export --sandbox | head -c 100`: the reader closes the pipe after its first bytes.
    const { child, done } = spawnCli(['payments', 'export', '--sandbox']);
    child.stdout!.once('data', () => child.stdout!.destroy());
    expect(await done).toMatchObject({ code: 0, stderr: '' });
  });

  it("exits with the command's code: 2 for a bad flag", async () => {
    expect(await runBin(['ping', '--nope'])).toMatchObject({ code: 2, stdout: '' });
  });
});
