#!/usr/bin/env node
// The `wei7` command: the bundled CLI (npm run build writes dist/cli.js).
require('../dist/cli.js');
