// Builds the extension (client, server, CLI) into dist/, the bundled spec pages into dist/spec/,
// and with --tests the unit tests into out/test/. esbuild only bundles; `npm run typecheck` type-checks.
import * as esbuild from 'esbuild';
import { readdirSync, mkdirSync, writeFileSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const tests = process.argv.includes('--tests');
const e2e = process.argv.includes('--e2e');
const bench = process.argv.includes('--bench');
// mainFields: prefer ES modules (jsonc-parser's UMD build hides its requires from the bundler).
const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', sourcemap: true, logLevel: 'warning', mainFields: ['module', 'main'] };

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** One page a spec: every clause with an anchor (#c3.10.1), its Chinese text and English summary. */
function writeSpecPages() {
  mkdirSync('dist/spec', { recursive: true });
  for (const spec of ['2.2', '3.0']) {
    const clauses = JSON.parse(readFileSync(`server/src/spec/wei7-${spec}.clauses.json`, 'utf8'));
    const body = clauses
      .map((c) => `<section id="c${c.id}"><h2>${c.id}</h2><p lang="zh-CN">${escapeHtml(c.text)}</p><p lang="en"><em>${escapeHtml(c.summary)}</em></p></section>`)
      .join('\n');
    writeFileSync(`dist/spec/wei7-${spec}.html`,
      `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>wei7 ${spec}</title>` +
      `<style>body{font-family:sans-serif;max-width:50em;margin:2em auto;line-height:1.6}section:target{background:#ffd}</style>` +
      `</head><body><h1>wei7 ${spec} — §3</h1>\n${body}\n</body></html>\n`);
  }
}

/**
 * @sabaki/sgf tries to load iconv-lite and jschardet to guess and decode encodings, and falls back
 * without them; we decode ourselves (server/src/convert/decode.ts). This gives it an empty module
 * for each, so every build takes the fallback and bundles neither (1.5 MB). Left
 * external, they were loaded from node_modules wherever installed (a checkout, not the packaged
 * extension): ~60 ms of every CLI start, for code we never call.
 */
const withoutSgfDecoders = {
  name: 'without-sgf-decoders',
  setup(build) {
    build.onResolve({ filter: /^(iconv-lite|jschardet)$/ }, (args) =>
      args.importer.includes(join('node_modules', '@sabaki', 'sgf')) ? { path: args.path, namespace: 'absent-sgf-decoder' } : undefined);
    // @sabaki/sgf's loader treats a null module as absent (src/jschardet.js, src/iconv-lite.js).
    build.onLoad({ filter: /.*/, namespace: 'absent-sgf-decoder' }, () => ({ contents: 'module.exports = null;', loader: 'js' }));
  },
};

if (tests) {
  rmSync('out/test', { recursive: true, force: true });
  const entryPoints = readdirSync('test/unit').filter((f) => f.endsWith('.test.ts')).map((f) => join('test/unit', f));
  await esbuild.build({ ...common, entryPoints, outdir: 'out/test', external: ['vscode'], plugins: [withoutSgfDecoders] });
} else if (e2e) {
  // test/e2e (see test/e2e/README.md) into out/e2e/.
  rmSync('out/e2e', { recursive: true, force: true });
  // The runner and the code-server shim's driver run in plain Node.
  await esbuild.build({ ...common, entryPoints: { runTests: 'test/e2e/runTests.ts', driver: 'test/e2e/driver.ts' }, outdir: 'out/e2e', external: ['playwright-core', '@vscode/test-electron'] });
  // The suites run in VS Code's extension host: index.js with mocha bundled in, one bundle per *.test.ts
  // (mocha's unused parallel mode resolves its worker files at run time: silence that warning).
  const suites = readdirSync('test/e2e/suite').filter((f) => f.endsWith('.test.ts')).map((f) => join('test/e2e/suite', f));
  await esbuild.build({ ...common, entryPoints: ['test/e2e/suite/index.ts', ...suites], outdir: 'out/e2e/suite', external: ['vscode'], logOverride: { 'require-resolve-not-external': 'silent' } });
} else if (bench) {
  // The benchmark (npm run bench) into out/bench/run.js; it runs dist/server.js and dist/cli.js, which
  // `npm run build` makes first. Not minified: the CPU profile section reads esbuild's module comments.
  rmSync('out/bench', { recursive: true, force: true });
  await esbuild.build({ ...common, entryPoints: { run: 'bench/run.ts', editLoop: 'bench/editLoop.ts', heapShape: 'bench/heapShape.ts', checkPhases: 'bench/checkPhases.ts' }, outdir: 'out/bench', plugins: [withoutSgfDecoders] });
} else {
  await esbuild.build({ ...common, entryPoints: { client: 'client/src/extension.ts' }, outdir: 'dist', external: ['vscode'] });
  await esbuild.build({ ...common, entryPoints: { server: 'server/src/server.ts', cli: 'server/src/cli/main.ts' }, outdir: 'dist', plugins: [withoutSgfDecoders] });
  // What bin/wei7.js loads first: hands `wei7 check` to a resident checker when one runs (small, to start fast).
  await esbuild.build({ ...common, entryPoints: { residentClient: 'server/src/cli/resident/client.ts' }, outdir: 'dist' });
  // The preview's webview page (media/preview/) for the browser: dist/preview.js and dist/preview.css.
  await esbuild.build({
    entryPoints: { preview: 'media/preview/main.tsx' }, bundle: true, platform: 'browser', format: 'iife',
    target: 'chrome114', outdir: 'dist', jsx: 'automatic', jsxImportSource: 'preact',
    loader: { '.png': 'file', '.svg': 'dataurl' }, assetNames: 'preview-[name]-[hash]',
    minify: true, sourcemap: true, logLevel: 'warning',
  });
  writeSpecPages();
}
if (!existsSync('dist')) mkdirSync('dist');
