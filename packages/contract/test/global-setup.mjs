// One Prism mock of the bundled description for the run (the test kit's startPrism, which stops it on
// exit and on signals).
import { createRequire } from 'node:module';
import { startPrism } from '@merchant-ordering/test-kit/prism';

export default async function setup(project) {
  const prism = await startPrism({ spec: createRequire(import.meta.url).resolve('@merchant-ordering/spec/openapi.yaml') });
  project.provide('prismUrl', prism.url);
  return () => prism.stop();
}
