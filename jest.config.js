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
  // A hang's bound, not a speed target: on a machine whose cores are busy with other work a test
  // takes many times its quiet figure (issue 24), and tests assert what the code promises.
  testTimeout: 120000,
  maxWorkers: 2,
};
