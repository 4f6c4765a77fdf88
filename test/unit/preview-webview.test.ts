/**
 * The preview's webview page (dist/preview.js + dist/preview.css, built from media/preview/) in
 * headless Chromium, served from 127.0.0.1 with the very HTML and Content-Security-Policy the
 * extension gives it, and a stub of VS Code's webview API. The positions posted to it are the
 * server's answers for real documents (features/position on analyze()).
 *
 * Screenshots (light, dark and high-contrast theme variables) go to .e2e/artifacts/.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { analyze } from '../../server/src/analysis';
import { LineIndex } from '../../server/src/model/lineIndex';
import { previewPosition, type PreviewPosition } from '../../server/src/features/position';
import { previewHtml, contentSecurityPolicy } from '../../client/src/preview/html';
import { previewStrings } from '../../client/src/preview/strings';
import { parseFromWebview, savedUriOf, type FromWebview, type ToWebview } from '../../client/src/preview/protocol';

const ROOT = resolve(__dirname, '../..');
const DIST = join(ROOT, 'dist');
const ARTIFACTS = join(ROOT, '.e2e', 'artifacts');
const CHROMIUM = process.env.WEI7_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const NONCE = 'testnonce0123456789abcdef';

// Loaded at run time from node_modules: playwright-core reads its own files, so it cannot be bundled into the test.
const { chromium } = createRequire(__filename)('playwright-core') as typeof import('playwright-core');

/** The server's answer at the start of `snippet` in `text`. */
function positionIn(text: string, snippet: string, uri = 'file:///tmp/game.wei7'): PreviewPosition {
  const offset = text.indexOf(snippet);
  assert.ok(offset >= 0, `"${snippet}" is in the document`);
  const lines = new LineIndex(text);
  return previewPosition({ uri, version: 1, analysis: analyze(text), lines }, lines.positionAt(offset));
}

const simple = readFileSync(join(ROOT, 'examples', '2.2-simple.wei7'), 'utf8');

// ---------------------------------------------------------------------------------------------
// The page, served as the webview would get it

/** The stub of acquireVsCodeApi, and a record of the CSP violations the page meets. */
const STUB = `
  window.__posted = [];
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
  window.acquireVsCodeApi = () => ({
    postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))),
    getState: () => (window.__savedState === undefined ? undefined : JSON.parse(window.__savedState)),
    setState: (s) => { window.__state = s; },
  });
`;

function page(origin: string, extraBody = ''): string {
  const html = previewHtml({
    cspSource: origin,
    nonce: NONCE,
    scriptUri: `${origin}/dist/preview.js`,
    styleUri: `${origin}/dist/preview.css`,
    lang: 'en',
    title: 'Preview game.wei7',
  });
  return html.replace('<div id="root"></div>', `<div id="root"></div>${extraBody}`);
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.map': 'application/json' };

function serve(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/') return void response.writeHead(200, { 'content-type': 'text/html' }).end(page(origin));
    if (url.pathname === '/inline') {
      // What a forged or careless page might hold: an inline script and an inline handler, without the nonce.
      // A real 1×1 GIF: the handler's CSP check happens when its event fires, and Chromium 150 fires
      // error, not load, for the empty image `data:,` (so the test waited for a violation that never came).
      const gif = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
      const inline = `<script>window.__inlineRan = true;</script><img id="handler" src="${gif}" onload="window.__handlerRan = true">`;
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(page(origin, inline));
    }
    const file = normalize(join(ROOT, decodeURIComponent(url.pathname)));
    if (!file.startsWith(DIST + '/') || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolveServer) => server.listen(0, '127.0.0.1', () => resolveServer({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

// ---------------------------------------------------------------------------------------------
// Theme variables as VS Code sets them on the webview's <html>, with its body class

const THEMES: Record<'light' | 'dark' | 'highContrast', { bodyClass: string; variables: Record<string, string> }> = {
  light: {
    bodyClass: 'vscode-light',
    variables: {
      '--vscode-editor-background': '#ffffff',
      '--vscode-foreground': '#3b3b3b',
      '--vscode-descriptionForeground': '#717171',
      '--vscode-font-family': 'system-ui, sans-serif',
      '--vscode-font-size': '13px',
      '--vscode-button-secondaryBackground': '#e5e5e5',
      '--vscode-button-secondaryForeground': '#3b3b3b',
      '--vscode-button-background': '#005fb8',
      '--vscode-button-foreground': '#ffffff',
      '--vscode-panel-border': '#e5e5e5',
      '--vscode-textBlockQuote-background': '#f8f8f8',
      '--vscode-textBlockQuote-border': '#e5e5e5',
      '--vscode-inputValidation-errorBackground': '#f2dede',
      '--vscode-inputValidation-errorBorder': '#be1100',
    },
  },
  dark: {
    bodyClass: 'vscode-dark',
    variables: {
      '--vscode-editor-background': '#1f1f1f',
      '--vscode-foreground': '#cccccc',
      '--vscode-descriptionForeground': '#9d9d9d',
      '--vscode-font-family': 'system-ui, sans-serif',
      '--vscode-font-size': '13px',
      '--vscode-button-secondaryBackground': '#313131',
      '--vscode-button-secondaryForeground': '#cccccc',
      '--vscode-button-background': '#0078d4',
      '--vscode-button-foreground': '#ffffff',
      '--vscode-panel-border': '#2b2b2b',
      '--vscode-textBlockQuote-background': '#2b2b2b',
      '--vscode-textBlockQuote-border': '#616161',
      '--vscode-inputValidation-errorBackground': '#5a1d1d',
      '--vscode-inputValidation-errorBorder': '#be1100',
    },
  },
  highContrast: {
    bodyClass: 'vscode-high-contrast',
    variables: {
      '--vscode-editor-background': '#000000',
      '--vscode-editor-foreground': '#ffffff',
      '--vscode-foreground': '#ffffff',
      '--vscode-descriptionForeground': '#ffffff',
      '--vscode-contrastBorder': '#6fc3df',
      '--vscode-contrastActiveBorder': '#f38518',
      '--vscode-font-family': 'system-ui, sans-serif',
      '--vscode-font-size': '13px',
      '--vscode-button-secondaryBackground': '#000000',
      '--vscode-button-border': '#6fc3df',
    },
  },
};

async function applyTheme(p: Page, theme: keyof typeof THEMES): Promise<void> {
  const { bodyClass, variables } = THEMES[theme];
  await p.evaluate(`(() => {
    const style = document.documentElement.style;
    for (const name of Array.from(style)) if (name.startsWith('--vscode-')) style.removeProperty(name);
    for (const [name, value] of Object.entries(${JSON.stringify(variables)})) style.setProperty(name, value);
    document.body.className = ${JSON.stringify(bodyClass)};
  })()`);
}

// ---------------------------------------------------------------------------------------------

let server: Server;
let origin: string;
let context: BrowserContext;
let profile: string;

async function newPage(path = '/', savedState?: unknown): Promise<Page> {
  const p = await context.newPage();
  await p.addInitScript(STUB + (savedState === undefined ? '' : `window.__savedState = ${JSON.stringify(JSON.stringify(savedState))};`));
  await p.goto(`${origin}${path}`);
  // The page listens for messages from an effect that runs after its first render, which can come
  // after 'load' on a busy machine: a message sent before it would be lost. The extension waits
  // for the page's 'ready' too.
  await until(p, "window.__posted.some((m) => m.type === 'ready')");
  return p;
}

async function send(p: Page, message: ToWebview): Promise<void> {
  await p.evaluate(`window.postMessage(${JSON.stringify(message)}, '*')`);
}

/**
 * Polls `expression` in the page until it is truthy. (page.waitForFunction evaluates a string
 * with eval inside the page, which this page's CSP rightly forbids; evaluate goes through the
 * debugging protocol.)
 */
async function until(p: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await p.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

async function posted(p: Page): Promise<FromWebview[]> {
  return p.evaluate<FromWebview[]>('window.__posted');
}

function vertex(p: Page, x: number, y: number) {
  return p.locator(`.shudan-vertex[data-x="${x}"][data-y="${y}"]`);
}

async function classOf(p: Page, x: number, y: number): Promise<string> {
  return (await vertex(p, x, y).getAttribute('class')) ?? '';
}

async function showPosition(p: Page, position: PreviewPosition, fileName = 'game.wei7'): Promise<void> {
  await send(p, { type: 'init', strings: previewStrings((m) => m) });
  await send(p, { type: 'position', position, fileName });
  await p.locator('#move-line').waitFor();
  // The board is drawn once the page knows the room it has (its first ResizeObserver callback).
  if (position.board) await until(p, `document.querySelectorAll('.shudan-vertex').length === ${position.board.width * position.board.height}`);
}

describe('messages from the webview are checked before the extension acts on them', () => {
  test('the three shapes the page sends are accepted as they are', () => {
    assert.deepEqual(parseFromWebview({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseFromWebview({ type: 'navigate', target: 'nextVariation' }), { type: 'navigate', target: 'nextVariation' });
    assert.deepEqual(parseFromWebview({ type: 'play', x: 0, y: 51, asVariation: false }), { type: 'play', x: 0, y: 51, asVariation: false });
  });

  test('anything else is dropped: other types, wrong types, extra keys, points off any board', () => {
    const forged: unknown[] = [
      null,
      'ready',
      [],
      { type: 'command', command: 'workbench.action.files.delete' },
      { type: 'navigate', target: 'toString' },
      { type: 'navigate', target: 'next', uri: 'file:///etc/passwd' },
      { type: 'navigate', target: { offset: 0 } },
      { type: 'play', x: 3, y: 3 },
      { type: 'play', x: 3, y: 3, asVariation: 'yes' },
      { type: 'play', x: 3.5, y: 3, asVariation: false },
      { type: 'play', x: -1, y: 3, asVariation: false },
      { type: 'play', x: 52, y: 3, asVariation: false },
      { type: 'play', x: '3', y: 3, asVariation: false },
      { type: 'play', x: 3, y: 3, asVariation: false, uri: 'file:///other.wei7' },
      { type: 'play', x: 3, y: 3, asVariation: false, edit: { newText: 'x' } },
      { type: 'ready', html: '<script>' },
    ];
    for (const message of forged) assert.equal(parseFromWebview(message), undefined, JSON.stringify(message));
  });

  test('a restored state gives the extension only a document URI to look for among open editors', () => {
    assert.equal(savedUriOf({ uri: 'file:///a.wei7', position: {} }), 'file:///a.wei7');
    assert.equal(savedUriOf({ uri: 42 }), undefined);
    assert.equal(savedUriOf(undefined), undefined);
    assert.equal(savedUriOf({ uri: 'x'.repeat(5000) }), undefined);
  });
});

describe('the words of the preview', () => {
  test('every string of the preview (webview and extension) has its Chinese, with the same placeholders', () => {
    const bundle = JSON.parse(readFileSync(join(ROOT, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
    const asked: string[] = [];
    previewStrings((message) => (asked.push(message), message));
    // The extension's own calls: vscode.l10n.t('…') with a literal first argument.
    const manager = readFileSync(join(ROOT, 'client', 'src', 'preview', 'previewManager.ts'), 'utf8');
    for (const m of manager.matchAll(/vscode\.l10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) asked.push(m[1]);
    assert.ok(asked.length > 30);
    const placeholders = (text: string): string => [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort().join('');
    for (const message of asked) {
      assert.ok(bundle[message], `l10n/bundle.l10n.zh-cn.json translates "${message}"`);
      assert.equal(placeholders(bundle[message]), placeholders(message), message);
    }
  });
});

describe('preview webview in headless Chromium', () => {
  before(async () => {
    assert.ok(existsSync(join(DIST, 'preview.js')) && existsSync(join(DIST, 'preview.css')), 'dist/preview.js and dist/preview.css are built (npm run build)');
    assert.ok(existsSync(CHROMIUM), `Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    ({ server, origin } = await serve());
    profile = mkdtempSync(join(tmpdir(), 'wei7-preview-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 960, height: 640 },
      locale: 'en-US',
      timeout: 60_000,
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  after(async () => {
    await context?.close();
    await new Promise((resolveClose) => server?.close(resolveClose));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('the page asks for its data once loaded, and meets no CSP violation while drawing', async () => {
    const p = await newPage();
    await until(p, 'window.__posted.length > 0');
    assert.deepEqual(await posted(p), [{ type: 'ready' }]);
    await showPosition(p, positionIn(simple, '<black x="17" y="8" splitter'));
    assert.deepEqual(await p.evaluate('window.__violations'), [], 'scripts run by nonce, styles come from the stylesheet and CSSOM');
    const csp = await p.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.equal(csp, contentSecurityPolicy(origin, NONCE));
    assert.match(csp ?? '', /default-src 'none'; img-src http:\/\/127\.0\.0\.1:\d+ data:; style-src http:\/\/127\.0\.0\.1:\d+;.*script-src 'nonce-testnonce/);
    await p.close();
  });

  test('stones, marks as labels, the last move, coordinates and the texts of a position', async () => {
    const p = await newPage();
    await showPosition(p, positionIn(simple, '<black x="17" y="8" splitter'));
    assert.equal(await p.locator('.shudan-vertex').count(), 361);
    assert.match(await classOf(p, 17, 8), /shudan-sign_1\b/);
    assert.match(await classOf(p, 4, 4), /shudan-sign_-1\b/);
    for (const x of [0, 1, 2]) assert.match(await classOf(p, x, 16), /shudan-sign_1\b/);
    assert.equal(await p.locator('.shudan-vertex.shudan-sign_1').count(), 4);
    assert.equal(await p.locator('.shudan-vertex.shudan-sign_-1').count(), 1);
    // The marks of the node (2.2 §3.18), drawn as labels.
    for (const y of [3, 4]) {
      assert.match(await classOf(p, 12, y), /shudan-marker_label/);
      assert.equal(await vertex(p, 12, y).locator('.shudan-marker').textContent(), '*');
    }
    // The last move: one ring, on the move's stone.
    assert.equal(await p.locator('.shudan-vertex.shudan-selected').count(), 1);
    assert.match(await classOf(p, 17, 8), /shudan-selected/);
    // Coordinates: letters without I, numbers from the bottom.
    const columns = await p.locator('.shudan-coordx').first().textContent();
    assert.equal(columns, 'ABCDEFGHJKLMNOPQRST');
    assert.match((await p.locator('.shudan-coordy').first().textContent()) ?? '', /^19181716/);
    assert.equal(await p.locator('#move-line').textContent(), 'Move 2 · Black · S11');
    assert.equal(await p.locator('#to-play').textContent(), 'White to play');
    assert.equal(await p.locator('#evaluation').textContent(), 'Bad move');
    assert.equal(await p.locator('#path').textContent(), 'Main line');
    assert.equal(await p.locator('#game-name').textContent(), 'the game between you and me');
    assert.match((await p.locator('#players').textContent()) ?? '', /me.*you/);
    assert.match((await p.locator('#captures').textContent()) ?? '', /Captures: 0 0/);
    await p.close();
  });

  test('setup, problem (黑先 in Chinese), comment and title; move numbers on stones when asked', async () => {
    const p = await newPage();
    const zh = previewStrings((m) => ({ 'Problem: Black to play': '黑先', 'Setup position': '预设局面' })[m] ?? m);
    await send(p, { type: 'init', strings: zh });
    await send(p, { type: 'position', position: positionIn(simple, '<white x="4"'), fileName: 'game.wei7' });
    await p.locator('#problem').waitFor();
    assert.equal(await p.locator('#problem').textContent(), '黑先');
    assert.equal(await p.locator('#comment').textContent(), 'haha!');
    await p.locator('#toggle-numbers').click();
    assert.equal(await vertex(p, 4, 4).locator('.shudan-marker').textContent(), '1');
    assert.equal(await vertex(p, 0, 16).locator('.shudan-marker').count(), 0, 'a setup stone has no number');
    await send(p, { type: 'position', position: positionIn(simple, '<pre comment="this'), fileName: 'game.wei7' });
    await p.locator('#node-title').waitFor();
    assert.equal(await p.locator('#node-title').textContent(), 'handicap title');
    assert.equal(await p.locator('#move-line').textContent(), '预设局面');
    assert.equal(await vertex(p, 8, 14).locator('.shudan-marker').textContent(), 'a');
    assert.equal(await p.locator('.shudan-vertex.shudan-selected').count(), 0, 'no last move after a setup');
    await p.close();
  });

  test('navigation buttons and keys post the directions the position allows', async () => {
    const p = await newPage();
    await showPosition(p, positionIn(simple, '<black x="17" y="8" splitter'));
    await p.evaluate('window.__posted.length = 0');
    assert.equal(await p.locator('#nav-previousVariation').isDisabled(), true, 'no earlier variation here');
    for (const key of ['first', 'previous', 'next', 'last', 'nextVariation'] as const) await p.locator(`#nav-${key}`).click();
    await p.locator('#nav-previousVariation').click({ force: true });
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('ArrowLeft');
    await p.keyboard.press('Home');
    await p.keyboard.press('End');
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('ArrowUp');
    const targets = (await posted(p)).map((m) => (m.type === 'navigate' ? m.target : m.type));
    assert.deepEqual(targets, ['first', 'previous', 'next', 'last', 'nextVariation', 'next', 'previous', 'first', 'last', 'nextVariation']);
    await p.close();
  });

  test('a click on a point posts it; shift-click asks for a variation', async () => {
    const p = await newPage();
    await showPosition(p, positionIn(simple, '<white x="4"'));
    await p.evaluate('window.__posted.length = 0');
    await vertex(p, 3, 15).click();
    await vertex(p, 10, 2).click({ modifiers: ['Shift'] });
    assert.deepEqual(await posted(p), [
      { type: 'play', x: 3, y: 15, asVariation: false },
      { type: 'play', x: 10, y: 2, asVariation: true },
    ]);
    await send(p, { type: 'notice', text: 'There is already a stone at E15: a move must go on an empty point.' });
    await p.locator('#notice').waitFor();
    assert.match((await p.locator('#notice').textContent()) ?? '', /already a stone at E15/);
    await p.close();
  });

  test('comments, titles and names are text: an <img onerror> shows as characters and runs nothing', async () => {
    const xss = '<img src=x onerror="window.__xss = 1">';
    const text = simple
      .replace('comment="haha!"', `comment="${xss.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}"`)
      .replace('name="me"', 'name="&lt;b onmouseover=window.__xss=2&gt;me&lt;/b&gt;"');
    const position = positionIn(text, '<white x="4"');
    assert.equal(position.comment, xss);
    const p = await newPage();
    await showPosition(p, { ...position, title: '<script>window.__xss = 3</script>' });
    assert.equal(await p.locator('#comment').textContent(), xss);
    assert.equal(await p.locator('#node-title').textContent(), '<script>window.__xss = 3</script>');
    assert.match((await p.locator('#players').textContent()) ?? '', /<b onmouseover=window.__xss=2>me<\/b>/);
    assert.equal(await p.locator('#comment img, #players b, .info script').count(), 0, 'no element was made from the strings');
    await p.locator('#players').hover();
    await p.waitForTimeout(200);
    assert.equal(await p.evaluate('window.__xss'), undefined);
    assert.deepEqual(await p.evaluate('window.__violations'), []);
    await p.close();
  });

  test('the CSP blocks an inline script and an inline event handler', async () => {
    const p = await newPage('/inline');
    await until(p, 'window.__posted.length > 0');
    await until(p, 'window.__violations.length >= 2');
    assert.equal(await p.evaluate('window.__inlineRan'), undefined);
    assert.equal(await p.evaluate('window.__handlerRan'), undefined);
    const violations = await p.evaluate<string[]>('window.__violations');
    assert.ok(violations.every((v) => v.startsWith('script-src')), violations.join('; '));
    // A script added later without the nonce does not run either.
    await p.evaluate(`(() => { const s = document.createElement('script'); s.textContent = 'window.__lateRan = true'; document.body.append(s); })()`);
    assert.equal(await p.evaluate('window.__lateRan'), undefined);
    await p.close();
  });

  test('with errors: the last board stays, and the page says the document has problems', async () => {
    const p = await newPage();
    await showPosition(p, positionIn(simple, '<white x="4"'));
    const broken = simple.replace('<size>19</size>', '<size>nineteen</size>');
    const noBoard = positionIn(broken, '<white x="4"');
    assert.equal(noBoard.board, undefined);
    await send(p, { type: 'position', position: noBoard, fileName: 'game.wei7' });
    await p.locator('#problems').waitFor();
    assert.match((await p.locator('#problems').textContent()) ?? '', /showing the last position that could be computed.*size is unknown/);
    assert.match(await classOf(p, 4, 4), /shudan-sign_-1/, 'the last board is still drawn');
    const withErrors = positionIn(simple.replace('eval="bad"', 'eval="awful"'), '<black x="17" y="8" splitter');
    await send(p, { type: 'position', position: withErrors, fileName: 'game.wei7' });
    await until(p, `document.querySelector('#problems')?.textContent.includes('may be incomplete')`);
    assert.match(await classOf(p, 17, 8), /shudan-sign_1/);
    await p.close();
  });

  test('rectangular boards and sizes 2 to 52; the board shrinks with the panel', async () => {
    const p = await newPage();
    const board = (width: number, height: number, moves: string) =>
      `{"format": "wei7", "version": "3.0", "size": {"width": ${width}, "height": ${height}}, "tree": {"steps": [${moves}]}}`;
    const move = (color: number, x: number, y: number) => `{"action": {"type": "move", "value": {"color": ${color}, "point": {"x": ${x}, "y": ${y}}}}}`;
    await showPosition(p, positionIn(board(7, 5, `${move(1, 6, 4)}, ${move(2, 0, 0)}`), `{"action": {"type": "move", "value": {"color": 2`));
    assert.equal(await p.locator('.shudan-vertex').count(), 35);
    assert.match(await classOf(p, 6, 4), /shudan-sign_1/);
    assert.match(await classOf(p, 0, 0), /shudan-sign_-1/);
    assert.equal(await p.locator('.shudan-coordx').first().textContent(), 'ABCDEFG');
    await p.screenshot({ path: join(ARTIFACTS, 'preview-7x5.png') });

    await send(p, { type: 'position', position: positionIn(board(2, 2, move(1, 1, 1)), '{"action"'), fileName: 'tiny.wei7' });
    await until(p, `document.querySelectorAll('.shudan-vertex').length === 4`);
    assert.match(await classOf(p, 1, 1), /shudan-sign_1/);

    await send(p, { type: 'position', position: positionIn(board(52, 52, `${move(1, 51, 0)}, ${move(2, 0, 51)}`), `{"action": {"type": "move", "value": {"color": 2`), fileName: 'huge.wei7' });
    await until(p, `document.querySelectorAll('.shudan-vertex').length === 2704`);
    assert.match(await classOf(p, 51, 0), /shudan-sign_1/);
    assert.match(await classOf(p, 0, 51), /shudan-sign_-1/);
    assert.equal(await p.locator('.shudan-coordx').first().locator('span').last().textContent(), '52', 'columns are numbered past 25');
    assert.equal(await p.locator('#move-line').textContent(), 'Move 2 · White · 1-1');
    await p.screenshot({ path: join(ARTIFACTS, 'preview-52x52.png') });

    const wide = (await p.locator('#goban').boundingBox())?.width ?? 0;
    await p.setViewportSize({ width: 480, height: 640 });
    await until(p, `document.querySelector('#goban').getBoundingClientRect().width < ${Math.min(wide, 480)}`);
    const narrow = (await p.locator('#goban').boundingBox())?.width ?? 0;
    assert.ok(narrow <= 480 && narrow < wide, `the board follows the panel: ${wide} → ${narrow}`);
    await p.close();
  });

  test('the state it saves brings the position back at once after a reload', async () => {
    const p = await newPage();
    await showPosition(p, positionIn(simple, '<black x="16"'));
    await p.locator('#toggle-numbers').click();
    const saved = await p.evaluate<{ uri: string; position: PreviewPosition; showMoveNumbers: boolean }>('window.__state');
    assert.equal(saved.uri, 'file:///tmp/game.wei7');
    assert.equal(saved.showMoveNumbers, true);
    await p.close();
    const restored = await newPage('/', saved);
    await until(restored, `document.querySelectorAll('.shudan-vertex').length === 361`);
    assert.match(await classOf(restored, 16, 9), /shudan-sign_1/);
    assert.equal(await vertex(restored, 16, 9).locator('.shudan-marker').textContent(), '2');
    assert.match((await restored.locator('#path').textContent()) ?? '', /^Variation: move 2: variation 3 of 3$/);
    await restored.close();
  });

  test('screenshots in light, dark and high-contrast themes', async () => {
    const p = await newPage();
    await p.setViewportSize({ width: 960, height: 640 });
    const position = positionIn(simple, '<black x="17" y="8" splitter');
    await showPosition(p, { ...position, comment: 'The marks * are drawn as labels; the ring marks the last move.' });
    for (const theme of ['light', 'dark', 'highContrast'] as const) {
      await applyTheme(p, theme);
      await p.screenshot({ path: join(ARTIFACTS, `preview-${theme}.png`) });
    }
    await applyTheme(p, 'dark');
    await p.setViewportSize({ width: 420, height: 720 });
    await p.locator('#toggle-numbers').click();
    await p.waitForTimeout(100);
    await p.screenshot({ path: join(ARTIFACTS, 'preview-dark-narrow-numbers.png') });
    assert.ok(existsSync(join(ARTIFACTS, 'preview-light.png')));
    await p.close();
  });
});
