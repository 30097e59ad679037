/** Two projects: browser-side units in jsdom, the server's contract tests in node. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }];
// ESM-only dependencies of the server's plugins: jest on Node 20 cannot require(esm), so
// they are compiled to CommonJS like our own sources.
const esmPackages = ['cookie', 'content-disposition'];

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
      transform: { '^.+\\.[tj]sx?$': tsJest },
      transformIgnorePatterns: [`^(?!.*/node_modules/(${esmPackages.join('|')})/).*/node_modules/`],
      // Pages are drawn on the server: the components' style imports are nothing there.
      moduleNameMapper: { '\\.css$': '<rootDir>/test/fixtures/styleStub.js' },
    },
  ],
};
