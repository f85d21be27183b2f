// Mutation testing of the client (pnpm test:mutation; tools/mutation/README.md). Each mutant is
// type-checked first: one that does not compile is not a bug a user could ship.
import { strykerConfig } from '../../tools/mutation/stryker-config.mjs';

export default strykerConfig({
  // The types come from @merchant-ordering/types; the generated rules modules are data the tests check.
  mutate: ['src/**/*.ts'],
  breakAt: 85,
  typescript: true,
});
