// What a team writes against @merchant-ordering/contract; tsc must accept it as it is, and every line
// marked @ts-expect-error must be an error.
import {
  checkRelease,
  checkResponse,
  createSchemaValidator,
  credentialsFor,
  findOperation,
  formatJunit,
  loadSpec,
  verify,
  type Change,
  type Operation,
  type ScenarioRun,
  type Violation,
} from '@merchant-ordering/contract';

const doc = loadSpec();
const validator = createSchemaValidator(doc);
const operation: Operation | undefined = findOperation(doc, 'GET', '/v2/payments');
if (operation) {
  const violations: Violation[] = checkResponse(operation, { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }, validator);
  const kinds: string[] = violations.map((violation) => violation.kind);
  void kinds;
}

export async function check(baseUrl: string): Promise<number> {
  const { run, report, junit }: { run: ScenarioRun; report: string; junit: string } = await verify({
    baseUrl,
    credentials: credentialsFor(baseUrl),
    timeoutSeconds: 10,
  });
  const xml: string = formatJunit({ baseUrl, specVersion: '1.0.0', run, redact: (text) => text });
  void [report, junit, xml];
  // @ts-expect-error credentials are required
  await verify({ baseUrl });
  // @ts-expect-error a timeout is a number of seconds
  await verify({ baseUrl, credentials: credentialsFor(baseUrl), timeoutSeconds: '10' });
  return run.violationCount;
}

const release = checkRelease({ released: doc, current: doc });
const breaking: Change[] = release.breaking;
const ok: boolean = release.ok;
void [breaking, ok];
// @ts-expect-error checkRelease takes the two descriptions by name
checkRelease(doc, doc);
