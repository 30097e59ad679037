// The `server` jest project: the contract suite's test shops run on SQLite. Set, not assumed: a
// jest worker may run a `server-postgres` file first, whose setup leaves SHOP_TEST_BACKEND=postgres
// in the worker's environment.
process.env.SHOP_TEST_BACKEND = 'sqlite';
