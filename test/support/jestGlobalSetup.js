// jest's global setup (the whole run, every project): the run's id, which names what the run may
// leave behind (process groups, PostgreSQL databases) for its teardown (scripts/test-cleanup.cjs).
// scripts/test.mjs sets it for its whole run; alone, jest sets its own. What a killed run left is
// ended here first.
const { newRunId, sweepDeadRuns } = require('../../scripts/test-cleanup.cjs');

module.exports = async () => {
  if (!process.env.SHOP_TEST_RUN) process.env.SHOP_TEST_RUN = newRunId();
  await sweepDeadRuns();
};
