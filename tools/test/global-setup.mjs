// One Prism mock for the whole run, started by the same tool as `pnpm start`. startPrism kills it on
// exit, SIGINT, SIGTERM, SIGHUP and crashes, so an interrupted run leaves nothing behind.
import { startPrism } from '../mock/prism.mjs';

export default async function setup(project) {
  const prism = await startPrism();
  project.provide('prismUrl', prism.url);
  return () => prism.stop();
}
