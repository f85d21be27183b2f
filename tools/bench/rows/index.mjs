// Every row of `pnpm bench`, in the order of BENCHMARKS.md. A row is a module of this folder whose
// default export is { id, title, timeoutMs, measure(log) -> JSON result, report(result) -> Markdown };
// it is measured in a process of its own (lib/child.mjs) and its section of the page is replaced.
import cliExport from './cli-export.mjs';
import docs from './docs.mjs';
import inProcess from './in-process.mjs';
import pagination from './pagination.mjs';
import pipeline from './pipeline.mjs';
import preparation from './preparation.mjs';
import sandbox from './sandbox.mjs';
import size from './size.mjs';
import wire from './wire.mjs';

export const ROWS = [wire, preparation, pagination, size, docs, pipeline, sandbox, inProcess, cliExport];
