// Reads the published artifacts. Each call returns a fresh object, so a test may mutate its copy.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { distFile } from './paths';

// The description is plain JSON; the helpers read it structurally.
export type OpenApi = Record<string, any>;

function readArtifact(name: string): string {
  const path = distFile(name);
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`pnpm --filter @merchant-ordering/spec bundle\` first`);
  }
  return readFileSync(path, 'utf8');
}

export const loadBundle = (): OpenApi => JSON.parse(readArtifact('openapi.json'));
export const loadDereferenced = (): OpenApi => JSON.parse(readArtifact('openapi.dereferenced.json'));
export const loadYamlArtifact = (name: string): OpenApi => parse(readArtifact(name));
