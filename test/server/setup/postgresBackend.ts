// The `server-postgres` jest project: the contract suite's test shops run on PostgreSQL.
process.env.SHOP_TEST_BACKEND = 'postgres';
