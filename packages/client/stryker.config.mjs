// Mutation testing of the client (pnpm test:mutation; tools/mutation/README.md). Each mutant is
// type-checked first: one that does not compile is not a bug a user could ship.
import { strykerConfig } from '../../tools/mutation/stryker-config.mjs';

export default strykerConfig({
  // schema.ts is types only, generated from the description.
  mutate: ['src/**/*.ts', '!src/generated/schema.ts'],
  breakAt: 85,
  typescript: true,
});
