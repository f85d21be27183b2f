// Row 9 (method: BENCHMARKS.md): spawn to the first tools/list answer of the MCP server against the CLI's `--version`, paired per round, and that answer's
// size in tokens against the package's budget.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { blocks, formatDuration, ratioVerdict, summaryTable, verdict } from '../lib/format.mjs';
import { inRounds, mapValues, ratioOf, summarize } from '../lib/measure.mjs';
import { repoRoot } from '../lib/workspace.mjs';

const TARGET_RATIO = 2;
const MCP_BIN = join(repoRoot, 'packages/mcp/bin/merchant-ordering-mcp.js');
const CLI_BIN = join(repoRoot, 'packages/cli/bin/merchant-ordering.js');
const [MCP, CLI] = ['mcp: spawn to first tools/list answer', 'cli: merchant-ordering --version'];
const INITIALIZE = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };
const line = (message) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;

/** Spawns the MCP server, sends initialize, initialized and tools/list at once, and times the tools/list answer. */
async function firstToolsList() {
  const started = performance.now();
  const child = spawn(process.execPath, [MCP_BIN], { stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.write(line({ id: 1, method: 'initialize', params: INITIALIZE }));
  child.stdin.write(line({ method: 'notifications/initialized' }));
  child.stdin.write(line({ id: 2, method: 'tools/list', params: {} }));
  for await (const text of createInterface({ input: child.stdout })) {
    const message = JSON.parse(text);
    if (message.id !== 2) continue;
    const ms = performance.now() - started;
    child.stdin.end();
    await once(child, 'exit');
    if (!message.result?.tools?.length) throw new Error(`tools/list answered ${text.slice(0, 200)}`);
    return { ms, bytes: Buffer.byteLength(JSON.stringify(message.result)) };
  }
  throw new Error('the MCP server closed stdout before answering tools/list');
}

async function cliVersion() {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI_BIN, '--version'], { stdio: 'ignore' });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`merchant-ordering --version exited ${code}`);
  return { ms: performance.now() - started };
}

async function measure(log, { rounds = 9 } = {}) {
  const { TOOLS_LIST_TOKEN_BUDGET } = await import(join(repoRoot, 'packages/mcp/dist/index.js'));
  const runs = await inRounds([MCP, CLI], rounds, (name) => (name === MCP ? firstToolsList() : cliVersion()), log);
  const ms = mapValues(runs, (values) => summarize(values.map((value) => value.ms)));
  const bytes = new Set(runs[MCP].map((value) => value.bytes));
  if (bytes.size !== 1) throw new Error(`the tools/list answer changed size between runs: ${[...bytes].join(', ')}`);
  return { rounds, ms, ratio: ratioOf(ms, MCP, CLI), toolsListBytes: [...bytes][0], budgetTokens: TOOLS_LIST_TOKEN_BUDGET };
}

function report({ rounds, ms, ratio, toolsListBytes, budgetTokens }) {
  const tokens = toolsListBytes / 4;
  return blocks(
    `${rounds} rounds after a warm-up round, the order rotated each round; each variant a fresh process of the built bin on the workspace's Node. The MCP server is sent initialize, notifications/initialized and tools/list at once on its stdin; its time ends at the tools/list answer. The CLI's ends when \`--version\` exits.`,
    summaryTable(['Variant', 'Time: median (min–max)'], ms, formatDuration),
    `**Target:** spawn to the first tools/list answer ≤ ${TARGET_RATIO}× the CLI's \`--version\`, paired per round: ${ratioVerdict(ratio, TARGET_RATIO)}.`,
    `**Target:** the tools/list answer ≤ ${budgetTokens.toLocaleString('en')} tokens (bytes / 4): ${toolsListBytes.toLocaleString('en')} B, ${Math.round(tokens).toLocaleString('en')} tokens, ${verdict(tokens <= budgetTokens)}.`,
  );
}

export default { id: 'mcp', title: '9. MCP server', timeoutMs: 180_000, measure, report };
