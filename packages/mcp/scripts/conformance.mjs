// The MCP conformance suite (@modelcontextprotocol/conformance, pinned) against `merchant-ordering-mcp
// --http`: the scenarios that apply to this server must pass; the others are listed with why they do
// not apply. Uses the npm registry (npx) and Node >= 22 (the suite imports fs.globSync), so it is not
// part of `pnpm test`: run `pnpm --filter @merchant-ordering/mcp conformance` after a build.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITE = '@modelcontextprotocol/conformance@0.1.16';
const BIN = fileURLToPath(new URL('../bin/merchant-ordering-mcp.js', import.meta.url));

/** Scenarios this server must pass. */
export const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

/** Every other server scenario of the suite, and why it does not apply. */
export const NOT_APPLICABLE = {
  'tools-call-simple-text':
    "calls the suite's fixture tool test_simple_text, which this server does not have (it reads as passed only because the refusal is text)",
  'tools-call-error': "calls the fixture tool test_error_handling (passes on this server's unknown-tool refusal, which proves nothing more)",
  'tools-call-image': 'calls a fixture tool returning an image: no tool here returns one',
  'tools-call-audio': 'calls a fixture tool returning audio: no tool here returns any',
  'tools-call-embedded-resource': 'calls a fixture tool returning an embedded resource',
  'tools-call-mixed-content': 'calls a fixture tool returning text, image and resource together',
  'tools-call-with-logging': 'calls a fixture tool that logs; this server declares no logging capability (its log is stderr)',
  'tools-call-with-progress': 'calls a fixture tool that reports progress',
  'tools-call-sampling': 'calls a fixture tool that asks the client to sample: this server never asks a model anything',
  'tools-call-elicitation': 'calls a fixture tool that elicits input: this server never asks the user anything',
  'elicitation-sep1034-defaults': 'elicitation, as above',
  'elicitation-sep1330-enums': 'elicitation, as above',
  'json-schema-2020-12': 'looks for the fixture tool json_schema_2020_12_tool',
  'logging-set-level': 'no logging capability is declared',
  'completion-complete': 'no completion capability: there are no prompts or resource templates to complete',
  'resources-read-text': "reads the fixture resource test://static-text (this server's own resources are read in its tests)",
  'resources-read-binary': 'reads the fixture resource test://static-binary',
  'resources-templates-read': 'reads the fixture template test://template/{id}/data',
  'resources-subscribe': 'resources do not change while the server runs: no subscribe capability',
  'resources-unsubscribe': 'as resources-subscribe',
  'prompts-list': 'no prompts capability',
  'prompts-get-simple': 'no prompts capability',
  'prompts-get-with-args': 'no prompts capability',
  'prompts-get-embedded-resource': 'no prompts capability',
  'prompts-get-with-image': 'no prompts capability',
  'server-sse-polling': 'calls the fixture tool test_reconnection; the server is stateless (no session, no resumable SSE stream)',
  'server-sse-multiple-streams': 'needs a session for GET streams; the server is stateless (GET answers 405)',
};

const server = spawn(process.execPath, [BIN, '--http'], { stdio: ['ignore', 'ignore', 'pipe'] });
const url = await new Promise((resolve, reject) => {
  let text = '';
  server.stderr.on('data', (chunk) => {
    text += chunk;
    const found = /listening on (\S+)/.exec(text);
    if (found) resolve(found[1]);
  });
  server.once('exit', () => reject(new Error(`the server exited: ${text}`)));
});
const output = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
let failed = 0;
try {
  for (const scenario of APPLICABLE) {
    const code = await new Promise((resolve) => {
      execFile('npx', ['-y', SUITE, 'server', '--url', url, '--scenario', scenario, '-o', output], { timeout: 300_000 }, (error) => resolve(error ? 1 : 0));
    });
    const folder = readdirSync(output).find((name) => name.startsWith(`server-${scenario}-`));
    const checks = folder ? JSON.parse(readFileSync(join(output, folder, 'checks.json'), 'utf8')) : [];
    const verdicts = checks
      .filter((check) => check.status !== 'INFO')
      .map((check) => `${check.id} ${check.status}${check.errorMessage ? `: ${check.errorMessage}` : ''}`);
    const passed = code === 0 && verdicts.length > 0 && verdicts.every((line) => / SUCCESS$/.test(line));
    if (!passed) failed++;
    console.log(`${passed ? 'pass' : 'FAIL'}  ${scenario}  (${verdicts.join('; ') || 'no checks'})`);
  }
  for (const [scenario, why] of Object.entries(NOT_APPLICABLE)) console.log(`n/a   ${scenario}: ${why}`);
} finally {
  server.kill('SIGTERM');
  rmSync(output, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
