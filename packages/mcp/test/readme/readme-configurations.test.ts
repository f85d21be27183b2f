// Every agent-host configuration in the README is valid JSON and starts this package's bin; so does
// every command line it shows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; bin: Record<string, string> };
const [bin] = Object.keys(manifest.bin);
const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!);
const START = ['-y', `--package=${manifest.name}`, bin];

describe('README configurations', () => {
  it('has one for each host: Claude Code, Claude Desktop, Cursor and VS Code', () => {
    expect(blocks).toHaveLength(4);
    for (const host of ['**Claude Code**', '**Claude Desktop**', '**Cursor**', '**VS Code**']) expect(readme).toContain(host);
  });

  it.each(blocks.map((block, index) => [index, block]))('block %i parses as JSON and starts npx with the package and its one bin', (_index, block) => {
    const config = JSON.parse(block);
    const servers = config.mcpServers ?? config.servers;
    const entries = Object.values(servers) as { command: string; args: string[]; env?: Record<string, string> }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]!.command).toBe('npx');
    expect(entries[0]!.args.slice(0, 3)).toEqual(START);
    // Credentials never sit in a host's configuration.
    expect(entries[0]!.env).toBeUndefined();
    expect(block).not.toMatch(/SECRET_KEY|secretKey/);
  });

  it('the package has exactly one bin, and every command line in the README names it the same way', () => {
    expect(Object.keys(manifest.bin)).toEqual(['merchant-ordering-mcp']);
    const lines = [...readme.matchAll(/npx [^`\n]*/g)].map((match) => match[0]);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line, line).toMatch(new RegExp(`^npx -y --package=${manifest.name} ${bin}\\b`));
  });
});
