// Mutation testing of the sandbox (pnpm test:mutation; tools/mutation/README.md). Each mutant is
// type-checked first: one that does not compile is not a bug a user could ship.
import { strykerConfig } from '../../tools/mutation/stryker-config.mjs';

export default strykerConfig({
  // The bin's main() runs only as a process, on the built dist/ (test/process).
  mutate: ['src/**/*.ts', 'src/**/*.js', '!src/cli.ts', '!src/hosts/node/cli.ts'],
  breakAt: 85,
  typescript: true,
});
