// The provider verifier (`pnpm contract:verify`), as one import: it lives in tools/contract today and
// moves to packages/contract; only this line changes then.
export { verify } from '@merchant-ordering/tools/contract/verify.mjs';
