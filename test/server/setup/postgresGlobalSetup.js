module.exports = require('./postgresGlobal').setup;
