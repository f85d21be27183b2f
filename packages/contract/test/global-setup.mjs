// One Prism mock for the run, started by the workspace's Prism runner (relative: a package dependency
// on the tools would be circular). startPrism stops it on exit and on signals.
import { startPrism } from '../../../tools/mock/prism.mjs';

export default async function setup(project) {
  const prism = await startPrism();
  project.provide('prismUrl', prism.url);
  return () => prism.stop();
}
