// The files the export writes: each created exclusively, never through a planted link; --out that exists
// and is not a regular file is refused; a full disk is named as such, with how --resume goes on.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notRegular } from '../../src/file-kind.js';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { listPayments, listServer } from '../helpers/list-server.js';
import { duplicates, jsonLines } from '../helpers/sandbox.js';

const env = () => cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });

describe('the files of an export', () => {
  it('writes no file through a link planted at a predictable name (FILE.checkpoint.json.next)', async () => {
    const server = await listServer(listPayments(300));
    const dir = scratchDir('files-');
    const out = join(dir, 'p.jsonl');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, `${out}.checkpoint.json.next`);
    const { code, stderr } = await runInProcess(['payments', 'export', '--base-url', server.url, '--limit', '100', '--out', out], { env: env() });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(jsonLines(readFileSync(out, 'utf8'))).toHaveLength(300);
  });

  it.each([
    ['a FIFO', (path: string) => execFileSync('mkfifo', [path]), 'a FIFO'],
    ['a symbolic link', (path: string) => symlinkSync('/dev/null', path), 'a symbolic link'],
  ])('refuses --out naming %s, and leaves it as it was', async (_, make, kind) => {
    const server = await listServer(listPayments(10));
    const dir = scratchDir('files-');
    const out = join(dir, 'p.jsonl');
    make(out);
    const before = lstatSync(out);
    const result = await runInProcess(['payments', 'export', '--base-url', server.url, '--out', out], { env: env() });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `merchant-ordering: --out: ${out} exists and is ${kind}, not a regular file; name a regular file or a new one\n`,
    });
    expect(lstatSync(out).mode).toBe(before.mode);
    expect(readdirSync(dir)).toEqual(['p.jsonl']);
    expect(server.payments).toHaveLength(10);
  });

  // Never run against a real device: today's code, run as root, replaced /dev/null with a regular file.
  // The check is the one above (lstat, before any file is made); a device is named as such.
  it('names a device as what it is (/dev/null, read with lstat only)', () => {
    expect(notRegular(lstatSync('/dev/null'))).toBe('a character device');
    expect(notRegular(lstatSync(scratchDir('files-')))).toBe('a folder');
  });

  it('a full disk: names the cause, says --resume goes on once there is room, and the resume does', async () => {
    const server = await listServer(listPayments(1000));
    const out = join(scratchDir('files-'), 'p.jsonl');
    const args = ['payments', 'export', '--base-url', server.url, '--limit', '100', '--out', out];
    let calls = 0;
    // The second write gets half its bytes in, and the next attempt finds no space at all.
    const full = async (file: FileHandle, buffers: Buffer[], position: number): Promise<number> => {
      calls++;
      if (calls < 2) return (await file.writev(buffers, position)).bytesWritten;
      const text = Buffer.concat(buffers);
      if (calls === 2) return (await file.write(text, 0, Math.floor(text.length / 2), position)).bytesWritten;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const failed = await runInProcess(args, { env: env(), writeAt: full });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      new RegExp(
        `^merchant-ordering: cannot write ${out.replace(/\./g, '\\.')}\\.partial: no space left on the device; [\\d,]+ payments are saved: once there is room, run the same command with --resume to go on\\n$`,
      ),
    );
    const resumed = await runInProcess([...args, '--resume'], { env: env() });
    expect(resumed).toEqual({ code: 0, stdout: '', stderr: '' });
    const ids = jsonLines(readFileSync(out, 'utf8')).map((payment) => payment.id);
    expect(duplicates(ids)).toEqual([]);
    expect(ids).toHaveLength(1000);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });
});
