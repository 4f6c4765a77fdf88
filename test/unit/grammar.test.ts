// Tokenizes real wei7 snippets with the TextMate grammar (vscode-textmate +
// vscode-oniguruma, the engine VS Code uses) and checks exact scope stacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const GRAMMAR_PATH = path.join('syntaxes', 'wei7.tmLanguage.json');

/** The repository root: the nearest ancestor (of the test's directory, then of the cwd) holding the grammar. */
function findRepoRoot(): string {
  for (const start of [__dirname, process.cwd()]) {
    let dir = path.resolve(start);
    for (;;) {
      if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, GRAMMAR_PATH))) {
        return dir;
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error(`cannot find ${GRAMMAR_PATH} above ${__dirname} or ${process.cwd()}`);
}

async function loadGrammar(): Promise<vsctm.IGrammar> {
  const grammarFile = path.join(findRepoRoot(), GRAMMAR_PATH);
  // createRequire: resolved at run time from the bundle's location (esbuild leaves it alone).
  const wasm = fs.readFileSync(createRequire(__filename).resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName: string) =>
      scopeName === 'source.wei7' ? vsctm.parseRawGrammar(fs.readFileSync(grammarFile, 'utf8'), grammarFile) : null,
  });
  const grammar = await registry.loadGrammar('source.wei7');
  if (!grammar) throw new Error('source.wei7 did not load');
  return grammar;
}

const grammarPromise = loadGrammar();

interface Token {
  readonly text: string;
  readonly scopes: readonly string[];
}

class Tokenized {
  constructor(
    readonly lines: readonly string[],
    readonly tokens: readonly (readonly Token[])[],
  ) {}

  /** Index of the n-th line containing `fragment`. */
  line(fragment: string, nth = 0): number {
    let seen = 0;
    for (let i = 0; i < this.lines.length; i++) {
      if (this.lines[i]!.includes(fragment) && seen++ === nth) return i;
    }
    throw new Error(`no line #${nth} containing ${JSON.stringify(fragment)}`);
  }

  /** Scopes of the token whose text is exactly `text` (n-th such token, -1 = last) on the line containing `lineFragment`. */
  scopes(lineFragment: string, text: string, nth = 0): readonly string[] {
    const index = this.line(lineFragment);
    const matches = this.tokens[index]!.filter((t) => t.text === text);
    const token = matches.at(nth);
    if (!token) {
      const dump = this.tokens[index]!.map((t) => `${JSON.stringify(t.text)} ${t.scopes.join(' ')}`).join('\n  ');
      assert.fail(`no token #${nth} with text ${JSON.stringify(text)} on line ${index}:\n  ${dump}`);
    }
    return token.scopes;
  }

  /** Every scope used on the line containing `lineFragment`. */
  lineScopes(lineFragment: string): string[] {
    return [...new Set(this.tokens[this.line(lineFragment)]!.flatMap((t) => t.scopes))];
  }
}

async function tokenize(source: string): Promise<Tokenized> {
  const grammar = await grammarPromise;
  const lines = source.split(/\r\n|\r|\n/);
  const tokens: Token[][] = [];
  let state: vsctm.StateStack = vsctm.INITIAL;
  for (const line of lines) {
    const result = grammar.tokenizeLine(line, state);
    tokens.push(result.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes })));
    state = result.ruleStack;
  }
  return new Tokenized(lines, tokens);
}

// ----------------------------------------------------------------- wei7 2.x (XML)

const XML_DOC = `<?xml version="1.0" encoding="utf-8"?>
<!-- the simple example of the wei7 2.2 spec, section 6 -->
<wei7 version="2.2">
    <size>19</size>
    <game domain="wei7" id="3827112" name="the game between you and me">
        <rules scoring="area" komi="7.5" type="Chinese" />
        <time>2011-09-06T02:35:19.5822023+08:00</time>
        <black domain="qq" id="123456789" name="white" />
        <white domain="qq" id="987654321" name="you" />
        <result winner="white" margin="2.5" />
    </game>
    <moves>
        <pre comment="this is handicap &amp; more!" title="handicap title">
            <black x="0" y="16" />
            <mark x="8" y="14" symbol="a" />
        </pre>
        <white x="4" y="4" comment="haha!" problem="black" />
        <ext:note lang="zh" x="1">not wei7</ext:note>
        { "format": "wei7", "komi": 7.5 }
        <black x="16" y="9" eval="good" splitter="medium" />
    </moves>
</wei7>`;

const X = ['source.wei7', 'meta.document.xml.wei7'];
const TAG = [...X, 'meta.tag.xml'];
const DQ = [...TAG, 'string.quoted.double.xml'];

test('XML: wei7 element names and unknown element names', async () => {
  const t = await tokenize(XML_DOC);
  assert.deepEqual(t.scopes('<wei7 version', 'wei7'), [...TAG, 'entity.name.tag.wei7']);
  assert.deepEqual(t.scopes('<rules scoring', 'rules'), [...TAG, 'entity.name.tag.wei7']);
  assert.deepEqual(t.scopes('</game>', 'game'), [...TAG, 'entity.name.tag.wei7']);
  assert.deepEqual(t.scopes('<ext:note', 'ext:note', 0), [...TAG, 'entity.name.tag.xml']);
  assert.deepEqual(t.scopes('<ext:note', 'ext:note', 1), [...TAG, 'entity.name.tag.xml']);
  assert.deepEqual(t.scopes('<wei7 version', '<'), [...TAG, 'punctuation.definition.tag.begin.xml']);
  assert.deepEqual(t.scopes('<rules scoring', '/>'), [...TAG, 'punctuation.definition.tag.end.xml']);
});

test('XML: attribute names, enum values and numbers', async () => {
  const t = await tokenize(XML_DOC);
  assert.deepEqual(t.scopes('<rules scoring', 'scoring'), [...TAG, 'entity.other.attribute-name.wei7']);
  assert.deepEqual(t.scopes('<rules scoring', 'komi'), [...TAG, 'entity.other.attribute-name.wei7']);
  assert.deepEqual(t.scopes('<rules scoring', '='), [...TAG, 'punctuation.separator.key-value.xml']);
  // enum values
  assert.deepEqual(t.scopes('<rules scoring', 'area'), [...DQ, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('<rules scoring', 'Chinese'), [...DQ, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('<result winner', 'white'), [...DQ, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('problem="black"', 'black', 0), [...DQ, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('eval="good"', 'good'), [...DQ, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('eval="good"', 'medium'), [...DQ, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('<wei7 version', '2.2'), [...DQ, 'constant.language.enum.wei7']);
  // an enum word in a free-text attribute is just text
  assert.deepEqual(t.scopes('name="white"', 'name'), [...TAG, 'entity.other.attribute-name.wei7']);
  assert.deepEqual(t.scopes('name="white"', 'white'), DQ);
  assert.deepEqual(t.scopes('<rules scoring', '"', 0), [...DQ, 'punctuation.definition.string.begin.xml']);
  // numbers
  assert.deepEqual(t.scopes('<rules scoring', '7.5'), [...DQ, 'constant.numeric.wei7']);
  assert.deepEqual(t.scopes('<result winner', '2.5'), [...DQ, 'constant.numeric.wei7']);
  assert.deepEqual(t.scopes('<mark x="8"', '14'), [...DQ, 'constant.numeric.wei7']);
  assert.deepEqual(t.scopes('<size>', '19'), [...X, 'constant.numeric.wei7']);
  assert.deepEqual(t.scopes('<time>', '2011-09-06T02:35:19.5822023+08:00'), [...X, 'constant.other.date-time.wei7']);
  // an id is a string, not a number
  assert.deepEqual(t.scopes('<black domain', '123456789'), DQ);
  // attributes of unknown elements, unknown attributes of wei7 elements
  assert.deepEqual(t.scopes('<ext:note', 'lang'), [...TAG, 'entity.other.attribute-name.xml']);
  assert.deepEqual(t.scopes('<ext:note', 'x'), [...TAG, 'entity.other.attribute-name.xml']);
  assert.deepEqual(t.scopes('<ext:note', '1'), DQ);
});

test('XML: declaration, comment, entity reference, CDATA', async () => {
  const t = await tokenize(XML_DOC);
  assert.deepEqual(t.scopes('<?xml', '<?'), [
    ...X,
    'meta.tag.preprocessor.xml',
    'punctuation.definition.tag.begin.xml',
  ]);
  assert.deepEqual(t.scopes('<?xml', 'xml'), [...X, 'meta.tag.preprocessor.xml', 'entity.name.tag.xml']);
  assert.deepEqual(t.scopes('<?xml', 'encoding'), [
    ...X,
    'meta.tag.preprocessor.xml',
    'entity.other.attribute-name.xml',
  ]);
  assert.deepEqual(t.scopes('<?xml', 'utf-8'), [...X, 'meta.tag.preprocessor.xml', 'string.quoted.double.xml']);
  assert.deepEqual(t.scopes('<!--', '<!--'), [...X, 'comment.block.xml', 'punctuation.definition.comment.xml']);
  assert.deepEqual(t.scopes('<!--', ' the simple example of the wei7 2.2 spec, section 6 '), [
    ...X,
    'comment.block.xml',
  ]);
  assert.deepEqual(t.scopes('&amp;', 'amp'), [...DQ, 'constant.character.entity.xml']);

  const c = await tokenize('<wei7 version="2.2">\n  <![CDATA[ <moves> & "x" ]]>\n  <size>19</size>\n</wei7>');
  assert.deepEqual(c.scopes('CDATA', ' <moves> & "x" '), [...X, 'string.unquoted.cdata.xml']);
  assert.deepEqual(c.scopes('<size>', 'size', 0), [...TAG, 'entity.name.tag.wei7']);
});

test('XML: a document is never tokenized with the JSON rules', async () => {
  const t = await tokenize(XML_DOC);
  // the "{ ... }" line is character data of <moves>: no scope beyond the document's
  assert.deepEqual(t.lineScopes('{ "format"'), X);
  assert.deepEqual(t.scopes('eval="good"', 'black'), [...TAG, 'entity.name.tag.wei7']);
  for (const [i, line] of t.tokens.entries()) {
    for (const token of line) {
      assert.equal(token.scopes[1], 'meta.document.xml.wei7', `line ${i}: ${JSON.stringify(token.text)}`);
      assert.ok(!token.scopes.some((s) => s.endsWith('.json')), `line ${i}: ${token.scopes.join(' ')}`);
    }
  }
});

test('XML: unterminated attribute values and tags stop at the next "<"', async () => {
  const t = await tokenize(
    [
      '<wei7 version="2.2">',
      '  <moves>',
      '    <black x="15" y="3" comment="first line',
      'second line" title="t" />',
      '    <white x="4" comment="never closed />',
      '    <black x="5" y="5" eval="bad" />',
      '    <white x="6" y="6"',
      '    <black x="7" y="7" />',
      '  </moves>',
      '</wei7>',
    ].join('\n'),
  );
  // a legitimately multi-line attribute value
  assert.deepEqual(t.scopes('second line', 'second line'), DQ);
  assert.deepEqual(t.scopes('second line', 'title'), [...TAG, 'entity.other.attribute-name.wei7']);
  // the unterminated value swallows the rest of its line only
  assert.deepEqual(t.scopes('never closed', 'never closed />'), DQ);
  assert.deepEqual(t.scopes('eval="bad"', 'black'), [...TAG, 'entity.name.tag.wei7']);
  assert.deepEqual(t.scopes('eval="bad"', 'bad'), [...DQ, 'constant.language.enum.wei7']);
  // an unterminated start tag ends before the next tag
  assert.deepEqual(t.scopes('<black x="7"', 'black'), [...TAG, 'entity.name.tag.wei7']);
  assert.deepEqual(t.scopes('</moves>', 'moves'), [...TAG, 'entity.name.tag.wei7']);
});

// ----------------------------------------------------------------- wei7 3.0 (JSON)

const JSON_DOC = `{
  "format": "wei7",
  "version": "3.0",
  "size": 19,
  "info": {
    "name": "good",
    "rules": {"scoring": "area", "komi": 7.5, "type": "Chinese"},
    "nickname": "zzz",
    "players": [{"participant": 0, "color": 1}],
    "result": {"winner": 1, "margin": 2.5}
  },
  "tree": {
    "steps": [
      {"action": {"type": "move", "value": {"color": 2, "point": null, "evaluation": "trick"}}, "comment": "haha!"},
      {"action": {"type": "result", "value": {"winner": null}}, "actor": 1},
      <black x="1" y="2" />
    ],
    "reviewed": true
  }
}`;

const J = ['source.wei7', 'meta.document.json.wei7'];
const OBJ = 'meta.structure.dictionary.json';
const VAL = 'meta.structure.dictionary.value.json';
const ARR = 'meta.structure.array.json';
const KEY = 'string.json';
const STR = 'string.quoted.double.json';
const ROOT = [...J, OBJ];
const INFO = [...ROOT, VAL, OBJ];
const RULES = [...INFO, VAL, OBJ];
const STEP = [...ROOT, VAL, OBJ, VAL, ARR, OBJ];
const ACTION = [...STEP, VAL, OBJ];
const MOVE = [...ACTION, VAL, OBJ];

test('JSON: wei7 keys and unknown keys', async () => {
  const t = await tokenize(JSON_DOC);
  assert.deepEqual(t.scopes('"format"', 'format'), [...ROOT, KEY, 'support.type.property-name.wei7']);
  assert.deepEqual(t.scopes('"info"', 'info'), [...ROOT, KEY, 'support.type.property-name.wei7']);
  assert.deepEqual(t.scopes('"rules"', 'komi'), [...RULES, KEY, 'support.type.property-name.wei7']);
  assert.deepEqual(t.scopes('"rules"', 'type'), [...RULES, KEY, 'support.type.property-name.wei7']);
  assert.deepEqual(t.scopes('"action"', 'evaluation'), [...MOVE, KEY, 'support.type.property-name.wei7']);
  assert.deepEqual(t.scopes('"nickname"', 'nickname'), [...INFO, KEY, 'support.type.property-name.json']);
  assert.deepEqual(t.scopes('"reviewed"', 'reviewed'), [
    ...ROOT,
    VAL,
    OBJ,
    KEY,
    'support.type.property-name.json',
  ]);
  assert.deepEqual(t.scopes('"format"', '"', 0), [
    ...ROOT,
    KEY,
    'support.type.property-name.wei7',
    'punctuation.support.type.property-name.begin.json',
  ]);
  assert.deepEqual(t.scopes('"format"', ':'), [...ROOT, 'punctuation.separator.dictionary.key-value.json']);
});

test('JSON: enum strings, numbers, null, true, punctuation', async () => {
  const t = await tokenize(JSON_DOC);
  assert.deepEqual(t.scopes('"format"', 'wei7'), [...ROOT, VAL, STR, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('"version"', '3.0'), [...ROOT, VAL, STR, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('"rules"', 'area'), [...RULES, VAL, STR, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('"rules"', 'Chinese'), [...RULES, VAL, STR, 'constant.language.enum.wei7']);
  // action types
  assert.deepEqual(t.scopes('"type": "move"', 'move'), [...ACTION, VAL, STR, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('"type": "result"', 'result'), [...ACTION, VAL, STR, 'constant.language.enum.wei7']);
  assert.deepEqual(t.scopes('"evaluation"', 'trick'), [...MOVE, VAL, STR, 'constant.language.enum.wei7']);
  // enum words under other keys are plain strings
  assert.deepEqual(t.scopes('"name": "good"', 'good'), [...INFO, VAL, STR]);
  assert.deepEqual(t.scopes('"nickname"', 'zzz'), [...INFO, VAL, STR]);
  // numbers and literals
  assert.deepEqual(t.scopes('"size"', '19'), [...ROOT, VAL, 'constant.numeric.json']);
  assert.deepEqual(t.scopes('"rules"', '7.5'), [...RULES, VAL, 'constant.numeric.json']);
  assert.deepEqual(t.scopes('"result": {"winner": 1', '2.5'), [...INFO, VAL, OBJ, VAL, 'constant.numeric.json']);
  assert.deepEqual(t.scopes('"evaluation"', 'null'), [...MOVE, VAL, 'constant.language.json']);
  assert.deepEqual(t.scopes('"reviewed"', 'true'), [...ROOT, VAL, OBJ, VAL, 'constant.language.json']);
  // punctuation
  assert.deepEqual(t.scopes('"players"', '['), [...INFO, VAL, ARR, 'punctuation.definition.array.begin.json']);
  assert.deepEqual(t.scopes('"players"', '{'), [...INFO, VAL, ARR, OBJ, 'punctuation.definition.dictionary.begin.json']);
  assert.deepEqual(t.scopes('"size"', ','), [...ROOT, 'punctuation.separator.dictionary.pair.json']);
  assert.deepEqual(t.scopes('"comment": "haha!"', ',', -1), [...ROOT, VAL, OBJ, VAL, ARR, 'punctuation.separator.array.json']);
  assert.deepEqual(t.scopes('"comment": "haha!"', '}', -1), [...STEP, 'punctuation.definition.dictionary.end.json']);
  assert.deepEqual(t.scopes('{', '{'), [...ROOT, 'punctuation.definition.dictionary.begin.json']);
});

test('JSON: a document is never tokenized with the XML rules', async () => {
  const t = await tokenize(JSON_DOC);
  assert.deepEqual(t.scopes('<black', '<'), [...ROOT, VAL, OBJ, VAL, ARR, 'invalid.illegal.expected-array-separator.json']);
  for (const [i, line] of t.tokens.entries()) {
    for (const token of line) {
      assert.equal(token.scopes[1], 'meta.document.json.wei7', `line ${i}: ${JSON.stringify(token.text)}`);
      assert.ok(!token.scopes.some((s) => s.endsWith('.xml')), `line ${i}: ${token.scopes.join(' ')}`);
    }
  }
});

test('JSON: an unterminated string ends with its line', async () => {
  const t = await tokenize('{\n  "name": "no closing quote,\n  "komi": 6.5,\n  "size": 19\n}');
  assert.deepEqual(t.scopes('"name"', 'no closing quote,'), [...ROOT, VAL, STR]);
  assert.deepEqual(t.scopes('"komi"', 'komi'), [...ROOT, KEY, 'support.type.property-name.wei7']);
  assert.deepEqual(t.scopes('"komi"', '6.5'), [...ROOT, VAL, 'constant.numeric.json']);
  assert.deepEqual(t.scopes('}', '}'), [...ROOT, 'punctuation.definition.dictionary.end.json']);
});

// ----------------------------------------------------------------- choosing the flavour

test('flavour: chosen by the first non-space character, after blank lines and a BOM', async () => {
  const json = await tokenize('\n   \n  {"format": "wei7", "x": "<wei7>"}\n<moves>');
  assert.deepEqual(json.scopes('"format"', 'format'), [...ROOT, KEY, 'support.type.property-name.wei7']);
  assert.deepEqual(json.scopes('"format"', '<wei7>'), [...ROOT, VAL, STR]);
  assert.deepEqual(json.scopes('<moves>', '<'), [...J, 'invalid.illegal.unexpected-content.json']);

  const xml = await tokenize('\uFEFF\n\t<wei7 version="2.2">\n{"format": "wei7"}\n</wei7>');
  assert.deepEqual(xml.scopes('<wei7', 'wei7'), [...TAG, 'entity.name.tag.wei7']);
  assert.deepEqual(xml.lineScopes('{"format"'), X);
  assert.deepEqual(xml.scopes('</wei7>', 'wei7'), [...TAG, 'entity.name.tag.wei7']);
});

// ----------------------------------------------------------------- the project's example records

test('examples/*.wei7: right flavour, nothing flagged invalid', async (t) => {
  const dir = path.join(findRepoRoot(), 'examples');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.wei7')) : [];
  if (files.length === 0) {
    t.skip('no examples/*.wei7');
    return;
  }
  for (const file of files) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    const flavour = source.replace(/^\uFEFF?\s*/, '').startsWith('<') ? 'meta.document.xml.wei7' : 'meta.document.json.wei7';
    const { tokens } = await tokenize(source);
    for (const [i, line] of tokens.entries()) {
      for (const token of line) {
        if (token.text.trim() === '') continue;
        const where = `${file}:${i + 1} ${JSON.stringify(token.text)} ${token.scopes.join(' ')}`;
        assert.equal(token.scopes[1], flavour, where);
        assert.ok(!token.scopes.some((s) => s.startsWith('invalid.')), where);
      }
    }
  }
});
