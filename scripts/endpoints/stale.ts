import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS_DIR, readEndpointFolders } from './folders';
import { registryFiles } from './registries';

/** The registries of endpoints that differ from what the folders under `dir` make, with their text. */
export function staleRegistries(dir: string = ENDPOINTS_DIR): { file: string; text: string }[] {
  return [...registryFiles(readEndpointFolders(dir))]
    .map(([name, text]) => ({ file: path.join(dir, name), text }))
    .filter(({ file, text }) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
}
