// One Prism mock for the whole run (the test kit's startPrism). startPrism kills it on
// exit, SIGINT, SIGTERM, SIGHUP and crashes, so an interrupted run leaves nothing behind.
import { join } from 'node:path';
import { startPrism } from '@merchant-ordering/test-kit/prism';
import { repoRoot } from '../release/packages.mjs';

export default async function setup(project) {
  const prism = await startPrism({ spec: join(repoRoot, 'spec/dist/openapi.yaml') });
  project.provide('prismUrl', prism.url);
  return () => prism.stop();
}
