// Mutation testing of the contract kit (pnpm test:mutation; tools/mutation/README.md). Plain
// JavaScript: no type checker (see the README).
import { strykerConfig } from '../../tools/mutation/stryker-config.mjs';

export default strykerConfig({
  mutate: ['lib/**/*.js', '!lib/cli.js'],
  breakAt: 85,
});
