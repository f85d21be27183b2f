// Mutation testing of the client (pnpm test:mutation; tools/mutation/README.md). Each mutant is
// type-checked first: one that does not compile is not a bug a user could ship.
import { strykerConfig } from '../../tools/mutation/stryker-config.mjs';
import { mutationPackage } from '../../tools/mutation/packages.mjs';

export default strykerConfig(mutationPackage('client'));
