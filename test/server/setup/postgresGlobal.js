// The `server-postgres` jest project, once per run: a run id naming the seeded template
// databases the test files copy their own databases from (test/server/helpers.ts), dropped
// at the end of the run.
const { Client } = require('pg');

async function setup() {
  process.env.SHOP_TEST_RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function teardown() {
  const run = process.env.SHOP_TEST_RUN;
  if (!run) return;
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'shoptpl\\_' || $1 || '\\_%'", [run]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

module.exports = { setup, teardown };
