/**
 * The published schemas (schemas/wei7-3.0.schema.json, schemas/wei7-2.2.xsd) against the examples,
 * against invalid fixtures, and against our own checker: every fixture a schema rejects must also
 * be an error for `analyze` (the schemas are weaker than the text, never stricter). A few fixtures
 * that the schemas accept and our checker rejects document the gap.
 *
 * The JSON Schema is run by vscode-json-languageservice (what VS Code users of the schema see, and
 * the benchmark's peer) and by ajv (the usual validator of other tools, which also checks the
 * schema against the draft-07 meta-schema). The XSD is run by `xmllint --schema` (Debian package
 * libxml2-utils) as a child process. Both npm packages are loaded at run time so that a missing one
 * fails these tests with a clear message instead of breaking the build of every test.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../../server/src/analysis';
import { isWei7Time30 } from '../../server/src/validate/values';

const ROOT = resolve(__dirname, '../..');
const JSON_SCHEMA_PATH = join(ROOT, 'schemas/wei7-3.0.schema.json');
const XSD_PATH = join(ROOT, 'schemas/wei7-2.2.xsd');
const EXAMPLES = join(ROOT, 'examples');

/* ---------- the validators ---------- */

const requireAtRunTime = createRequire(__filename);

/** A devDependency loaded when a test needs it; missing, the test fails and says what to install. */
function load<T>(name: string): T {
  try {
    return requireAtRunTime(name) as T;
  } catch (error) {
    return assert.fail(`the npm package ${name} is needed by this test: npm install --save-dev ${name} (${String(error)})`);
  }
}

// The parts of vscode-json-languageservice and ajv this file uses (their own types are not imported,
// so that type-checking does not depend on them being installed).
interface Diagnostic {
  readonly message: string;
  readonly severity?: number;
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
}
interface JsonLanguageService {
  configure(settings: { validate: boolean; schemas: { uri: string; fileMatch: string[]; schema: unknown }[] }): void;
  parseJSONDocument(document: TextDocument): unknown;
  doValidation(document: TextDocument, json: unknown, settings: Record<string, string>): PromiseLike<Diagnostic[]>;
}
interface AjvError {
  readonly instancePath: string;
  readonly message?: string;
}
interface AjvInstance {
  validateSchema(schema: unknown): boolean;
  compile(schema: unknown): { (data: unknown): boolean; errors?: AjvError[] | null };
  errorsText(errors?: AjvError[] | null): string;
}

/** A fresh copy of the schema for each user: vscode-json-languageservice resolves $refs in place (cycles). */
const readJsonSchema = (): unknown => JSON.parse(readFileSync(JSON_SCHEMA_PATH, 'utf8'));
const jsonSchema = readJsonSchema();

let languageService: JsonLanguageService | undefined;
/** The errors vscode-json-languageservice reports with our schema, as "line:col message". */
async function vscodeJsonErrors(text: string): Promise<string[]> {
  if (!languageService) {
    // As a VS Code user would set it up: the schema associated with *.wei7 (json.schemas).
    languageService = load<{ getLanguageService(params: object): JsonLanguageService }>('vscode-json-languageservice').getLanguageService({});
    languageService.configure({ validate: true, schemas: [{ uri: 'wei7:/schemas/wei7-3.0.schema.json', fileMatch: ['*.wei7'], schema: readJsonSchema() }] });
  }
  const document = TextDocument.create('file:///fixture.wei7', 'json', 1, text);
  const diagnostics = await languageService.doValidation(document, languageService.parseJSONDocument(document), {
    comments: 'error',
    trailingCommas: 'error',
    schemaValidation: 'error',
    schemaRequest: 'error',
  });
  return diagnostics
    .filter((d) => d.severity === 1) // DiagnosticSeverity.Error (a duplicated key is only a warning there)
    .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}

const loadAjv = () => load<{ default: new (options: object) => AjvInstance }>('ajv').default;
let ajvValidate: ReturnType<AjvInstance['compile']> | undefined;
/** The errors ajv (draft-07, strict mode, all errors) reports with our schema. */
function ajvErrors(text: string): string[] {
  if (!ajvValidate) {
    const Ajv = loadAjv();
    ajvValidate = new Ajv({ allErrors: true, strict: true }).compile(readJsonSchema());
  }
  return ajvValidate(JSON.parse(text)) ? [] : (ajvValidate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** `xmllint --noout --schema` on the text (standard input): undefined when valid, else its report. */
function xmllintErrors(text: string): string | undefined {
  const run = spawnSync('xmllint', ['--noout', '--schema', XSD_PATH, '-'], { input: text, encoding: 'utf8' });
  if (run.error) {
    assert.fail(
      `xmllint could not be run (${run.error.message}): install the Debian package libxml2-utils ` +
        `(apt-get install -y libxml2-utils); CI installs it.`,
    );
  }
  if (run.status === 0) return undefined;
  // 3 is "fails to validate"; 1 would be a well-formedness error (a bad fixture), 5 a bad schema.
  assert.equal(run.status, 3, `xmllint did not validate the fixture (exit ${run.status}):\n${run.stderr}`);
  return run.stderr;
}

/** Our checker reports an error citing `clause` (the gap fixtures say which clause the schema misses). */
function assertCheckerError(text: string, clause: string): void {
  const errors = checkerErrors(text);
  assert.ok(errors.some((e) => e.startsWith(`${clause} `)), `expected an error citing ${clause}; our checker reports: ${errors.join('; ') || 'none'}`);
}

function checkerErrors(text: string): string[] {
  return analyze(text)
    .findings.filter((f) => f.severity === 'error')
    .map((f) => `${f.clause} ${f.message.id} @${f.span.start}`);
}

/* ---------- fixtures: wei7 3.0 ---------- */

const DELETE = Symbol('delete');

/** A small valid 3.0 document using every part of the format. */
function base30(): Record<string, unknown> {
  return {
    format: 'wei7',
    version: '3.0',
    size: 19,
    info: {
      domain: 'd',
      id: 'i',
      name: 'n',
      rules: { scoring: 'area', komi: 7.5, type: 'Chinese' },
      time: '2011-09-05T18:35:19.5822023Z',
      place: 'p',
      participants: [{ domain: 'd', id: 'a', name: 'A', title: 't', rank: '9p' }, { name: 'B' }],
      players: [{ participant: 0, color: 1 }, { participant: 1, color: 2 }],
      result: { winner: 1, margin: 2.5 },
    },
    tree: {
      title: 't',
      pre: {
        stones: [{ color: 1, point: { x: 3, y: 3 } }],
        problem: { color: 2 },
        marks: [{ point: { x: 4, y: 4 }, symbol: 'a' }],
        comment: 'c',
      },
      steps: [
        {
          time: 1.5,
          action: { type: 'move', value: { color: 2, point: { x: 15, y: 15 }, evaluation: 'good', problem: { color: 1 } } },
          actor: 1,
          marks: [{ point: { x: 16, y: 16 }, symbol: '*' }],
          comment: 'x',
        },
        { action: { type: 'mark', value: { point: { x: 9, y: 9 }, symbol: '?' } }, actor: 0 },
        { action: { type: 'message', value: 'hello' }, actor: 0 },
      ],
      branches: [
        {
          steps: [
            { action: { type: 'move', value: { color: 1, point: null } } },
            { action: { type: 'takeback', value: 1 } },
            { action: { type: 'result', value: { winner: null } }, actor: 0 },
          ],
        },
        { pre: { comment: 'second variation' }, steps: [{ action: { type: 'move', value: { color: 1, point: { x: 2, y: 2 } } } }] },
      ],
    },
  };
}

/** The base document with changes at dotted paths ("info.rules.komi", "tree.steps.0.actor"); DELETE removes. */
function json30(changes: Record<string, unknown> = {}): string {
  const document = base30();
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.split('.');
    let at = document as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
    const last = keys[keys.length - 1];
    if (value === DELETE) delete at[last];
    else at[last] = value;
  }
  return JSON.stringify(document, null, 2) + '\n';
}

const EMOJI = '\u{1F600}'; // one code point, two UTF-16 units

/** Valid documents at the edges of the ranges: both schemas' validators and our checker accept them. */
const VALID_30: Record<string, string> = {
  'the base fixture': json30(),
  'no size and no info (so no actors either)': json30({
    size: DELETE,
    info: DELETE,
    tree: { steps: [{ action: { type: 'move', value: { color: 1, point: { x: 18, y: 18 } } } }] },
  }),
  'size as {width, height}': json30({ size: { width: 19, height: 21 } }),
  'komi 0': json30({ 'info.rules.komi': 0 }),
  'komi 9.5': json30({ 'info.rules.komi': 9.5 }),
  'margin 0.5': json30({ 'info.result.margin': 0.5 }),
  'margin 511.5': json30({ 'info.result.margin': 511.5 }),
  'a draw (winner null, no margin)': json30({ 'info.result': { winner: null } }),
  'a name of 128 code points (256 UTF-16 units)': json30({ 'info.name': EMOJI.repeat(128) }),
  'a name with U+007F (only C0 controls are refused)': json30({ 'info.name': 'a\u007fb' }),
  'time YYYY-MM-DDThh:mmZ': json30({ 'info.time': '2013-03-06T10:10Z' }),
  'time with 9 fraction digits': json30({ 'info.time': '2013-03-06T10:10:00.123456789Z' }),
  'time on 29 February 2000 (a leap year)': json30({ 'info.time': '2000-02-29T23:59:59Z' }),
  'step time 0 and 86399.999': json30({ 'tree.steps.0.time': 0, 'tree.steps.1.time': 86399.999 }),
  'evaluations bad, trick, controversial': json30({
    'tree.steps.0.action.value.evaluation': 'controversial',
    'tree.branches.1.steps.0.action.value.evaluation': 'trick',
  }),
  'a comment with newlines (comments are not shortStrings)': json30({ 'tree.steps.0.comment': 'a\nb\tc' }),
  'every mark symbol': json30({
    'tree.pre.marks': [...'azAZ09@#$%&*?'].map((symbol, i) => ({ point: { x: i, y: 0 }, symbol })),
  }),
  'empty info, tree and arrays': json30({ info: {}, tree: { steps: [], branches: [] } }),
};

/** Documents the JSON Schema rejects; each also has at least one error in our checker. */
const INVALID_30: Record<string, string> = {
  // §3.2 the root
  'root is an array': '[]\n',
  'format "WEI7"': json30({ format: 'WEI7' }),
  'version "3"': json30({ version: '3' }),
  'version 3.0 as a number': json30({ version: 3.0 }),
  'tree missing': json30({ tree: DELETE }),
  'format missing': json30({ format: DELETE }),
  'an unknown root property': json30({ comment: 'x' }),
  // §3.9 size
  'size 0': json30({ size: 0 }),
  'size 19.5': json30({ size: 19.5 }),
  'size "19"': json30({ size: '19' }),
  'size {width} without height': json30({ size: { width: 19 } }),
  'size with a third property': json30({ size: { width: 19, height: 19, depth: 1 } }),
  // §3.10 info
  'info is a string': json30({ info: 'game' }),
  'an unknown info property': json30({ 'info.event': 'x' }),
  'name with a line feed (§3.4)': json30({ 'info.name': 'a\nb' }),
  'place with a tab (§3.4)': json30({ 'info.place': 'a\tb' }),
  'name of 129 code points (§3.4)': json30({ 'info.name': EMOJI.repeat(129) }),
  'id as a number (§3.4)': json30({ 'info.id': 42 }),
  // §3.10.1 rules
  'komi 10': json30({ 'info.rules.komi': 10 }),
  'komi -0.5': json30({ 'info.rules.komi': -0.5 }),
  'komi 7.25': json30({ 'info.rules.komi': 7.25 }),
  'komi "7.5"': json30({ 'info.rules.komi': '7.5' }),
  'scoring "Area"': json30({ 'info.rules.scoring': 'Area' }),
  'rules type "chinese"': json30({ 'info.rules.type': 'chinese' }),
  'an unknown rules property': json30({ 'info.rules.handicap': 2 }),
  // §3.10.2 time
  'time with a space for T': json30({ 'info.time': '2011-09-05 18:35Z' }),
  'time with an offset instead of Z': json30({ 'info.time': '2011-09-05T18:35:19+08:00' }),
  'time with 10 fraction digits': json30({ 'info.time': '2011-09-05T18:35:19.1234567890Z' }),
  'time without a zone': json30({ 'info.time': '2011-09-05T18:35:19' }),
  'time hour 24': json30({ 'info.time': '2011-09-05T24:00Z' }),
  'time second 60': json30({ 'info.time': '2011-09-05T23:59:60Z' }),
  'time 30 February': json30({ 'info.time': '2012-02-30T00:00Z' }),
  'time 29 February 1900 (not a leap year)': json30({ 'info.time': '1900-02-29T00:00Z' }),
  'time 31 April': json30({ 'info.time': '2011-04-31T00:00Z' }),
  'time month 13': json30({ 'info.time': '2011-13-01T00:00Z' }),
  // §3.10.4 participants, §3.10.7 players
  'participants is an object': json30({ 'info.participants': { name: 'A' } }),
  'a participant with an unknown property': json30({ 'info.participants.1.country': 'CN' }),
  'a participant rank of 129 characters': json30({ 'info.participants.0.rank': 'x'.repeat(129) }),
  'a player without participant': json30({ 'info.players.0': { color: 1 } }),
  'a player participant -1 (§3.7)': json30({ 'info.players.0.participant': -1 }),
  'a player participant 0.5 (§3.7)': json30({ 'info.players.0.participant': 0.5 }),
  'a player color 3 (§3.5)': json30({ 'info.players.0.color': 3 }),
  'a player color "black" (§3.5)': json30({ 'info.players.0.color': 'black' }),
  'a player with an unknown property': json30({ 'info.players.0.name': 'A' }),
  // §3.8 result
  'result without winner': json30({ 'info.result': { margin: 2.5 } }),
  'result winner 0': json30({ 'info.result.winner': 0 }),
  'result margin 0': json30({ 'info.result.margin': 0 }),
  'result margin 512': json30({ 'info.result.margin': 512 }),
  'result margin 2.25': json30({ 'info.result.margin': 2.25 }),
  'result with an unknown property': json30({ 'info.result.reason': 'time' }),
  // §3.16 tree and §3.16.2 pre
  'tree is an array': json30({ tree: [] }),
  'an unknown tree property': json30({ 'tree.variations': [] }),
  'title as a number (§3.16.1)': json30({ 'tree.title': 1 }),
  'branches is an object (§3.16.4)': json30({ 'tree.branches': {} }),
  'a branch that is not an object (§3.16.4)': json30({ 'tree.branches.1': 'x' }),
  'an unknown pre property': json30({ 'tree.pre.title': 't' }),
  'a pre stone without point': json30({ 'tree.pre.stones.0': { color: 1 } }),
  'a pre stone color 0': json30({ 'tree.pre.stones.0.color': 0 }),
  'a pre stone with a third property': json30({ 'tree.pre.stones.0.comment': 'c' }),
  'a point with a third property (§3.6)': json30({ 'tree.pre.stones.0.point': { x: 1, y: 1, z: 1 } }),
  'a point without y (§3.6)': json30({ 'tree.pre.stones.0.point': { x: 1 } }),
  'a point x -1 (§3.6)': json30({ 'tree.pre.stones.0.point.x': -1 }),
  'a pre problem without color (§3.15)': json30({ 'tree.pre.problem': {} }),
  'a pre problem with a second property (§3.15)': json30({ 'tree.pre.problem': { color: 1, answer: 'x' } }),
  'a pre comment as a number (§3.11)': json30({ 'tree.pre.comment': 1 }),
  // §3.12 / §3.13 marks
  'marks is an object (§3.13)': json30({ 'tree.pre.marks': {} }),
  'a mark symbol of two characters': json30({ 'tree.pre.marks.0.symbol': 'ab' }),
  'a mark symbol "!"': json30({ 'tree.pre.marks.0.symbol': '!' }),
  'a mark symbol ""': json30({ 'tree.pre.marks.0.symbol': '' }),
  'a mark without point': json30({ 'tree.pre.marks.0': { symbol: 'a' } }),
  // §3.16.3 steps
  'steps is an object': json30({ 'tree.steps': {} }),
  'a step without action': json30({ 'tree.steps.0.action': DELETE }),
  'a step with an unknown property': json30({ 'tree.steps.0.duration': 3 }),
  'a step time 86400 (§3.14)': json30({ 'tree.steps.0.time': 86400 }),
  'a step time -1 (§3.14)': json30({ 'tree.steps.0.time': -1 }),
  'an actor "0" (§3.7)': json30({ 'tree.steps.1.actor': '0' }),
  // §3.16.3.2 actions
  'an action type "pass"': json30({ 'tree.steps.0.action.type': 'pass' }),
  'an action without type': json30({ 'tree.steps.0.action': { value: 'x' } }),
  'an action with a third property': json30({ 'tree.steps.2.action.actor': 0 }),
  'a move without value (project reading: the value its type describes)': json30({ 'tree.steps.0.action.value': DELETE }),
  'a move value with x and y instead of point': json30({ 'tree.steps.0.action.value': { color: 2, x: 15, y: 15 } }),
  'a move value without color': json30({ 'tree.steps.0.action.value.color': DELETE }),
  'a move value without point (a pass is point: null)': json30({ 'tree.steps.0.action.value.point': DELETE }),
  'a move value with a comment (only four properties)': json30({ 'tree.steps.0.action.value.comment': 'c' }),
  'a move evaluation "normal" (2.2 only)': json30({ 'tree.steps.0.action.value.evaluation': 'normal' }),
  'a move color 3': json30({ 'tree.steps.0.action.value.color': 3 }),
  'a move point "D4"': json30({ 'tree.steps.0.action.value.point': 'D4' }),
  'a move value that is a string': json30({ 'tree.steps.0.action.value': 'D4' }),
  'a takeback of 0': json30({ 'tree.branches.0.steps.1.action.value': 0 }),
  'a takeback of 1.5': json30({ 'tree.branches.0.steps.1.action.value': 1.5 }),
  'a takeback of "1"': json30({ 'tree.branches.0.steps.1.action.value': '1' }),
  'a result action with margin 0': json30({ 'tree.branches.0.steps.2.action.value': { winner: 1, margin: 0 } }),
  'a result action without winner': json30({ 'tree.branches.0.steps.2.action.value': {} }),
  'a mark action with symbol "ab"': json30({ 'tree.steps.1.action.value.symbol': 'ab' }),
  'a mark action that is a marks array': json30({ 'tree.steps.1.action.value': [{ point: { x: 9, y: 9 }, symbol: 'a' }] }),
  'a message that is a number': json30({ 'tree.steps.2.action.value': 42 }),
  'a message without value': json30({ 'tree.steps.2.action.value': DELETE }),
};

/** Documents the JSON Schema accepts (in both validators) and our checker rejects: the gap. */
const GAP_30: Record<string, [clause: string, text: string]> = {
  'a point off the board (x 19 on 19×19, §3.6)': ['3.6', json30({ 'tree.steps.0.action.value.point.x': 19 })],
  'a point off a rectangular board (y 15 on 19×9, §3.6)': ['3.6', json30({ size: { width: 19, height: 9 } })],
  'an actor beyond the participants (§3.7)': ['3.7', json30({ 'tree.steps.0.actor': 2 })],
  'a player with no participants at all (§3.7)': ['3.7', json30({ 'info.participants': DELETE, 'tree.steps': [], 'tree.branches': [] })],
  'a size written 19e0 (integers without exponent)': ['3.9', json30().replace('"size": 19', '"size": 19e0')],
  'a coordinate written -0': ['3.6', json30().replace('"x": 3', '"x": -0')],
  'a pre stone that is captured at once (§3.16.2.5)': [
    '3.16.2.5',
    json30({
      'tree.pre.stones': [
        { color: 2, point: { x: 0, y: 0 } },
        { color: 1, point: { x: 1, y: 0 } },
        { color: 1, point: { x: 0, y: 1 } },
      ],
    }),
  ],
  'stones in a pre after a move (§3.16.2.6)': ['3.16.2.6', json30({ 'tree.branches.1.pre': { stones: [{ color: 1, point: { x: 5, y: 5 } }] } })],
  'a move onto an occupied point (§3.17)': ['3.17', json30({ 'tree.steps.0.action.value.point': { x: 3, y: 3 } })],
  'a takeback of more moves than were played (§3.16.3.2.2)': ['3.16.3.2.2', json30({ 'tree.branches.0.steps.1.action.value': 5 })],
};

/* ---------- fixtures: wei7 2.2 ---------- */

/** A 2.2 document from the inside of <wei7> (size and moves by default) and its version. */
function xml(body: string, version = '2.2'): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="${version}">\n${body}\n</wei7>\n`;
}
/** A document with a size, an optional game and the given content of the root moves. */
function moves(content: string, game = ''): string {
  return xml(`  <size>19</size>\n  ${game}\n  <moves>\n    ${content}\n  </moves>`);
}
const MOVE = '<black x="3" y="3" />';
function game(content: string, attributes = ''): string {
  return moves(MOVE, `<game${attributes}>${content}</game>`);
}

const VALID_22: Record<string, string> = {
  'a minimal document': moves(MOVE),
  'version 2.0': xml(`<size>9</size><moves>${MOVE}</moves>`, '2.0'),
  'version 2.1': xml(`<size>9</size><moves>${MOVE}</moves>`, '2.1'),
  'every game element in another order': game(
    '<result winner="neither" /><white name="W" /><black name="B" rank="9p" /><time>2011-09-06T02:35:19Z</time><rules scoring="territory" komi="0.5" type="Japanese" />',
  ),
  'komi 9.5 and margin 511.5': game('<rules komi="9.5" /><result winner="black" margin="511.5" />'),
  'komi 1 and margin 0.5': game('<rules komi="1" /><result winner="white" margin="0.5" />'),
  'a name of 128 code points': game('', ` name="${EMOJI.repeat(128)}"`),
  'a pre with stones and marks, every move attribute': moves(
    '<pre title="t" comment="c" eval="good" problem="black"><black x="0" y="0" /><white x="18" y="18" /><mark x="1" y="1" symbol="&amp;" /></pre>' +
      '<mark x="9" y="9" symbol="?" /><black x="9" y="9" type="normal" splitter="large" eval="trick" title="t" comment="a&#10;b" problem="no" />' +
      '<white type="pass" />',
  ),
  'nested moves, one of them only a pre (a tutorial entry)': moves(`<moves><pre title="x" /></moves>${MOVE}`),
};

/** Documents the XSD rejects; each also has at least one error in our checker. */
const INVALID_22: Record<string, string> = {
  // §3.2 / §3.3 root
  'a root element other than wei7': '<?xml version="1.0" encoding="utf-8"?>\n<kifu version="2.2"><size>19</size><moves /></kifu>\n',
  'version 3.0': xml(`<size>19</size><moves>${MOVE}</moves>`, '3.0'),
  'no version': `<wei7><size>19</size><moves>${MOVE}</moves></wei7>\n`,
  'an unknown root attribute': `<wei7 version="2.2" lang="zh"><size>19</size><moves>${MOVE}</moves></wei7>\n`,
  'size missing': xml(`<moves>${MOVE}</moves>`),
  'moves missing': xml('<size>19</size>'),
  'game after moves': xml(`<size>19</size><moves>${MOVE}</moves><game />`),
  'two moves at the root': xml(`<size>19</size><moves>${MOVE}</moves><moves>${MOVE}</moves>`),
  'an unknown root child': xml(`<size>19</size><comment>x</comment><moves>${MOVE}</moves>`),
  // §3.4 size
  'size 20': xml(`<size>20</size><moves>${MOVE}</moves>`),
  'size 8': xml(`<size>8</size><moves>${MOVE}</moves>`),
  'size 019': xml(`<size>019</size><moves>${MOVE}</moves>`),
  'size 19.0': xml(`<size>19.0</size><moves>${MOVE}</moves>`),
  // §3.5–§3.9 game
  'two rules in game': game('<rules /><rules />'),
  'an unknown game child': game('<place>Seoul</place>'),
  'an unknown game attribute': game('', ' event="x"'),
  'scoring "Area"': game('<rules scoring="Area" />'),
  'rules type "chinese"': game('<rules type="chinese" />'),
  'komi 0': game('<rules komi="0" />'),
  'komi 10': game('<rules komi="10" />'),
  'komi 7.50': game('<rules komi="7.50" />'),
  'komi 07.5': game('<rules komi="07.5" />'),
  'komi 8.0': game('<rules komi="8.0" />'),
  'komi 6.25': game('<rules komi="6.25" />'),
  'komi 7,5': game('<rules komi="7,5" />'),
  'time not a dateTime': game('<time>2011-09-06</time>'),
  'time 30 February': game('<time>2011-02-30T00:00:00Z</time>'),
  'game name with a line feed (&#10;)': game('', ' name="a&#10;b"'),
  'black rank with a tab (&#9;)': game('<black rank="9&#9;p" />'),
  'white name of 129 code points': game(`<white name="${EMOJI.repeat(129)}" />`),
  'an unknown player attribute': game('<black country="CN" />'),
  'result without winner': game('<result margin="2.5" />'),
  'result winner "draw"': game('<result winner="draw" />'),
  'margin 0': game('<result winner="black" margin="0" />'),
  'margin 512': game('<result winner="black" margin="512" />'),
  'margin 0.50': game('<result winner="black" margin="0.50" />'),
  'margin 2.25': game('<result winner="black" margin="2.25" />'),
  // §3.11–§3.18 moves
  'an attribute on moves': xml(`<size>19</size><moves comment="x">${MOVE}</moves>`),
  'a pre after a move (§3.15)': moves(`${MOVE}<pre />`),
  'two pres': moves(`<pre /><pre />${MOVE}`),
  'text in moves': moves(`${MOVE} D4`),
  'an unknown element in moves': moves(`<pass />${MOVE}`),
  'a move x 19': moves('<black x="19" y="3" />'),
  'a move x -1': moves('<black x="-1" y="3" />'),
  'a move x 03': moves('<black x="03" y="3" />'),
  'a move x "D"': moves('<black x="D" y="3" />'),
  'eval "excellent"': moves('<black x="3" y="3" eval="excellent" />'),
  'problem "yes"': moves('<black x="3" y="3" problem="yes" />'),
  'splitter "huge"': moves('<black x="3" y="3" splitter="huge" />'),
  'type "resign"': moves('<black type="resign" />'),
  'a move title of 129 characters': moves(`<black x="3" y="3" title="${'x'.repeat(129)}" />`),
  'a move with an unknown attribute': moves('<black x="3" y="3" color="black" />'),
  'a move with content': moves('<black x="3" y="3"><mark x="1" y="1" symbol="a" /></black>'),
  'a pre stone with eval (§3.17.2)': moves('<pre><black x="3" y="3" eval="good" /></pre>'),
  'a pre stone with type (§3.17.2)': moves('<pre><black x="3" y="3" type="normal" /></pre>'),
  'a pre stone without y (§3.17.2)': moves('<pre><black x="3" /></pre>'),
  'a moves inside a pre': moves('<pre><moves /></pre>'),
  'a mark symbol "ab" (§3.18)': moves(`<mark x="1" y="1" symbol="ab" />${MOVE}`),
  'a mark symbol "!" (§3.18)': moves(`<mark x="1" y="1" symbol="!" />${MOVE}`),
  'a mark without symbol (§3.18)': moves(`<mark x="1" y="1" />${MOVE}`),
  'a mark without x (§3.18)': moves(`<mark y="1" symbol="a" />${MOVE}`),
};

/** Documents the XSD accepts and our checker rejects: the gap. */
const GAP_22: Record<string, [clause: string, text: string]> = {
  'a move off a 9×9 board (§3.17.1.2)': ['3.17.1.2', xml('<size>9</size><moves><black x="12" y="3" /></moves>')],
  'a mark off a 9×9 board (§3.18)': ['3.18', xml('<size>9</size><moves><mark x="9" y="0" symbol="a" /><black x="3" y="3" /></moves>')],
  'a pass with coordinates (§3.17.1.2)': ['3.17.1.2', moves('<black type="pass" x="3" y="3" />')],
  'a normal move without y (§3.17.1.2)': ['3.17.1.2', moves('<black x="3" />')],
  'a move without any attribute (type normal by default, §3.17.1.2)': ['3.17.1.2', moves('<black />')],
  'a moves whose last child is a mark (§3.19)': ['3.19', moves(`${MOVE}<mark x="1" y="1" symbol="a" />`)],
  'a moves with nothing that counts as a move (§3.20)': ['3.20', moves('<moves />')],
  'stones in a pre after a move (§3.15)': ['3.15', moves(`${MOVE}<moves><pre><white x="5" y="5" /></pre><white x="6" y="6" /></moves>`)],
  'an encoding other than UTF-8 (§3.1)': ['3.1', moves(MOVE).replace('encoding="utf-8"', 'encoding="ISO-8859-1"')],
};

/* ---------- the tests ---------- */

const examples = readdirSync(EXAMPLES).filter((f) => f.endsWith('.wei7')).sort();
const examples30 = examples.filter((f) => f.startsWith('3.'));
const examples2x = examples.filter((f) => f.startsWith('2.'));
const readExample = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');

describe('the examples are valid under the schemas', () => {
  test('there are examples of both formats', () => {
    assert.ok(examples30.length >= 4, examples30.join());
    assert.ok(examples2x.length >= 3, examples2x.join());
  });
  for (const name of examples30) {
    test(`${name}: JSON Schema (vscode-json-languageservice)`, async () => {
      assert.deepEqual(await vscodeJsonErrors(readExample(name)), []);
    });
    test(`${name}: JSON Schema (ajv)`, () => assert.deepEqual(ajvErrors(readExample(name)), []));
  }
  for (const name of examples2x) {
    test(`${name}: XSD (xmllint)`, () => assert.equal(xmllintErrors(readExample(name)), undefined));
  }
});

describe('wei7-3.0.schema.json', () => {
  test('is a valid draft-07 schema (ajv meta-schema, strict mode)', () => {
    const Ajv = loadAjv();
    const strict = new Ajv({ strict: true });
    assert.ok(strict.validateSchema(readJsonSchema()), strict.errorsText());
    assert.equal((jsonSchema as { $schema: string }).$schema, 'http://json-schema.org/draft-07/schema#');
  });

  test('its info.time pattern agrees with our reading of §3.10.2 on every day of 1896–2404', () => {
    const schema = jsonSchema as { definitions: { info: { properties: { time: { pattern: string } } } } };
    const pattern = new RegExp(schema.definitions.info.properties.time.pattern, 'u');
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    const disagreements: string[] = [];
    for (let year = 1896; year <= 2404; year++) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const time = `${pad(year, 4)}-${pad(month)}-${pad(day)}T12:34Z`;
          if (pattern.test(time) !== isWei7Time30(time)) disagreements.push(time);
        }
      }
    }
    for (const time of ['0000-02-29T00:00Z', '0004-02-29T00:00Z', '0100-02-29T00:00Z', '2011-09-05T23:59:59.5Z', '2011-09-05T00:00:00.Z', '2011-09-05T19:60Z', '2011-09-05T18:35:19.5822023z']) {
      if (pattern.test(time) !== isWei7Time30(time)) disagreements.push(time);
    }
    assert.deepEqual(disagreements.slice(0, 10), []);
  });

  describe('valid edge cases: both validators and our checker accept them', () => {
    for (const [name, text] of Object.entries(VALID_30)) {
      test(name, async () => {
        assert.deepEqual(await vscodeJsonErrors(text), [], 'vscode-json-languageservice');
        assert.deepEqual(ajvErrors(text), [], 'ajv');
        assert.deepEqual(checkerErrors(text), [], 'our checker');
      });
    }
  });

  describe('invalid fixtures: rejected by the schema, and errors for our checker too', () => {
    for (const [name, text] of Object.entries(INVALID_30)) {
      test(name, async () => {
        assert.doesNotThrow(() => JSON.parse(text), 'the fixture is well-formed JSON, so the rejection is the schema’s');
        assert.notDeepEqual(await vscodeJsonErrors(text), [], 'vscode-json-languageservice accepted it');
        assert.notDeepEqual(ajvErrors(text), [], 'ajv accepted it');
        assert.ok(analyze(text).findings.some((f) => f.severity === 'error'), 'the schema rejects it but our checker reports no error');
      });
    }
  });

  test('an integer written 19.0: vscode-json-languageservice refuses it (it reads "integer" from the text), ajv accepts it, our checker refuses it', async () => {
    const text = json30().replace('"size": 19', '"size": 19.0');
    assert.notDeepEqual(await vscodeJsonErrors(text), []);
    assert.deepEqual(ajvErrors(text), []);
    assertCheckerError(text, '3.9');
  });

  describe('the gap: the schema accepts these, our checker reports an error (the text says more)', () => {
    for (const [name, [clause, text]] of Object.entries(GAP_30)) {
      test(name, async () => {
        assert.deepEqual(await vscodeJsonErrors(text), [], 'vscode-json-languageservice');
        assert.deepEqual(ajvErrors(text), [], 'ajv');
        assertCheckerError(text, clause);
      });
    }
  });
});

describe('wei7-2.2.xsd', () => {
  test('is itself a well-formed schema that xmllint compiles', () => {
    assert.equal(xmllintErrors(moves(MOVE)), undefined);
  });

  describe('valid edge cases: xmllint and our checker accept them', () => {
    for (const [name, text] of Object.entries(VALID_22)) {
      test(name, () => {
        assert.equal(xmllintErrors(text), undefined);
        assert.deepEqual(checkerErrors(text), [], 'our checker');
      });
    }
  });

  describe('invalid fixtures: rejected by the XSD, and errors for our checker too', () => {
    for (const [name, text] of Object.entries(INVALID_22)) {
      test(name, () => {
        assert.notEqual(xmllintErrors(text), undefined, 'xmllint accepted it');
        assert.ok(analyze(text).findings.some((f) => f.severity === 'error'), 'the XSD rejects it but our checker reports no error');
      });
    }
  });

  describe('the gap: the XSD accepts these, our checker reports an error (the text says more)', () => {
    for (const [name, [clause, text]] of Object.entries(GAP_22)) {
      test(name, () => {
        assert.equal(xmllintErrors(text), undefined);
        assertCheckerError(text, clause);
      });
    }
  });
});
