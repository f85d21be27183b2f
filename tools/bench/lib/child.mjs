// One row, measured in a process of its own (forked by run.mjs with the row's id).
import { ROWS } from '../rows/index.mjs';
import { answerParent } from './processes.mjs';

const row = ROWS.find(({ id }) => id === process.argv[2]);
await answerParent(() => row.measure((line) => console.log(`  ${row.id}: ${line}`)));
