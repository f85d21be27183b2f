// Starts one Prism mock of the bundled spec for the whole run and hands its URL to the tests that
// call `inject('prismUrl')`. startPrism kills Prism's process group on exit and on signals.
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import { startPrism } from '@merchant-ordering/test-kit/prism';

declare module 'vitest' {
  export interface ProvidedContext {
    prismUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const prism = await startPrism({ spec: createRequire(import.meta.url).resolve('@merchant-ordering/spec/openapi.yaml') });
  project.provide('prismUrl', prism.url);
  return () => prism.stop();
}
