module.exports = require('./postgresGlobal').teardown;
