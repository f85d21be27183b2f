// Public types of @merchant-ordering/contract (the runtime is plain JavaScript beside this file).

/** A parsed OpenAPI 3.1 document. */
export type OpenApiDocument = Record<string, any>;

export interface Credentials {
  merchantId: string;
  secretKey: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required: boolean;
  style: string;
  explode: boolean;
  pointer: string;
  schemaPointer: string;
  schema: Record<string, any>;
  type?: string;
  itemType?: string;
}

export interface DocumentedResponse {
  status: string;
  pointer: string;
  content: Record<string, { schemaPointer?: string; examples: Record<string, unknown> }>;
  /** By lower-case name; `type` and `itemType` say how the header's text is read. */
  headers: Record<string, { name: string; required: boolean; schemaPointer?: string; type?: string; itemType?: string }>;
}

/** One operation of a description, its references resolved: `key` is `GET /v2/payments`. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  operationId?: string;
  pointer: string;
  security: Array<Record<string, string[]>>;
  parameters: Parameter[];
  responses: Record<string, DocumentedResponse>;
}

export interface SchemaError {
  instancePath: string;
  /** The absolute keyword location in the description: `#/components/schemas/Payment/properties/id/type`. */
  schemaPath: string;
  keyword: string;
  message: string;
  value: unknown;
}

export interface SchemaValidator {
  /** Every error, or with `firstErrorOnly` the first one (for values too large to hold every error of). */
  validate(schemaPointer: string, value: unknown, options?: { firstErrorOnly?: boolean }): { valid: boolean; errors: SchemaError[] };
}

export interface Violation {
  kind: string;
  location: string;
  message: string;
  schemaPath?: string;
  value?: unknown;
}

export interface ScenarioResult {
  name: string;
  method: string;
  url: string;
  /** Undefined when no response came. */
  status?: number;
  /** The first 100 violations, with every form of the credentials redacted and values shortened. */
  violations: Violation[];
  /** Violations found beyond those listed. */
  unlistedViolations: number;
  durationMs: number;
}

export interface ScenarioRun {
  /** When the run began, ISO 8601. */
  startedAt: string;
  results: ScenarioResult[];
  /** Every violation found, listed or not. */
  violationCount: number;
  failedScenarios: number;
}

/** How much of a server's answer the verifier reads: bytes after decompression, and seconds per scenario. */
export interface ReadLimits {
  /** Default 16 MiB. */
  maxResponseBytes?: number;
  /** Default 30. */
  timeoutSeconds?: number;
}

export interface Change {
  breaking: boolean;
  kind: string;
  operation: string;
  where: string;
  message: string;
}

export interface ReleaseCheck {
  ok: boolean;
  released?: string;
  current?: string;
  breaking: Change[];
  additive: Change[];
  problems: string[];
}

/** Absolute paths inside the installed @merchant-ordering/spec. */
export const specPackageDir: string;
export const bundledSpecPath: string;
export const vectorsDir: string;
export const providerScenariosPath: string;
export function vectorFiles(): Array<{ name: string; path: string }>;

/** Reads a bundled description, JSON or YAML; by default @merchant-ordering/spec's dist/openapi.json. */
export function loadSpec(path?: string): OpenApiDocument;
export function listOperations(doc: OpenApiDocument): Operation[];
export function findOperation(doc: OpenApiDocument, method: string, path: string): Operation | undefined;
export function documentedResponse(operation: Operation, status: number | string): DocumentedResponse | undefined;
/** JSON Schema 2020-12 over the whole description; schemas are named by JSON pointer (`#/components/schemas/Payment`). */
export function createSchemaValidator(doc: OpenApiDocument): SchemaValidator;

export function checkRequest(
  operation: Operation,
  request: { query: Array<[string, string]>; headers: Record<string, string> },
  validator: SchemaValidator,
): Violation[];
export function checkResponse(
  operation: Operation,
  /** `body` undefined: it could not be read; the status and headers are still checked. */
  response: { status: number; headers: Record<string, string>; body?: string },
  validator: SchemaValidator,
): Violation[];

export function runScenarios(options: ReadLimits & {
  baseUrl: string;
  credentials: Credentials;
  scenarios: unknown[];
  doc: OpenApiDocument;
  validator: SchemaValidator;
  userAgent: string;
}): Promise<ScenarioRun>;
/** The run as JUnit XML: one testsuite, one testcase per scenario, a failure listing each failing scenario's violations. */
export function formatJunit(options: { baseUrl: string; specVersion: string; specTitle?: string; specSource?: string; run: ScenarioRun; /** Applied to every value before it is XML-escaped. */ redact?: (text: string) => string }): string;
/** The text report; its banner names the description's title, info.version and where it was read. */
export function formatReport(options: { baseUrl: string; specVersion: string; specTitle?: string; specSource?: string; run: ScenarioRun }): string;

/**
 * The provider check: the shared scenarios against `baseUrl`, every exchange checked against the
 * description. Rejects when the first request gets no answer at all (nothing to check), or when the
 * credentials are longer than 1,024 characters. The run and the report hold no form of the credentials.
 */
export function verify(options: ReadLimits & {
  baseUrl: string;
  credentials: Credentials;
  specPath?: string;
  scenariosPath?: string;
}): Promise<{ run: ScenarioRun; report: string; junit: string }>;
/**
 * MERCHANT_ID and SECRET_KEY; for a server on localhost, the API document's example (32 / abcdefgh).
 * Throws an Error naming the variable (never its value) when one is longer than 1,024 characters.
 */
export function credentialsFor(baseUrl: string, env?: Record<string, string | undefined>): Credentials;

/** Every change from `released` (the base) to `current` (the head), breaking or not. */
export function findChanges(released: OpenApiDocument, current: OpenApiDocument): Change[];
/** The whole breaking-change check; a CHANGELOG, when given, must cover a changed version. */
export function checkRelease(input: { released: OpenApiDocument; current: OpenApiDocument; changelog?: string }): ReleaseCheck;
export function changelogSection(changelog: string, version: string): string | undefined;
export function formatResult(result: ReleaseCheck): string;
