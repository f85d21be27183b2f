// The provider verifier (`pnpm contract:verify`), as one import.
export { verify } from '@merchant-ordering/contract';
