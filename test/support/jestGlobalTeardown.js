// jest's global teardown, passed or failed: the run's process groups ended, its databases dropped.
const { cleanupRun } = require('../../scripts/test-cleanup.cjs');

module.exports = async () => {
  const done = await cleanupRun(process.env.SHOP_TEST_RUN);
  if (done.groups || done.databases.length) console.log(`\nTest run teardown: ended ${done.groups} process group(s) left running, dropped ${done.databases.length} database(s).`);
};
