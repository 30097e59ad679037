/**
 * `npm run replay -- SESSION.json [--step]`: jest runs one recorded session (test/replay/replayFile.run.ts)
 * in the same browser-like environment as the unit tests (jsdom), apart from the test suite.
 */
const { join } = require('node:path');

module.exports = {
  rootDir: join(__dirname, '..', '..'),
  displayName: 'replay',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test/replay'],
  testMatch: ['**/replayFile.run.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }] },
  setupFilesAfterEnv: ['<rootDir>/test/unit/setup.ts'],
  moduleNameMapper: { '\\.css$': '<rootDir>/test/fixtures/styleStub.js' },
};
