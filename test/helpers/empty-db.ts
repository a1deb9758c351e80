// An empty database beside the test clones (named like them, so scripts/test.sh sweeps it up if
// a run dies): for tests that migrate from nothing instead of cloning the template.
import { randomBytes } from 'node:crypto';
import { adminQuery, TEMPLATE } from './db';

export interface EmptyDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const base = process.env.TEST_PG_BASE;
  if (!base) throw new Error('TEST_PG_BASE is not set: run the tests with `npm test`');
  const name = `${TEMPLATE}_t_${process.pid}_empty_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return {
    url: `${base}/${name}`,
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
