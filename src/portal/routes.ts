// The developer portal under /developers: overview, quickstart, API reference (Swagger UI over
// /developers/openapi.json, which src/openapi serves), registration and the key console; plus
// their static files. The owners' help page is in owner-help.ts.
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps';
import { methodNotAllowed } from '../http/errors';
import { ASSET_FILES, ASSETS_PATH, isAssetName } from './assets';
import { PORTAL_HEADERS, renderPage, sendPortalPage } from './layout';
import { consolePage, homePage, referencePage, registerPage } from './pages';
import { quickstartPage } from './quickstart';

// Asset URLs carry no version, and our scripts change with a deploy: an hour, not a year.
const ASSET_HEADERS = { ...PORTAL_HEADERS, 'Cache-Control': 'public, max-age=3600' };

const serveAsset: RequestHandler = (req, res, next) => {
  const name = req.params.name;
  if (typeof name !== 'string' || !isAssetName(name)) {
    next();
    return;
  }
  res.set(ASSET_HEADERS);
  res.sendFile(ASSET_FILES[name], (err) => {
    if (err && !res.headersSent) next(err);
  });
};

export function portalRouter({ config }: AppDeps): Router {
  const router = Router();
  // Pages are rendered once: they depend on the configuration only.
  for (const page of [homePage(config), quickstartPage(config), referencePage(), registerPage(), consolePage(config)]) {
    const html = renderPage(page);
    router.get(page.path, (_req, res) => sendPortalPage(res, html));
    router.all(page.path, methodNotAllowed(['GET', 'HEAD']));
  }
  router.get(`${ASSETS_PATH}/:name`, serveAsset);
  // An asset with another method: 405 (a name that is no asset stays a 404).
  const assetOnlyGet = methodNotAllowed(['GET', 'HEAD']);
  router.all(`${ASSETS_PATH}/:name`, (req, res, next) => {
    if (isAssetName(req.params.name ?? '')) assetOnlyGet(req, res, next);
    else next();
  });
  return router;
}
