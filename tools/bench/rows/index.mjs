// Every row of `pnpm bench`, in the order of BENCHMARKS.md (what a row is: ../README.md).
import cliExport from './cli-export.mjs';
import docs from './docs.mjs';
import inProcess from './in-process.mjs';
import mcp from './mcp.mjs';
import pagination from './pagination.mjs';
import pipeline from './pipeline.mjs';
import preparation from './preparation.mjs';
import sandbox from './sandbox.mjs';
import size from './size.mjs';
import wire from './wire.mjs';

export const ROWS = [wire, preparation, pagination, size, docs, pipeline, sandbox, inProcess, cliExport, mcp];
