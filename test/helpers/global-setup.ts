// Jest global set-up. scripts/test.sh builds the template database and names it in PG_TEST_URL;
// @databases/pg-test then uses it as the existing test database (there is no Docker here).
import pgTestSetup from '@databases/pg-test/jest/globalSetup';

export default async function globalSetup(): Promise<void> {
  if (!process.env.PG_TEST_URL || !process.env.TEST_PG_BASE) {
    throw new Error('Run the tests with `npm test`: it prepares the template database they clone.');
  }
  await pgTestSetup();
}
