// The public directory's REST door: contractors, specialties, articles, blog. Each handler calls
// one operation (operations.ts) and puts its result in the envelopes of both variants
// (docs/api.md): Variant B's {success, data} and Variant A's top-level fields, in one body.
import { Router, type RequestHandler } from 'express';
import type { Database } from '../db/database';
import { jsonWithRaw } from '../json/raw-json';
import {
  autocomplete,
  contractorById,
  contractorBySlug,
  geoSearchContractors,
  listPosts,
  listSpecialties,
  searchContractors,
} from './operations';
import { variantAProfile, variantBPage, variantBProfile } from './readings';

type Json = Record<string, unknown>;

/** Variant B's {success, data} plus Variant A's top-level fields. */
function bothVariants<T extends Json>(data: T, variantA: Json = data): Json {
  return { success: true, data, ...variantA };
}

/** `admit` is the API's admission; the directory defers it to the operation (deferAdmission). */
export function directoryRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();
  router.use(['/contractors', '/articles', '/blog'], admit);

  router.get('/contractors/search', async (req, res) => {
    const data = await searchContractors(db, req.caller, req.query);
    res
      .type('json')
      .send(
        jsonWithRaw(
          bothVariants(variantBPage(data), { contractors: data.contractors, matching: data.matching, nextCursor: data.nextCursor }),
        ),
      );
  });

  router.get('/contractors/geo-search', async (req, res) => {
    const data = await geoSearchContractors(db, req.caller, req.query);
    res.type('json').send(jsonWithRaw(bothVariants(variantBPage(data), data)));
  });

  router.get('/contractors/autocomplete', async (req, res) => {
    res.json(bothVariants(await autocomplete(db, req.caller, req.query)));
  });

  router.get('/contractors/specialties', async (req, res) => {
    res.json(bothVariants(await listSpecialties(db, req.caller)));
  });

  router.get('/contractors/by-id/:id', async (req, res) => {
    const profile = await contractorById(db, req.caller, req.params);
    res.json(bothVariants(variantBProfile(profile), variantAProfile(profile)));
  });

  router.get('/contractors/:slug', async (req, res) => {
    const profile = await contractorBySlug(db, req.caller, req.params);
    res.json(bothVariants(variantBProfile(profile), variantAProfile(profile)));
  });

  for (const [path, kind, field] of [
    ['/articles', 'article', 'articles'],
    ['/blog', 'blog', 'posts'],
  ] as const) {
    router.get(path, async (req, res) => {
      const r = await listPosts(db, req.caller, kind, req.query);
      res.json({ [field]: r.items, nextCursor: r.nextCursor });
    });
  }

  return router;
}
