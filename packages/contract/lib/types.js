// The shapes the kit reads and returns, as JSDoc: tsc checks the kit against them and generates the
// published declarations from them (tsconfig.build.json). No runtime code.

/** @typedef {Record<string, any>} OpenApiDocument A parsed OpenAPI 3.1 document. */

/**
 * @typedef {object} Credentials
 * @property {string} merchantId
 * @property {string} secretKey
 */

/**
 * @typedef {object} Parameter
 * @property {string} name
 * @property {'query' | 'header' | 'path' | 'cookie'} in
 * @property {boolean} required
 * @property {string} style
 * @property {boolean} explode
 * @property {string} pointer
 * @property {string} schemaPointer
 * @property {Record<string, any>} schema
 * @property {string} [type]
 * @property {string} [itemType]
 */

/**
 * @typedef {object} DocumentedHeader
 * @property {string} name
 * @property {boolean} required
 * @property {string} [schemaPointer]
 * @property {string} [type]
 * @property {string} [itemType]
 */

/**
 * @typedef {object} DocumentedResponse
 * @property {string} status
 * @property {string} pointer
 * @property {Record<string, { schemaPointer?: string, examples: Record<string, unknown> }>} content
 * @property {Record<string, DocumentedHeader>} headers By lower-case name; `type` and `itemType` say how the header's text is read.
 */

/**
 * One operation of a description, its references resolved: `key` is `GET /v2/payments`.
 * @typedef {object} Operation
 * @property {string} key
 * @property {string} method
 * @property {string} path
 * @property {string} [operationId]
 * @property {string} pointer
 * @property {Array<Record<string, string[]>>} security
 * @property {Parameter[]} parameters
 * @property {Record<string, DocumentedResponse>} responses
 */

/**
 * @typedef {object} SchemaError
 * @property {string} instancePath
 * @property {string} schemaPath The absolute keyword location in the description: `#/components/schemas/Payment/properties/id/type`.
 * @property {string} keyword
 * @property {string} message
 * @property {unknown} value
 */

/**
 * @typedef {object} SchemaValidator
 * @property {(schemaPointer: string, value: unknown, options?: { firstErrorOnly?: boolean }) => { valid: boolean, errors: SchemaError[] }} validate
 *   Every error, or with `firstErrorOnly` the first one (for values too large to hold every error of).
 */

/**
 * @typedef {object} Violation
 * @property {string} kind
 * @property {string} location
 * @property {string} message
 * @property {string} [schemaPath]
 * @property {unknown} [value]
 */

/**
 * @typedef {object} ScenarioResult
 * @property {string} name
 * @property {string} method
 * @property {string} url
 * @property {number} [status] Undefined when no response came.
 * @property {Violation[]} violations The first 100 violations, with every form of the credentials redacted and values shortened.
 * @property {number} unlistedViolations Violations found beyond those listed.
 * @property {number} durationMs
 */

/**
 * @typedef {object} ScenarioRun
 * @property {string} startedAt When the run began, ISO 8601.
 * @property {ScenarioResult[]} results
 * @property {number} violationCount Every violation found, listed or not.
 * @property {number} failedScenarios
 */

/**
 * How much of a server's answer the verifier reads: bytes after decompression, and seconds per scenario.
 * @typedef {object} ReadLimits
 * @property {number} [maxResponseBytes] Default 16 MiB.
 * @property {number} [timeoutSeconds] Default 30.
 */

/**
 * @typedef {object} Change
 * @property {boolean} breaking
 * @property {string} kind
 * @property {string} operation
 * @property {string} where
 * @property {string} message
 */

/**
 * @typedef {object} ReleaseCheck
 * @property {boolean} ok
 * @property {string} [released]
 * @property {string} [current]
 * @property {Change[]} breaking
 * @property {Change[]} additive
 * @property {string[]} problems
 */

/**
 * What the banner of a report names.
 * @typedef {object} ReportOptions
 * @property {string} baseUrl
 * @property {string} specVersion
 * @property {string} [specTitle]
 * @property {string} [specSource]
 * @property {ScenarioRun} run
 */

export {};
