// @merchant-ordering/mcp: the `merchant-ordering-mcp` bin is the product. These exports build the same
// server in a program of one's own: a connection (the sandbox in process, or live), the MCP server on
// it, and the Streamable HTTP host with its Host and Origin checks.
export { liveConnection, sandboxConnection } from './connection.js';
export type { Connection, LiveOptions, Source } from './connection.js';
export { createMcpServer, DEFAULT_LIMITS, TOOLS_LIST_TOKEN_BUDGET, tools } from './server.js';
export type { McpServerHandle, ServerOptions } from './server.js';
export type { SummaryLimits } from './tools/tool.js';
export { MAX_ARGUMENT_BYTES, MAX_RESULT_BYTES } from './results.js';
export { MCP_PATH, serveHttp } from './http.js';
export type { HttpHost } from './http.js';
export { SERVER_NAME, SERVER_VERSION } from './version.js';
