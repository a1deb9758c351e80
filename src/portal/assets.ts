// Where the portal's static files are on disk. Our own scripts and styles live in
// src/portal/assets (tsc copies no non-TS files, so a build in dist/ reads them from the source
// tree); the reference renderer is served straight from its npm package. Only the files listed
// here are served: no directory listing, no stray files from either folder.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest folder above `start` holding a package.json: the repository root from src/ and from dist/src/. */
export function repoRootFrom(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in any folder above ${start}`);
  }
}

export const OWN_ASSETS_DIR = path.join(repoRootFrom(__dirname), 'src', 'portal', 'assets');
export const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** URL path prefix of every asset. */
export const ASSETS_PATH = '/developers/assets';

/** Served name -> file on disk. */
export const ASSET_FILES = {
  'portal.css': path.join(OWN_ASSETS_DIR, 'portal.css'),
  'register.js': path.join(OWN_ASSETS_DIR, 'register.js'),
  'console.js': path.join(OWN_ASSETS_DIR, 'console.js'),
  'reference.js': path.join(OWN_ASSETS_DIR, 'reference.js'),
  'swagger-ui.css': path.join(SWAGGER_UI_DIR, 'swagger-ui.css'),
  'swagger-ui-bundle.js': path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'),
} as const;
export type AssetName = keyof typeof ASSET_FILES;

export function isAssetName(name: string): name is AssetName {
  return Object.hasOwn(ASSET_FILES, name);
}

/** The URL of a listed asset. */
export function assetUrl(name: AssetName): string {
  return `${ASSETS_PATH}/${name}`;
}
