/**
 * Three projects: browser-side units in jsdom, the server's contract tests in node on SQLite,
 * and the same contract tests on PostgreSQL when TEST_DATABASE_URL is set (each test file
 * creates its own database on that server and drops it after; the run's teardown drops what a
 * failed file left).
 */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }];
// ESM-only dependencies of the server's plugins: jest on Node 20 cannot require(esm), so
// they are compiled to CommonJS like our own sources.
const esmPackages = ['cookie', 'content-disposition'];

const serverProject = {
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/server'],
  transform: { '^.+\\.[tj]sx?$': tsJest },
  transformIgnorePatterns: [`^(?!.*/node_modules/(${esmPackages.join('|')})/).*/node_modules/`],
  // Pages are drawn on the server: the components' style imports are nothing there.
  moduleNameMapper: { '\\.css$': '<rootDir>/test/fixtures/styleStub.js' },
  setupFiles: ['<rootDir>/test/server/setup/sqliteBackend.ts'],
};

/** Fails the run (never skips) when TEST_DATABASE_URL is set and its server does not answer. */
async function checkPostgres(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const where = new URL(url);
    where.password = '';
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL at ${where} cannot be reached: ${error.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

module.exports = async () => {
  const projects = [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/unit'],
      transform: { '^.+\\.tsx?$': tsJest },
      setupFilesAfterEnv: ['<rootDir>/test/unit/setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/test/fixtures/styleStub.js' },
    },
    serverProject,
  ];
  if (process.env.TEST_DATABASE_URL) {
    await checkPostgres(process.env.TEST_DATABASE_URL);
    projects.push({
      ...serverProject,
      displayName: 'server-postgres',
      setupFiles: ['<rootDir>/test/server/setup/postgresBackend.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/server/setup/postgresTimeout.ts'],
    });
  } else if (!process.env.JEST_WORKER_ID) {
    console.log('PostgreSQL contract suite skipped: TEST_DATABASE_URL is not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).');
  }
  /** @type {import('jest').Config} */
  return {
    projects,
    // A budget for a test that hangs, not a deadline to beat: jest's 5 s is lost on a busy 2-core
    // machine (a Varnish round trip, a server's first page) though nothing is wrong.
    testTimeout: 60_000,
    // The run's id; at its end, passed or failed, what it started is ended and its databases
    // dropped (scripts/test-cleanup.cjs). A run killed outright is cleaned by the next one.
    globalSetup: '<rootDir>/test/support/jestGlobalSetup.js',
    globalTeardown: '<rootDir>/test/support/jestGlobalTeardown.js',
  };
};
