// Mutation testing of the contract kit (pnpm test:mutation; tools/mutation/README.md). Plain
// JavaScript: no type checker (see the README).
import { strykerConfig } from '../../tools/mutation/stryker-config.mjs';
import { mutationPackage } from '../../tools/mutation/packages.mjs';

export default strykerConfig(mutationPackage('contract'));
