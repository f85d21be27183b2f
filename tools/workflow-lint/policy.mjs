// The house rules for .github/workflows, checked by tools/test/workflows (actionlint and zizmor check
// the rest). workflowProblems() returns one line per broken rule, naming the job or step; [] means the
// workflow keeps every rule:
//   - every action is pinned by a full commit SHA with its release tag in a comment (`# v7.0.1`);
//   - the workflow's default token is `contents: read`, and every job declares its own permissions,
//     never `write-all`/`read-all`, with a comment beside each write saying why it is needed;
//   - actions/checkout never leaves the token in .git/config (`persist-credentials: false`);
//   - a pull_request_target workflow never checks out the pull request's code;
//   - a secret never reaches a `run:` script through an expression, and no script echoes one.
import { LineCounter, isPair, isScalar, parseDocument, visit } from 'yaml';

const PINNED = /^[\w.-]+\/[\w.-]+(\/[^@\s]+)?@[0-9a-f]{40}$/;
const VERSION_COMMENT = /^#\s*v\d+\.\d+\.\d+\b/;
const PR_HEAD = /head\.(sha|ref)|github\.head_ref|refs\/pull\//;
const SECRET_EXPRESSION = /\$\{\{[^}]*\b(secrets\.|github\.token\b)/;

/**
 * @param {string} text  the workflow file's YAML
 * @param {string} file  its name, for the messages
 * @returns {string[]}
 */
export function workflowProblems(text, file) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  if (document.errors.length) return document.errors.map((error) => `${file}: ${error.message}`);
  const lines = text.split('\n');
  const workflow = document.toJS();
  const problems = [];
  const report = (where, message) => problems.push(`${file}: ${where}: ${message}`);

  problems.push(...pinProblems(document, lines, lineCounter).map((line) => `${file}: ${line}`));

  if (!isDefaultReadOnly(workflow.permissions)) {
    report('permissions', `the workflow's default must be exactly \`contents: read\`, found ${JSON.stringify(workflow.permissions ?? null)}`);
  }
  const jobsNode = document.get('jobs', true);
  for (const [jobId, job] of Object.entries(workflow.jobs ?? {})) {
    const where = `job ${jobId}`;
    if (job.permissions === undefined) report(where, 'declares no permissions (it would inherit the default token)');
    else if (typeof job.permissions === 'string') report(where, `permissions: ${job.permissions} (list each scope it needs instead)`);
    else {
      const permissionsNode = jobsNode.get(jobId, true).get('permissions', true);
      for (const pair of permissionsNode.items) {
        if (pair.value?.value !== 'write') continue;
        const line = lines[lineCounter.linePos(pair.value.range[0]).line - 1];
        if (!/#\s*\S/.test(line.slice(line.indexOf('write') + 'write'.length))) {
          report(where, `${pair.key.value}: write has no comment saying why it is needed`);
        }
      }
    }
    for (const [index, step] of (job.steps ?? []).entries()) {
      const stepWhere = `${where}, step ${step.name ?? step.id ?? step.uses ?? index + 1}`;
      if (isCheckout(step) && step.with?.['persist-credentials'] !== false) {
        report(stepWhere, 'actions/checkout without `persist-credentials: false` leaves the token in .git/config');
      }
      if (typeof step.run === 'string') problems.push(...secretProblems(step, job, workflow).map((line) => `${file}: ${stepWhere}: ${line}`));
    }
  }

  if (triggers(workflow.on).includes('pull_request_target')) {
    for (const [jobId, job] of Object.entries(workflow.jobs ?? {})) {
      for (const step of job.steps ?? []) {
        if (isCheckout(step) && PR_HEAD.test(String(step.with?.ref ?? ''))) {
          report(
            `job ${jobId}`,
            `checks out the pull request's code (ref: ${step.with.ref}) in a pull_request_target workflow, which runs with the base repository's token and secrets`,
          );
        }
      }
    }
  }
  return problems;
}

/** Every `uses:` in the file, as { value, line, node } (line is 1-based). */
function actionReferences(document, lineCounter) {
  const found = [];
  visit(document, {
    Pair(_, pair) {
      if (isPair(pair) && isScalar(pair.key) && pair.key.value === 'uses' && isScalar(pair.value)) {
        found.push({ value: String(pair.value.value), line: lineCounter.linePos(pair.value.range[0]).line, node: pair.value });
      }
    },
  });
  return found;
}

function pinProblems(document, lines, lineCounter) {
  const problems = [];
  for (const { value, line, node } of actionReferences(document, lineCounter)) {
    if (value.startsWith('./')) continue; // this repository, at the same commit
    if (value.startsWith('docker://')) {
      if (!/@sha256:[0-9a-f]{64}$/.test(value)) problems.push(`line ${line}: ${value} is not pinned by digest`);
      continue;
    }
    if (!PINNED.test(value)) {
      problems.push(`line ${line}: ${value} is not pinned by a full 40-character commit SHA`);
      continue;
    }
    const rest = lines[line - 1].slice(lineCounter.linePos(node.range[1]).col - 1).trim();
    if (!VERSION_COMMENT.test(rest)) problems.push(`line ${line}: ${value} has no version comment (# vX.Y.Z)`);
  }
  return problems;
}

function isDefaultReadOnly(permissions) {
  return isPlainObject(permissions) && Object.keys(permissions).length === 1 && permissions.contents === 'read';
}

function isCheckout(step) {
  return typeof step.uses === 'string' && step.uses.startsWith('actions/checkout@');
}

function triggers(on) {
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on;
  return Object.keys(on ?? {});
}

/** A secret reaches a script only through env (so the runner masks it), and is never echoed. */
function secretProblems(step, job, workflow) {
  const problems = [];
  if (SECRET_EXPRESSION.test(step.run)) problems.push('a secret is expanded into the script; pass it through env instead');
  const env = { ...workflow.env, ...job.env, ...step.env };
  for (const [name, value] of Object.entries(env)) {
    if (!SECRET_EXPRESSION.test(String(value))) continue;
    const echoed = new RegExp(`\\b(echo|printf|print|console\\.log)\\b[^\\n]*\\$\\{?${name}\\b`);
    if (echoed.test(step.run)) problems.push(`the script prints $${name}, which holds a secret`);
  }
  return problems;
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
