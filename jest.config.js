/** Two projects: browser-side units in jsdom, the server's contract tests in node. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/unit'],
      transform: { '^.+\\.tsx?$': tsJest },
      setupFilesAfterEnv: ['<rootDir>/test/unit/setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/test/fixtures/styleStub.js' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server'],
      transform: { '^.+\\.tsx?$': tsJest },
    },
  ],
};
