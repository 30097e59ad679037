// A network database on a busy machine: creating a suite's database and 200 concurrent
// basket writes can take longer than jest's 5 s default (timing is for benches, not tests).
jest.setTimeout(30_000);
