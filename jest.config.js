/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
    // jose (a dependency of @a2a-js/sdk's CommonJS build) is ESM only: Node 22 requires it as it
    // is, jest's module runtime cannot, so jest gets it compiled to CommonJS (docs/decisions.md, "A2A endpoint").
    '/node_modules/jose/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node10' }, isolatedModules: true },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  // @databases/pg-test: with PG_TEST_URL set (scripts/test.sh) it uses that database.
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
