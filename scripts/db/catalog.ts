// Catalog queries shared by the definition tools and their tests: which functions are ours,
// which of them stored data depends on, and a fingerprint of everything the definitions touch.
import type pg from 'pg';
import { APP_SCHEMAS } from './paths';

/** Our functions: in the application schemas and not an extension's member. */
const APP_FUNCTIONS = `
  select p.oid, n.nspname, p.proname, p.prosrc
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = any($1::text[])
     and p.prokind <> 'a'  -- aggregates are declarations over functions: made in migrations, like types
     and not exists (select 1 from pg_depend e
                      where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')`;

/**
 * Functions that stored data depends on: referenced by a column default or generated column, a
 * CHECK constraint (tables and domains), an index expression or predicate, or a domain default;
 * and, since pg_depend does not see into function bodies, every one of ours such a function
 * names in its body (a word match on schema.name), transitively.
 */
const STORED_DATA_FUNCTIONS = `
  with recursive app_functions as (${APP_FUNCTIONS}),
  stored as (
    select d.refobjid as oid
      from pg_depend d
     where d.refclassid = 'pg_proc'::regclass
       and (d.classid in ('pg_attrdef'::regclass, 'pg_constraint'::regclass, 'pg_type'::regclass)
            or (d.classid = 'pg_class'::regclass
                and exists (select 1 from pg_class c where c.oid = d.objid and c.relkind in ('i', 'I'))))
  ),
  guarded as (
    select f.oid from app_functions f where f.oid in (select oid from stored)
    union
    select f.oid
      from guarded g
      join app_functions caller on caller.oid = g.oid
      join app_functions f on caller.prosrc ~ ('\\m' || f.nspname || '\\.' || f.proname || '\\M')
  )
  select oid from guarded`;

export interface StoredDataFunction {
  schema: string;
  name: string;
  signature: string;
}

export async function storedDataFunctions(client: pg.ClientBase): Promise<StoredDataFunction[]> {
  const { rows } = await client.query<StoredDataFunction>(
    `select n.nspname as schema, p.proname as name, p.oid::regprocedure::text as signature
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.oid in (${STORED_DATA_FUNCTIONS})
      order by 1, 2, 3`,
    [APP_SCHEMAS],
  );
  return rows;
}

export interface FunctionDefinition {
  schema: string;
  name: string;
  /** create or replace, comment, privileges: what a definition file holds for one function. */
  sql: string;
}

/**
 * The current definition of every function of ours that stored data does not depend on (or, with
 * `stored`, of every one it does), as SQL that recreates it: pg_get_functiondef (settings,
 * volatility, security included), its comment, and its privileges (revoked from every request
 * role and PUBLIC first, so the file is the whole truth about who may execute it).
 */
export async function functionDefinitions(client: pg.ClientBase, which: 'applied' | 'stored' = 'applied'): Promise<FunctionDefinition[]> {
  // Qualify every name pg_get_functiondef and regprocedure print.
  await client.query('set search_path to pg_catalog');
  try {
    const { rows } = await client.query<FunctionDefinition & { grant_options: boolean }>(
      `
      with app_functions as (${APP_FUNCTIONS}),
      acl as (
        select f.oid, a.grantee, a.privilege_type, a.is_grantable, a.grantee = p.proowner as is_owner
          from app_functions f join pg_proc p on p.oid = f.oid,
               aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
      )
      select f.nspname as schema, f.proname as name,
             rtrim(pg_get_functiondef(f.oid), E'\\n') || E';\\n'
             || format(E'comment on function %s is %s;\\n', f.oid::regprocedure,
                       coalesce(quote_literal(obj_description(f.oid, 'pg_proc')), 'null'))
             || format(E'revoke all on function %s from public, marine_anonymous, marine_agent, marine_admin;\\n',
                       f.oid::regprocedure)
             || coalesce((select string_agg(format(E'grant execute on function %s to %s;\\n', f.oid::regprocedure,
                                                   case a.grantee when 0 then 'public' else a.grantee::regrole::text end),
                                            '' order by a.grantee::regrole::text)
                            from acl a where a.oid = f.oid and not a.is_owner), '') as sql,
             exists (select 1 from acl a where a.oid = f.oid and not a.is_owner and a.is_grantable) as grant_options
        from app_functions f
       where (f.oid in (${STORED_DATA_FUNCTIONS})) = $2
       order by f.nspname, f.proname, pg_get_function_identity_arguments(f.oid)`,
      [APP_SCHEMAS, which === 'stored'],
    );
    const withOptions = rows.filter((r) => r.grant_options).map((r) => `${r.schema}.${r.name}`);
    if (withOptions.length > 0) throw new Error(`grant options are not extracted: ${withOptions.join(', ')}`);
    return rows.map(({ schema, name, sql }) => ({ schema, name, sql }));
  } finally {
    await client.query('reset search_path');
  }
}

export interface CatalogObject {
  /** e.g. `function app_hidden.is_uuid(text)`, `policy app_public.users select_own` */
  object: string;
  md5: string;
}

/**
 * One row per object a definition file could change, and the objects around them: our
 * functions (definition, privileges normalised to a sorted list, comment), views, policies,
 * triggers, constraints, indexes and column defaults in the application schemas.
 */
export async function catalogFingerprint(client: pg.ClientBase): Promise<CatalogObject[]> {
  await client.query('set search_path to pg_catalog');
  try {
    const { rows } = await client.query<CatalogObject>(
      `
      with app_functions as (${APP_FUNCTIONS}),
      objects(object, content) as (
        select 'function ' || f.oid::regprocedure::text,
               concat_ws(E'\\n', pg_get_functiondef(f.oid), obj_description(f.oid, 'pg_proc'),
                 (select string_agg(item, ', ' order by item)
                    from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a,
                         concat_ws(' ', case a.grantee when 0 then 'public' else a.grantee::regrole::text end,
                                   a.privilege_type, a.grantor::regrole::text, a.is_grantable) item
                   where p.oid = f.oid))
          from app_functions f
        union all
        select 'view ' || c.oid::regclass::text,
               concat_ws(E'\\n', pg_get_viewdef(c.oid), obj_description(c.oid, 'pg_class'), c.relacl::text)
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
        union all
        select format('policy %s %s', p.polrelid::regclass, p.polname),
               concat_ws(E'\\n', p.polcmd::text, p.polpermissive, p.polroles::regrole[]::text,
                         pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
          from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any($1::text[])
        union all
        select format('trigger %s %s', t.tgrelid::regclass, t.tgname), pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
          from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         where not t.tgisinternal and n.nspname = any($1::text[])
        union all
        select format('constraint %s %s', coalesce(k.conrelid::regclass::text, k.contypid::regtype::text), k.conname),
               pg_get_constraintdef(k.oid)
          from pg_constraint k join pg_namespace n on n.oid = k.connamespace
         where n.nspname = any($1::text[])
        union all
        select 'index ' || i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any($1::text[])
        union all
        select format('default %s.%s', d.adrelid::regclass, a.attname), pg_get_expr(d.adbin, d.adrelid)
          from pg_attrdef d
          join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
          join pg_class c on c.oid = d.adrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any($1::text[])
      )
      select object, md5(content) as md5 from objects order by object collate "C"`,
      [APP_SCHEMAS],
    );
    return rows;
  } finally {
    await client.query('reset search_path');
  }
}
