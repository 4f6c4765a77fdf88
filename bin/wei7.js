#!/usr/bin/env node
// The `wei7` command. `wei7 check` first asks a resident checker (`wei7 resident start`), if one
// runs for this build, through the small dist/residentClient.js; otherwise the bundled CLI
// (npm run build writes dist/cli.js) runs here.
require('../dist/residentClient.js').runThroughResident(process.argv.slice(2), () => {
  // Node's on-disk compile cache (Node 22.1 and later; nothing before): a run after the first skips
  // compiling the bundle, ~6.5 ms of every run (docs/performance-limits.md, session 35). Node keeps it
  // in its own directory (os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE), keyed by the
  // bundle's content and Node's version, and never fails the run for it. Worker threads inherit it
  // through NODE_COMPILE_CACHE.
  const compileCache = require('node:module').enableCompileCache?.();
  if (compileCache?.directory && !process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = compileCache.directory;
  require('../dist/cli.js');
});
