/**
 * wei7 3.0 §3, clause by clause: valid and invalid documents, each asserting the exact findings
 * (clause, severity, range) of analyze(). Markers: ⟦3.5|3⟧ = a 3.5 error over "3"
 * (test/support/markers.ts). Where a value breaks a named constraint, the finding cites the clause
 * that defines the constraint (docs/spec-readings.md), so e.g. the tests of §3.16.3.1 expect 3.14.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFindings } from '../support/expect';
import { analyze } from '../../server/src/analysis';
import type { PlayNode } from '../../server/src/model/types';
import { parseJson } from '../../server/src/parse/json/parseJson';
import { validateJson } from '../../server/src/validate/json/validateJson';
import { catalogueEntries, localize } from '../../server/src/l10n/catalogue';
import { parseMarked, toExpected } from '../support/markers';
import { generateGame } from '../../server/src/sample/generateGame';

/* ---------- fixture builders ---------- */

const HEAD = '"format": "wei7", "version": "3.0"';
/** A document with the given root properties after format and version. */
const root = (rest: string) => `{${HEAD}, ${rest}}`;
const withTree = (tree: string) => root(`"tree": ${tree}`);
const withInfo = (info: string) => root(`"info": ${info}, "tree": {}`);
const withSize = (size: string, tree = '{}') => root(`"size": ${size}, "tree": ${tree}`);
const withSteps = (...steps: string[]) => withTree(`{"steps": [${steps.join(', ')}]}`);
const withAction = (action: string) => withSteps(`{"action": ${action}}`);
const withMove = (value: string) => withAction(`{"type": "move", "value": ${value}}`);
const withPre = (pre: string) => withTree(`{"pre": ${pre}}`);
/** Two participants, for participant indices. */
const TWO = '"participants": [{"name": "a"}, {"name": "b"}]';
const withActor = (actor: string) =>
  root(`"info": {${TWO}}, "tree": {"steps": [{"actor": ${actor}, "action": {"type": "message", "value": "hi"}}]}`);
const point = (x: string | number, y: string | number) => `{"x": ${x}, "y": ${y}}`;
const black = (at = point(3, 3)) => `{"color": 1, "point": ${at}}`;
const MINIMAL = withTree('{}');

/* ---------- §3.1 JSON syntax (RFC 8259, strict: spec-notes) ---------- */

describe('3.0 §3.1 strict RFC 8259 JSON', () => {
  test('a minimal valid document has no findings', () => assertFindings(MINIMAL));
  test('a line comment is an error over the comment', () => assertFindings(`{${HEAD}, ⟦3.1|// note⟧\n"tree": {}}`));
  test('a block comment is an error over the comment', () => assertFindings(`{${HEAD}, ⟦3.1|/* note */⟧ "tree": {}}`));
  test('an unclosed block comment runs to the end of the text', () => assertFindings(`{${HEAD}, "tree": {}} ⟦3.1|/* note⟧`));
  test('an unclosed block comment before the end is read to the end of its line, and what follows is read', () =>
    assertFindings(`{${HEAD}, ⟦3.1|/* note: the tree follows⟧\n"tree": {"title": "a"}}`));
  test('a trailing comma in an object is an error over the comma', () => assertFindings(`{${HEAD}, "tree": {}⟦3.1|,⟧}`));
  test('a trailing comma in an array is an error over the comma', () =>
    assertFindings(withSteps(`{"action": {"type": "message", "value": "a"}}⟦3.1|,⟧`)));
  test('a single-quoted string value is an error and is still read as the string', () =>
    assertFindings(`{"format": ⟦3.1|'wei7'⟧, "version": "3.0", "tree": {}}`));
  test('a single-quoted property name is an error and is still read as the name', () =>
    assertFindings(`{${HEAD}, ⟦3.1|'tree'⟧: {}}`));
  test('curly quotes around a string are an error', () => assertFindings(`{"format": ⟦3.1|“wei7”⟧, "version": "3.0", "tree": {}}`));
  test('single quotes around a string with an apostrophe in it: one error, the apostrophe kept in the string', () => {
    const text = `{"format": "wei7", "version": "3.0", "info": {"name": 'it's me', 'place': 'Lee's club'}, "tree": {}}`;
    const analysis = analyze(text);
    assert.deepEqual(analysis.findings.map((f) => [f.message.id, text.slice(f.span.start, f.span.end)]), [
      ['json.wrongQuotes', "'it's me'"],
      ['json.wrongQuotes', "'place'"],
      ['json.wrongQuotes', "'Lee's club'"],
    ]);
    assert.equal(analysis.document?.info.name?.value, "it's me");
  });
  test('a curly quote closed by a straight one is one error, and the string is read (the next key is not swallowed)', () =>
    assertFindings(`{"format": "wei7", "version": "3.0", "info": {"name": ⟦3.1|“me"⟧}, "tree": {}}`));
  test('curly quotes around a string holding a straight or curly quote: one error, the quotes inside kept in the string (session 36)', () => {
    // The string ended at the inner quote: 4 findings, and the fixes made it worse.
    const text = `{"format": "wei7", "version": "3.0", "info": {"name": “the "best" game”, "place": “有点“白皑皑”的意味”}, "tree": {}}`;
    const analysis = analyze(text);
    assert.deepEqual(analysis.findings.map((f) => [f.message.id, text.slice(f.span.start, f.span.end)]), [
      ['json.wrongQuotes', '“the "best" game”'],
      ['json.wrongQuotes', '“有点“白皑皑”的意味”'],
    ]);
    assert.deepEqual([analysis.document?.info.name?.value, analysis.document?.info.place?.value], ['the "best" game', '有点“白皑皑”的意味']);
  });
  test('a string opened and closed by the same curly quote (”…”, “…“) or by full-width ones: one error, and the string read (session 38)', () => {
    // The string ended at its first quote, or none was read: 2 to 6 findings (junk, bare words, properties unknown).
    const text = `{"format": "wei7", "version": "3.0", "info": {"name": ”good move”, "place": “有点“白皑皑”的意味“, ’domain’: ＂围棋＂}, "tree": {}}`;
    const analysis = analyze(text);
    assert.deepEqual(analysis.findings.map((f) => [f.message.id, text.slice(f.span.start, f.span.end)]), [
      ['json.wrongQuotes', '”good move”'],
      ['json.wrongQuotes', '“有点“白皑皑”的意味“'],
      ['json.wrongQuotes', '’domain’'],
      ['json.wrongQuotes', '＂围棋＂'],
    ]);
    assert.deepEqual([analysis.document?.info.name?.value, analysis.document?.info.place?.value], ['good move', '有点“白皑皑”的意味']);
  });
  test('an unquoted property name is an error and is still read as the name', () => assertFindings(`{${HEAD}, ⟦3.1|tree⟧: {}}`));
  test('a string broken by a line break is unterminated', () =>
    assertFindings(`{${HEAD}, "tree": {"title": ⟦3.1|"abc⟧\n}}`));
  test('a string cut off by the end of the text is unterminated, and the text ends too early', () =>
    assertFindings(`{${HEAD}, "tree": {"title": ⟦3.1|"abc⟧⟦3.1|⟧`));
  test('an invalid escape is an error over the escape alone', () =>
    assertFindings(withTree(String.raw`{"title": "a⟦3.1|\q⟧b"}`)));
  test('\\u with fewer than 4 hex digits is an error over what was written', () =>
    assertFindings(withTree(String.raw`{"title": "a⟦3.1|\u12⟧g"}`)));
  test('valid escapes are fine', () => assertFindings(withTree(String.raw`{"title": "\" \\ \/ \b \f \n \r \t \u4E2D \ud83d\ude00"}`)));
  test('a raw tab in a string is an error over the character', () => assertFindings(withTree(`{"title": "a⟦3.1|\t⟧b"}`)));
  test('a raw control character U+0001 in a string is an error', () => assertFindings(withTree(`{"title": "a⟦3.1|\u0001⟧b"}`)));
  test('the message of a control character names the escape that writes it (\\t, \\b, \\f, or \\u00XX)', () => {
    for (const [character, escape] of [['\t', '\\t'], ['\b', '\\b'], ['\f', '\\f'], ['\u0001', '\\u0001'], ['\u001b', '\\u001B']]) {
      const [finding] = analyze(withTree(`{"title": "a${character}b"}`)).findings;
      assert.deepEqual(finding.message.args, [`U+00${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`, escape]);
      assert.match(localize(finding.message, 'en'), new RegExp(`write it as the escape \\${escape}\\.$`));
      assert.match(localize(finding.message, 'zh-cn'), new RegExp(`应写成转义序列 \\${escape}。$`));
    }
  });
  test('DEL (U+007F) in a string is allowed by RFC 8259', () => assertFindings(withTree(`{"title": "a\u007fb"}`)));
  for (const [written, why] of [
    ['01', 'a leading zero'],
    ['-01', 'a leading zero after the minus'],
    ['00', 'two zeros'],
    ['1.', 'no digit after the point'],
    ['1.e5', 'no digit between the point and the exponent'],
    ['.5', 'no digit before the point'],
    ['-.5', 'no digit before the point after the minus'],
    ['+1', 'a plus sign'],
    ['-', 'a minus alone'],
    ['1e', 'an exponent without digits'],
    ['1e+', 'a signed exponent without digits'],
    ['0x1F', 'hexadecimal'],
    ['1.5.2', 'two points'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['-Infinity', '-Infinity'],
  ]) {
    test(`the number ${written} is not RFC 8259 (${why}): one error over the whole token`, () =>
      assertFindings(withTree(`{"title": ⟦3.1|${written}⟧}`)));
  }
  test('valid number forms are read (and judged by the clauses, not the syntax)', () =>
    assertFindings(withInfo(`{"rules": {"komi": 0.5}, "result": {"winner": 1, "margin": 1.5E+1}}`)));
  test('True (wrong case) is not a JSON value', () => assertFindings(withTree(`{"title": ⟦3.1|True⟧}`)));
  test('undefined is not a JSON value', () => assertFindings(withTree(`{"title": ⟦3.1|undefined⟧}`)));
  test('a missing comma between properties is reported at the next property name', () =>
    assertFindings(`{"format": "wei7" ⟦3.1|"version"⟧: "3.0", "tree": {}}`));
  test('a semicolon instead of a comma is one error, and the rest is read', () =>
    assertFindings(`{"format": "wei7", "version": "3.0"⟦3.1|;⟧ "tree": {}}`));
  test('a full-width comma instead of a comma is one error', () => assertFindings(`{"format": "wei7"⟦3.1|，⟧"version": "3.0", "tree": {}}`));
  test('a full-width comma and colon on one line: one error each, not a string holding quotes', () => {
    assertFindings(`{"format": "wei7"⟦3.1|，⟧"version"⟦3.1|：⟧"3.0", "tree": {"steps": [{"action": {"type": "message", "value": "a"}, "comment": ⟦3.1|"他说"好"，然后"⟧}]}}`);
    assertFindings(`{"format": "wei7", "version": "3.0", "tree": {"steps": [{"action": {"type": "message", "value": "a"⟦3.1|｝⟧⟦3.1|｝⟧]}}`);
  });
  test('a missing comma between array elements', () =>
    assertFindings(withSteps(`{"action": {"type": "message", "value": "a"}} ⟦3.1|{⟧"action": {"type": "message", "value": "b"}}`)));
  test('a missing colon is reported at the value', () => assertFindings(`{"format" ⟦3.1|"wei7"⟧, "version": "3.0", "tree": {}}`));
  test('"=" instead of ":" is one error', () => assertFindings(`{"format"⟦3.1|=⟧"wei7", "version": "3.0", "tree": {}}`));
  test('a missing value is reported at the token found instead', () => assertFindings(`{${HEAD}, "size": ⟦3.1|,⟧ "tree": {}}`));
  test('a "}" that should be "]" closes the array and the object', () =>
    assertFindings(`{${HEAD}, "tree": {"steps": [⟦3.1|}⟧}`));
  test('a step left open (its "}" missing) is closed by the next step\'s "{": one error, and every step is still played', () => {
    const move = (color: number, x: number, y: number) => `{"action": {"type": "move", "value": {"color": ${color}, "point": ${point(x, y)}}}}`;
    const text = withTree(`{"steps": [${move(1, 3, 3)},\n  ${move(2, 15, 15).slice(0, -1)}\n  ⟦3.1|{⟧"action": {"type": "move", "value": {"color": 1, "point": ${point(3, 15)}}}},\n  ${move(2, 15, 3)}]}`);
    assertFindings(text);
    const analysis = analyze(text.replace(/⟦3\.1\|\{⟧/, '{'));
    assert.deepEqual(analysis.findings[0].message.args, ['}', '{', 2, '{']);
    assert.deepEqual(
      analysis.document?.nodes.map((node) => node.kind === 'move' && node.point && [node.point.x, node.point.y]),
      [[3, 3], [15, 15], [3, 15], [15, 3]],
    );
  });
  test('a step being typed before the next one, cut off by the line\'s end: one error each for the string and the step', () =>
    assertFindings(withSteps(`⟦3.16.3|{⟧⟦3.1|⟦3.16.3|"act⟧⟧\n  ⟦3.1|{⟧"action": {"type": "move", "value": ${black()}}}`)));
  test('a "{" right after a colon is the property\'s value, as JSON reads it', () =>
    assertFindings(withTree(`{"steps": [{⟦3.16.3.2|"action"⟧:\n  {⟦3.16.3.2|"action"⟧: {"type": "move", "value": ${black()}}}⟦3.1|]⟧}`)));
  test('a closing bracket that closes nothing is reported and skipped', () => assertFindings(`{${HEAD}, "tree": {}⟦3.1|]⟧}`));
  test('text after the root object is one error up to the last character', () =>
    assertFindings(`${MINIMAL} ⟦3.1|{"x": 1} 2⟧\n`));
  test('a comment after the root object is a comment error only', () => assertFindings(`${MINIMAL}\n⟦3.1|// end⟧\n`));
  test('an extra closing brace after the root', () => assertFindings(`${MINIMAL}⟦3.1|}⟧`));
  test('a no-break space is not JSON white space', () => assertFindings(`{${HEAD},⟦3.1|\u00a0⟧"tree": {}}`));
  test('a stray character where a value belongs', () => assertFindings(`{${HEAD}, "tree": ⟦3.1|#⟧{}}`));
  test('a half-typed document ends too early: one error, an empty range at the end', () =>
    assertFindings(`{${HEAD}, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y":⟦3.1|⟧`));
  test('an empty file is not a wei7 document', () => assertFindings('⟦3.1|⟧'));
  test('white space only is not a wei7 document', () => assertFindings('  \n⟦3.1|⟧'));
  test('an empty text given to the JSON parser itself is one error', () => {
    const syntax = parseJson('', 0);
    assert.equal(syntax.root, undefined);
    assert.deepEqual(syntax.findings.map((f) => [f.clause, f.message.id, f.span.start, f.span.end]), [['3.1', 'json.empty', 0, 0]]);
  });
  test('a duplicate key is an error over the second key, and the first value is the one checked', () =>
    assertFindings(`{${HEAD}, "size": 9, ⟦3.1|"size"⟧: 0, "tree": {}}`));
  test('a key given three times is reported at the second and the third', () =>
    assertFindings(`{${HEAD}, "tree": {}, ⟦3.1|"tree"⟧: {}, ⟦3.1|"tree"⟧: {}}`));
  test('duplicates in a large object are found too', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `"k${i}": ${i}`).join(', ');
    assertFindings(withTree(`{"pre": {"comment": "a", ${keys.replace(/"k(\d+)"/g, '⟦3.16.2|"k$1"⟧')}, ⟦3.1|"comment"⟧: "b", ⟦3.1|⟦3.16.2|"k7"⟧⟧: 1}}`));
  });
  test('the duplicate message names the key and the line of the first', () => {
    const { findings } = analyze(`{${HEAD},\n"tree": {},\n"tree": {}}`);
    assert.deepEqual(findings[0].message, { id: 'json.duplicateKey', args: ['tree', 2] });
  });
  test('CRLF line endings are white space, and ranges are offsets into the CRLF text', () =>
    assertFindings(`{\r\n  "format": "wei7",\r\n  "version": "3.0",\r\n  "size": ⟦3.9|0⟧,\r\n  "tree": {⟦3.1|,⟧}\r\n}\r\n`));
  test('a BOM before the document is skipped, and ranges count it', () =>
    assertFindings(`\ufeff{${HEAD}, "size": ⟦3.9|0⟧, "tree": {}}`));
  test('a BOM inside the document is an error', () => assertFindings(`{${HEAD}, ⟦3.1|\ufeff⟧"tree": {}}`));
  test('non-BMP characters before an error: ranges are in UTF-16 code units', () =>
    assertFindings(withInfo(`{"name": "😀😀𠀀", "place": ⟦3.4|1⟧}`)));
  test('the root must be an object (3.2; only reachable by calling the parser on other JSON)', () => {
    const findings = validateJson(parseJson('[1]', 0));
    assert.deepEqual(findings.map((f) => [f.clause, f.span.start, f.span.end]), [['3.2', 0, 3]]);
  });
});

/* ---------- §3.1 one slip, one finding: the brackets of a long game ---------- */

/**
 * Asserts the marked findings (clause, severity, range: all of them) and their messages (id and
 * arguments, in order).
 */
function assertSlip(marked: string, messages: readonly (readonly [string, readonly (string | number)[]])[]): void {
  assertFindings(marked);
  const { text } = parseMarked(marked);
  assert.deepEqual(analyze(text).findings.map((f) => [f.message.id, f.message.args ?? []]), messages);
}

describe('3.0 §3.1 a bracket slip is one finding, and the steps after it are read and played', () => {
  // The reviewer's minimal documents: four steps, the slip in or around the second.
  const H = '{"format":"wei7","version":"3.0",';
  const P = '{"action":{"type":"move","value":{"color":1,"point":null}}}';
  const Q = P.replace(':1,', ':2,');
  const T = (mid: string, open = '[', close = ']') => `${H}"tree":{"steps":${open}\n${P},\n${mid},\n${P},\n${Q}\n${close}}}`;
  const played = (marked: string): number | undefined => analyze(parseMarked(marked).text).document?.nodes.length;
  test('the minimal document without the slip is valid: four steps', () => {
    assertFindings(T(Q));
    assert.equal(played(T(Q)), 4);
  });
  test('an extra "}" after a step: one error at it, and the array goes on (it was "Expected ] to close [", then one error a step)', () => {
    const marked = T(`${Q}⟦3.1|}⟧`);
    assertSlip(marked, [['json.strayCloser', ['}', '[']]]);
    assert.equal(played(marked), 4);
  });
  test('an extra "}" after a step, at the end of the array', () => assertSlip(`${H}"tree":{"steps":[${P}⟦3.1|}⟧]}}`, [['json.strayCloser', ['}', '[']]]));
  test('an extra "]" after a step: one error at it, and the array goes on (it closed the array, then one error a step)', () => {
    const marked = T(`${Q}⟦3.1|]⟧`);
    assertSlip(marked, [['json.strayCloser', [']', '[']]]);
    assert.equal(played(marked), 4);
  });
  test('an extra "]" after a step\'s comma (a trailing comma no more)', () => {
    const marked = T(`${Q},⟦3.1|]⟧\n${P},\n${Q}`);
    assertSlip(marked, [['json.strayCloser', [']', '[']]]);
    assert.equal(played(marked), 6);
  });
  test('an extra "]" right after the steps\' "["', () => {
    const marked = `${H}"tree":{"steps":[⟦3.1|]⟧\n${P},\n${Q}\n]}}`;
    assertSlip(marked, [['json.strayCloser', [']', '[']]]);
    assert.equal(played(marked), 2);
  });
  test('a "]" closing the steps, then a property: the array stays closed', () =>
    assertFindings(`${H}"tree":{"steps":[${P}], ⟦3.16|"title2"⟧: "x"}}`));
  test('an extra "}" inside a step, before more of its properties: one error at it, and the properties are the step\'s', () => {
    const marked = `${H}"tree":{"steps":[\n${P.slice(0, -1)}⟦3.1|}⟧, "comment": "c"},\n${Q}\n]}}`;
    assertSlip(marked, [['json.strayCloser', ['}', '{']]]);
    const document = analyze(parseMarked(marked).text).document;
    assert.deepEqual(document?.nodes.map((node) => node.comment?.value), ['c', undefined]);
  });
  test('a list\'s "[" left out before its first element: one error at that element\'s "{", and the list read', () => {
    // It was "steps must be an array", then one "property name expected" a step after the first.
    const marked = `${H}"tree":{"steps":⟦3.1|{⟧${P.slice(1)},\n${Q},\n${P}\n]}}`;
    assertSlip(marked, [['json.openBracketMissing', ['steps']]]);
    assert.equal(played(marked), 3);
    // A marks list too; a property of another kind is not a list.
    const marks = `${H}"tree":{"steps":[{"action":{"type":"move","value":{"color":1,"point":null}},"marks":⟦3.1|{⟧"point":{"x":1,"y":1},"symbol":"a"},{"point":{"x":2,"y":2},"symbol":"b"}]}]}}`;
    assertSlip(marks, [['json.openBracketMissing', ['marks']]]);
    // A list of one element, its "]" after it.
    const one = `${H}"tree":{"steps":[{"action":{"type":"move","value":{"color":1,"point":null}},"marks":⟦3.1|{⟧"point":{"x":1,"y":1},"symbol":"a"}]},\n${Q}]}}`;
    assertSlip(one, [['json.openBracketMissing', ['marks']]]);
    assert.equal(played(one), 2);
  });
  test('a list\'s "]" left out before a name of the object around it: one error at the name, the name read as that object\'s', () => {
    // It was four: "missing action", "{ missing", "title is no step's", and "] expected" at the tree's "}".
    const withComma = `${H}"tree":{"steps":[\n${P},\n${Q},\n⟦3.1|"title"⟧: "main"}}`;
    assertSlip(withComma, [['json.listNotClosed', ['steps', 1, 'title']]]);
    assert.equal(played(withComma), 2);
    const withoutComma = `${H}"tree":{"steps":[\n${P},\n${Q}\n⟦3.1|"branches"⟧: [{"steps": [${P}]}]}}`;
    assertSlip(withoutComma, [['json.listNotClosed', ['steps', 1, 'branches']]]);
    assert.equal(played(withoutComma), 3);
    // In info: a name of info after the players.
    const players = `${H}"info":{"participants":[{"name":"A"}],"players":[{"participant":0,"color":1}\n⟦3.1|"result"⟧:{"winner":1}},"tree":{"steps":[${P}]}}`;
    assertSlip(players, [['json.listNotClosed', ['players', 1, 'result']]]);
  });
  test('an object\'s "}" left out before a name of the step around it: one error at the name, the name read as the step\'s', () => {
    // It was two: "comment is no property of action" and "Expected } to close {" at the next step.
    const comment = T(`{"action":{"type":"move","value":{"color":2,"point":null}, ⟦3.1|"comment"⟧: "c"}`);
    assertSlip(comment, [['json.objectNotClosed', ['action', 3, 'comment', '}']]]);
    assert.deepEqual(analyze(parseMarked(comment).text).document?.nodes.map((node) => node.comment?.value), [undefined, 'c', undefined, undefined]);
    // Two left out (the move's value and the action): both closed before the name.
    const two = T(`{"action":{"type":"move","value":{"color":2,"point":null, ⟦3.1|"marks"⟧: []}`);
    assertSlip(two, [['json.objectNotClosed', ['value', 3, 'marks', '}}']]]);
    assert.equal(played(two), 4);
    // A mark's point left open before its symbol, the marks' "]" after it.
    const mark = `${H}"tree":{"steps":[{"action":{"type":"move","value":{"color":1,"point":null}},"marks":[{"point":{"x":1,"y":1,⟦3.1|"symbol"⟧:"a"}]},\n${Q}]}}`;
    assertSlip(mark, [['json.objectNotClosed', ['point', 1, 'symbol', '}']]]);
    // The last step, before the steps' "]".
    const last = `${H}"tree":{"steps":[\n${P},\n{"action":{"type":"move","value":{"color":2,"point":null}, ⟦3.1|"comment"⟧: "c"}\n]}}`;
    assertSlip(last, [['json.objectNotClosed', ['action', 3, 'comment', '}']]]);
  });
  test('an object\'s "}" left out in the info, before a name of the info: one error at the name (session 21)', () => {
    // It was "info not closed" at "tree" and one error a player ("participant" with no list).
    const info = `"info":{"rules":{"scoring":"area","komi":7.5\n,\n⟦3.1|"time"⟧:"2013-03-06T10:10:00Z","participants":[{"name":"A"},{"name":"B"}],"players":[{"participant":0,"color":1},{"participant":1,"color":2}]},`;
    const marked = `${H}${info}"tree":{"steps":[${P}]}}`;
    assertSlip(marked, [['json.objectNotClosed', ['rules', 1, 'time', '}']]]);
    assert.equal(analyze(parseMarked(marked).text).document?.info.players.length, 2);
    // Followed by a name of the info again, not of the root: read as written (the rules hold "time").
    assertFindings(`${H}"info":{"rules":{"scoring":"area",⟦3.10.1|"time"⟧:"2013-03-06T10:10:00Z"},"name":"x"},"tree":{"steps":[${P}]}}`);
  });
  test('a name of the step put inside its action, the braces balanced: read as written (the name is no action\'s)', () => {
    const marked = T(`{"action":{"type":"move","value":{"color":2,"point":null}, ⟦3.16.3.2|"comment"⟧: "c"}}`);
    assertSlip(marked, [['json.unknownProperty', ['comment', '"type", "value"']]]);
    // Followed by a name, not by the next step: the object goes on.
    assertFindings(`${H}"tree":{"steps":[{"action":{"type":"move","value":{"color":2,"point":null}, ⟦3.16.3.2|"comment"⟧: "c"}, "time": 1}]}}`);
  });
  test('a step\'s "}" left out after its marks, before the next step: one error, and the next step is a step (not a mark)', () => {
    // It was six: the marks' "]" read as a stray one, then the next step read as a mark.
    const marked = `${H}"tree":{"steps":[\n{"action":{"type":"move","value":{"color":1,"point":null}},"marks":[{"point":{"x":1,"y":1},"symbol":"a"}],\n⟦3.1|{⟧"action":{"type":"move","value":{"color":2,"point":null}}},\n${P}\n]}}`;
    assertSlip(marked, [['json.closerExpected', ['}', '{', 2, '{']]]);
    assert.equal(played(marked), 3);
  });
  test('a line break typed inside a keyword: one error at it, and the keyword read without it (the move played)', () => {
    // It was two: the line break, and "type must be one of …" (the move not played).
    const marked = T(`{"action":{"type":"mo⟦3.1|\n⟧ve","value":{"color":2,"point":null}}}`);
    assertSlip(marked, [['json.lineBreakInWord', []]]);
    assert.equal(played(marked), 4);
    assertSlip(`{"format":"wei7","version":"3.⟦3.1|\n  ⟧0","tree":{}}`, [['json.lineBreakInWord', []]]);
    // Free text keeps it (written \\n), and a string that is no keyword without it is read as it is.
    assertSlip(`${H}"tree":{"steps":[{"action":{"type":"move","value":{"color":1,"point":null}},"comment":"mo⟦3.1|\n⟧ve"}]}}`, [['json.lineBreakInString', []]]);
    assertFindings(`${H}"tree":{"steps":[{"action":{"type":⟦3.16.3.2|"mo⟦3.1|\n⟧vv"⟧,"value":{"color":1,"point":null}}}]}}`);
  });
  test('a step without its "{": one error at its first name, and it is read as an object from there', () => {
    const marked = T(`⟦3.1|"action"⟧${Q.slice('{"action"'.length)}`);
    assertSlip(marked, [['json.openBraceMissing', ['"action"']]]);
    assert.equal(played(marked), 4);
  });
  test('a step without its "{" on the line of the step before, with a name that step already has: a step of its own', () => {
    const marked = `${H}"tree":{"steps":[${P}, ⟦3.1|"action"⟧${Q.slice('{"action"'.length)}, ${P}]}}`;
    assertSlip(marked, [['json.openBraceMissing', ['"action"']]]);
    assert.equal(played(marked), 3);
  });
  test('a full-width "｛" for a step\'s "{"', () => {
    const marked = T(`⟦3.1|｛⟧${Q.slice(1)}`);
    assertSlip(marked, [['json.fullWidthBracket', ['｛', '{']]]);
    assert.equal(played(marked), 4);
  });
  test('a full-width "｝" for a step\'s "}"', () => {
    const marked = T(`${Q.slice(0, -1)}⟦3.1|｝⟧`);
    assertSlip(marked, [['json.fullWidthBracket', ['｝', '}']]]);
    assert.equal(played(marked), 4);
  });
  test('a full-width "［" for the steps\' "["', () => {
    const marked = T(Q, '⟦3.1|［⟧');
    assertSlip(marked, [['json.fullWidthBracket', ['［', '[']]]);
    assert.equal(played(marked), 4);
  });
  test('a full-width "］" for the steps\' "]"', () => {
    const marked = T(Q, '[', '⟦3.1|］⟧');
    assertSlip(marked, [['json.fullWidthBracket', ['］', ']']]]);
    assert.equal(played(marked), 4);
  });
  test('full-width brackets next to other characters that are no JSON are each read as their bracket', () =>
    assertFindings(withTree(`{"steps": ⟦3.1|［⟧⟦3.1|§⟧⟦3.1|｛⟧"action": {"type": "message", "value": "a"}}]}`)));
  test('"steps": "{" for "[": one error at the "{", and the steps are read as its elements', () => {
    const marked = T(Q, '⟦3.1|{⟧');
    assertSlip(marked, [['json.braceForArray', ['"{"']]]);
    assert.equal(played(marked), 4);
  });
  test('"steps" written in braces at both ends: the "}" closes the list too', () => {
    const marked = T(Q, '⟦3.1|{⟧', '}');
    assertSlip(marked, [['json.braceForArray', ['"{"']]]);
    assert.equal(played(marked), 4);
  });
  test('"{" then "{" where the value is no list (a step being typed above the next) still closes before the next step', () =>
    assertFindings(withSteps(`{⟦3.16.3.2|"action"⟧: {\n  ⟦3.1|{⟧"action": {"type": "move", "value": ${black()}}}`)));
  test('an extra "}" after the info object: one error at it, and the root\'s properties after it are read (the tree was not checked)', () => {
    const marked = `${H}"info":{"name":"a"}⟦3.1|}⟧,\n"tree":{"steps":[\n${P}\n]}}`;
    assertSlip(marked, [['json.strayCloser', ['}', '{']]]);
    assert.equal(played(marked), 1);
  });
  test('an extra "}" after the root, followed by no property: the text after the root, as before', () =>
    assertSlip(`${MINIMAL}⟦3.1|}, 1⟧`, [['json.afterRoot', [1]]]));
  test('an extra "]" after a branch\'s steps: one error at it (it was "Expected } to close {"), and the next branch is read', () => {
    const marked = `${H}"tree":{"branches":[{"steps":[${P}]⟦3.1|]⟧},\n{"steps":[${P}]}]}}`;
    assertSlip(marked, [['json.strayCloser', [']', '{']]]);
    assert.equal(played(marked), 2);
  });
  test('a "}" where a branch\'s steps lack their "]": it closes them and the branch, and the next branch is read', () => {
    const marked = `${H}"tree":{"branches":[{"steps":[${P}, ${Q}⟦3.1|}⟧,\n{"steps":[${P}]}]}}`;
    assertSlip(marked, [['json.closerExpected', [']', '[', 1, '}']]]);
    assert.equal(played(marked), 3);
  });
});

describe('3.0 §3.1 a bracket slip in a game of 300 moves: exactly one finding, and every move is still played', () => {
  const game = generateGame(300).json;
  const valid = analyze(game);
  const positions = (text: string): string[] => {
    const analysis = analyze(text);
    return (analysis.document?.nodes ?? []).map((node) => Buffer.from(analysis.replay?.positionAfter(node)?.cells ?? []).toString('hex'));
  };
  const expectedPositions = positions(game);
  const nth = (needle: string, index: number): number => {
    let at = -1;
    for (let i = 0; i <= index; i++) at = game.indexOf(needle, at + 1);
    assert.ok(at >= 0, needle);
    return at;
  };
  const step = nth('\n  {"action"', 100) + 3; // the "{" of step 101
  const stepEnd = game.indexOf('},\n', step); // its last "}"
  const withComment = game.indexOf('}}}, "comment"', step) + 3; // after the action of a step with a comment
  const rootSteps = game.indexOf('"tree": {"steps": [') + '"tree": {"steps": '.length;
  const rootStepsEnd = game.indexOf('\n],\n"branches"');
  const info = game.indexOf('}]},\n"tree"') + 3; // after the info object
  const branchSteps = game.indexOf('\n]},\n{"steps"') + 2; // after the first branch's steps
  const branchStepEnd = game.indexOf('},\n', nth('\n  {"action"', 260)); // the last "}" of a step of that branch
  /** A slip: what replaces [start, end) of the game, the finding's message, and the length of its range (from `start`). */
  const slips: readonly [name: string, start: number, end: number, replacement: string, id: string, length: number][] = [
    ['an extra "}" after a step', stepEnd + 1, stepEnd + 1, '}', 'json.strayCloser', 1],
    ['an extra "]" after a step', stepEnd + 1, stepEnd + 1, ']', 'json.strayCloser', 1],
    ['an extra "]" at the start of a step\'s line', step, step, ']', 'json.strayCloser', 1],
    ['an extra "]" after a step of a branch', branchStepEnd + 1, branchStepEnd + 1, ']', 'json.strayCloser', 1],
    ['an extra "}" inside a step', withComment, withComment, '}', 'json.strayCloser', 1],
    ['a step without its "{"', step, step + 1, '', 'json.openBraceMissing', '"action"'.length],
    ['a full-width "｛"', step, step + 1, '｛', 'json.fullWidthBracket', 1],
    ['a full-width "｝"', stepEnd, stepEnd + 1, '｝', 'json.fullWidthBracket', 1],
    ['a full-width "［"', rootSteps, rootSteps + 1, '［', 'json.fullWidthBracket', 1],
    ['a full-width "］"', rootStepsEnd + 1, rootStepsEnd + 2, '］', 'json.fullWidthBracket', 1],
    ['"steps": {', rootSteps, rootSteps + 1, '{', 'json.braceForArray', 1],
    ['an extra "}" after the info', info, info, '}', 'json.strayCloser', 1],
    ['an extra "]" after a branch\'s steps', branchSteps, branchSteps, ']', 'json.strayCloser', 1],
  ];
  test('the game is valid, with branches', () => {
    assert.deepEqual(valid.findings, []);
    assert.ok(valid.document && valid.document.nodes.length > 300);
  });
  for (const [name, start, end, replacement, id, length] of slips) {
    test(name, () => {
      const text = game.slice(0, start) + replacement + game.slice(end);
      const analysis = analyze(text);
      assert.deepEqual(analysis.findings.map((f) => [f.message.id, f.span.start, f.span.end]), [[id, start, start + length]]);
      assert.deepEqual(positions(text), expectedPositions);
    });
  }
});

/* ---------- §3.2 the root ---------- */

describe('3.0 §3.2 root: format, version, tree required; size, info optional', () => {
  test('size and info may be left out', () => assertFindings(MINIMAL));
  test('all five properties', () => assertFindings(root(`"size": 19, "info": {}, "tree": {}`)));
  test('format missing: reported at the root brace', () => assertFindings(`⟦3.2|{⟧"version": "3.0", "tree": {}}`));
  test('version missing', () => assertFindings(`⟦3.2|{⟧"format": "wei7", "tree": {}}`));
  test('tree missing', () => assertFindings(`⟦3.2|{⟧${HEAD}}`));
  test('everything missing: one finding per property', () => assertFindings(`⟦3.2|⟦3.2|⟦3.2|{⟧⟧⟧}`));
  test('an unknown property: reported over its key', () => assertFindings(root(`⟦3.2|"moves"⟧: [], "tree": {}`)));
  test('format must be exactly "wei7"', () => assertFindings(`{"format": ⟦3.2|"sgf"⟧, "version": "3.0", "tree": {}}`));
  test('format in another case gets a suggestion', () => {
    assertFindings(`{"format": ⟦3.2|"Wei7"⟧, "version": "3.0", "tree": {}}`);
    const [f] = analyze(`{"format": "Wei7", "version": "3.0", "tree": {}}`).findings;
    assert.equal(f.message.id, 'json.exactDidYouMean');
    assert.equal(f.message.args?.[3], 'wei7');
  });
  test('format must be a string', () => assertFindings(`{"format": ⟦3.2|7⟧, "version": "3.0", "tree": {}}`));
  test('version must be exactly "3.0"', () => assertFindings(`{"format": "wei7", "version": ⟦3.2|"3.0-draft"⟧, "tree": {}}`));
  test('version 2.2 is not this format', () => assertFindings(`{"format": "wei7", "version": ⟦3.2|"2.2"⟧, "tree": {}}`));
  test('version as a number is not the string "3.0"', () => assertFindings(`{"format": "wei7", "version": ⟦3.2|3.0⟧, "tree": {}}`));
});

/* ---------- §3.4 shortString ---------- */

describe('3.0 §3.4 shortString: single line, at most 128 characters (code points)', () => {
  test('128 characters are fine', () => assertFindings(withInfo(`{"name": "${'a'.repeat(128)}"}`)));
  test('129 characters are too many', () => assertFindings(withInfo(`{"name": ⟦3.4|"${'a'.repeat(129)}"⟧}`)));
  test('128 emoji (256 UTF-16 units) are 128 characters', () => assertFindings(withInfo(`{"name": "${'😀'.repeat(128)}"}`)));
  test('129 emoji are too many', () => assertFindings(withInfo(`{"name": ⟦3.4|"${'😀'.repeat(129)}"⟧}`)));
  test('an escaped line break makes it multi-line', () => assertFindings(withInfo(String.raw`{"name": ⟦3.4|"a\nb"⟧}`)));
  test('an escaped tab is a control character', () => assertFindings(withInfo(String.raw`{"id": ⟦3.4|"a\tb"⟧}`)));
  test('an escaped U+0000 is a control character', () => assertFindings(withInfo(String.raw`{"domain": ⟦3.4|"a\u0000"⟧}`)));
  test('a shortString must be a string', () => assertFindings(withInfo(`{"domain": ⟦3.4|1⟧, "id": ⟦3.4|null⟧}`)));
  test('the message counts code points', () => {
    const { findings } = analyze(withInfo(`{"name": "${'😀'.repeat(130)}"}`));
    assert.deepEqual(findings[0].message, { id: 'shortString.tooLong', args: ['"name"', 130] });
  });
});

/* ---------- §3.5 color ---------- */

describe('3.0 §3.5 color: the number 1 or 2', () => {
  test('1 and 2 are fine', () => assertFindings(withPre(`{"stones": [${black()}, {"color": 2, "point": ${point(4, 4)}}]}`)));
  test('3 is not a colour', () => assertFindings(withPre(`{"stones": [{"color": ⟦3.5|3⟧, "point": ${point(3, 3)}}]}`)));
  test('0 is not a colour', () => assertFindings(withPre(`{"stones": [{"color": ⟦3.5|0⟧, "point": ${point(3, 3)}}]}`)));
  test('the string "1" is not a number', () => assertFindings(withPre(`{"stones": [{"color": ⟦3.5|"1"⟧, "point": ${point(3, 3)}}]}`)));
  test('"black" is not a colour', () => assertFindings(withPre(`{"stones": [{"color": ⟦3.5|"black"⟧, "point": ${point(3, 3)}}]}`)));
  test('1.0 must be written 1', () => assertFindings(withPre(`{"stones": [{"color": ⟦3.5|1.0⟧, "point": ${point(3, 3)}}]}`)));
  test('2e0 must be written 2', () => assertFindings(withPre(`{"stones": [{"color": ⟦3.5|2e0⟧, "point": ${point(3, 3)}}]}`)));
  test('null is not a colour where nullable is not said', () => assertFindings(withMove(`{"color": ⟦3.5|null⟧, "point": null}`)));
  test('the message names the allowed values', () => {
    const { findings } = analyze(withMove(`{"color": 3, "point": null}`));
    assert.deepEqual(findings[0].message, { id: 'json.color', args: ['"color"', '3'] });
    assert.equal(localize(findings[0].message, 'en'), '"color" must be 1 (black) or 2 (white), found 3.');
  });
});

/* ---------- a move written without its value, a pass as a type ---------- */

describe('3.0 §3.16.3.2: an action written as another format has it', () => {
  const step = (action: string): string => `{"format": "wei7", "version": "3.0", "tree": {"steps": [{⟦3.16.3.2.1|"action"⟧: ${action}}]}}`;
  test('a move\'s colour and point in the action itself: one finding, at the action, naming them (not "unknown property" each and "value" missing)', () => {
    assertFindings(step('{"type": "move", "color": 1, "point": {"x": 3, "y": 3}}'));
    const text = step('{"type": "move", "color": 1, "point": null, "evaluation": "good"}').replace(/⟦3\.16\.3\.2\.1\|("action")⟧/, '$1');
    assert.deepEqual(analyze(text).findings.map((f) => [f.message.id, f.message.args]), [['json.moveValueUnwrapped', ['"color", "point", "evaluation"']]]);
  });
  test('"type": "pass": a pass is a move whose point is null', () => {
    const text = '{"format": "wei7", "version": "3.0", "tree": {"steps": [{"action": {"type": "pass", "value": {"color": 1}}}]}}';
    const findings = analyze(text).findings;
    assert.deepEqual(findings.map((f) => [f.clause, f.message.id, text.slice(f.span.start, f.span.end)]), [['3.16.3.2', 'json.passIsMove', '"pass"']]);
    assert.match(localize(findings[0].message, 'en'), /a pass is a move whose point is null/);
  });
});

describe('3.0: a property name misspelt (the checks of every shape)', () => {
  const found = (text: string) => analyze(text).findings.map((f) => [f.clause, f.message.id, text.slice(f.span.start, f.span.end), f.message.args]);
  test('one finding, naming the property meant; the required one it stands for is not reported missing too', () => {
    assert.deepEqual(found(withSteps('{"actoin": {"type": "message", "value": "a"}}')), [
      ['3.16.3', 'json.unknownPropertyDidYouMean', '"actoin"', ['actoin', '"time", "action", "actor", "marks", "comment"', 'action']],
    ]);
    assert.deepEqual(found(withMove('{"Color": 1, "point": {"x": 3, "y": 3}}')).map((f) => [f[1], (f[3] as string[])[2]]), [['json.unknownPropertyDidYouMean', 'color']]);
  });
  test('an action\'s "value" misspelt: the misspelling only, not "no value" as well (the value its type requires)', () => {
    for (const [action, typo] of [
      ['{"type": "move", "vaule": {"color": 1, "point": {"x": 3, "y": 3}}}', '"vaule"'],
      ['{"type": "takeback", "valeu": 1}', '"valeu"'],
      ['{"type": "result", "valu": {"winner": 1}}', '"valu"'],
    ]) {
      assert.deepEqual(found(withSteps(`{"action": ${action}}`)).map((f) => [f[0], f[1], f[2], (f[3] as string[])[2]]), [['3.16.3.2', 'json.unknownPropertyDidYouMean', typo, 'value']], action);
    }
    // No near miss: "no value" is still said.
    assert.deepEqual(found(withSteps('{"action": {"type": "takeback", "count": 1}}')).map((f) => f[1]), ['json.actionValueMissing', 'json.unknownProperty']);
  });
  test('a name that is no near miss, or one of a property already there, is unknown, and what is missing is reported', () => {
    assert.deepEqual(found(withMove('{"colour": 1, "color": 1, "point": {"x": 3, "y": 3}}')).map((f) => f[1]), ['json.unknownProperty']);
    assert.deepEqual(found(withSteps('{"play": {"type": "message", "value": "a"}}')).map((f) => f[1]), ['json.missingProperty', 'json.unknownProperty']);
  });
});

describe('3.0 §3.1: a "#" comment', () => {
  test('reported as a comment, to the end of its line, and the step after it read', () => {
    const text = '{"format": "wei7", "version": "3.0", "tree": {"steps": [\n  # the opening\n  {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}\n]}}';
    const analysis = analyze(text);
    assert.deepEqual(analysis.findings.map((f) => [f.clause, f.message.id, text.slice(f.span.start, f.span.end)]), [['3.1', 'json.comment', '# the opening']]);
    assert.equal(analysis.document?.nodes.length, 1);
  });
});

describe('3.0 §3.1: numbers typed in full-width digits', () => {
  test('one finding, with the number as JSON writes it, and read as that number', () => {
    const text = '{"format": "wei7", "version": "3.0", "info": {"rules": {"komi": ７.5}}, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": １６, "y": 3}}}}]}}';
    const analysis = analyze(text);
    assert.deepEqual(analysis.findings.map((f) => [f.clause, f.message.id, text.slice(f.span.start, f.span.end), f.message.args]), [
      ['3.1', 'json.fullWidthDigits', '７.5', ['７.5', '7.5']],
      ['3.1', 'json.fullWidthDigits', '１６', ['１６', '16']],
    ]);
    const move = analysis.document?.nodes[0];
    assert.deepEqual([analysis.document?.info.rules?.komi?.value, move?.kind === 'move' ? move.point?.x : undefined], [7.5, 16]);
  });
});

describe('3.0 §3.1: a string or number typed wrong, read as it was meant (one slip, one finding)', () => {
  /** A game of three moves whose second step is written `second`. */
  const game = (second: string, head = '') =>
    `{"format": "wei7", "version": "3.0",${head}\n"tree": {"steps": [\n  {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}},\n  ${second},\n  {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 15}}}}\n]}}`;
  const MOVE = '{"action": {"type": "move", "value": {"color": 2, "point": {"x": 15, "y": 15}}}';
  /** [clause, id, text of the span, args] of each finding, the comment of the second step, and how many nodes were read. */
  const read = (text: string) => {
    const analysis = analyze(text);
    const second = analysis.document?.nodes[1];
    return {
      findings: analysis.findings.map((f) => [f.clause, f.message.id, text.slice(f.span.start, f.span.end), f.message.args ?? []]),
      comment: second?.comment?.value,
      nodes: analysis.document?.nodes.length,
    };
  };
  test('a closing quote left out before the "}," that ends the line', () =>
    assert.deepEqual(read(game(`${MOVE}, "comment": "good}`)), {
      findings: [['3.1', 'json.closingQuoteMissing', '"good', ['"good"']]],
      comment: 'good',
      nodes: 3,
    }));
  test('a closing quote left out before the next name on the line: the quote read as closing it opens the name', () =>
    assert.deepEqual(read(game('{"action": {"type": "move, "value": {"color": 2, "point": {"x": 15, "y": 15}}}, "comment": "good"}')), {
      findings: [['3.1', 'json.closingQuoteMissing', '"move', ['"move"']]],
      comment: 'good',
      nodes: 3,
    }));
  test('a closing quote left out before closers, a comma and the next element on the line: the value ends before the closers', () => {
    // It was some twenty errors: the string ran to the next element's first quote.
    const text = game(MOVE + '}', '\n"info": {"participants": [{"name": "黑方}, {"name": "白方"}]},');
    assert.deepEqual(analyze(text).findings.map((f) => [f.clause, f.message.id, text.slice(f.span.start, f.span.end), f.message.args]), [['3.1', 'json.closingQuoteMissing', '"黑方', ['"黑方"']]]);
    assert.deepEqual(analyze(text).document?.info.participants.map((p) => p.name?.value), ['黑方', '白方']);
    // Closers that do not close what is open: no such reading.
    const wrong = game(MOVE + '}', '\n"info": {"participants": [{"name": "黑方]], {"name": "白方"}]},');
    assert.ok(!analyze(wrong).findings.some((f) => f.message.id === 'json.closingQuoteMissing'));
  });
  test('a closing quote typed as a curly one before the next name on the line: one finding, and the value read', () =>
    assert.deepEqual(read(game('{"action": {"type": "move”, "value": {"color": 2, "point": {"x": 15, "y": 15}}}, "comment": "good"}')), {
      findings: [['3.1', 'json.closingQuoteCurly', '"move”', ['”', '"move"']]],
      comment: 'good',
      nodes: 3,
    }));
  test('a line break typed in a property name: one finding over it and its indentation, and the name read without it', () => {
    const text = game(`${MOVE}, "com\n      ment": "good"}`);
    assert.deepEqual(read(text), { findings: [['3.1', 'json.lineBreakInName', '\n      ', []]], comment: 'good', nodes: 3 });
  });
  test('a quote inside a value not escaped: one finding over the string, and the string read with the quote in it', () => {
    assert.deepEqual(read(game(`${MOVE}, "comment": "他说"好"了"}`)), {
      findings: [['3.1', 'json.quoteInString', '"他说"好"了"', ['"他说\\"好\\"了"']]],
      comment: '他说"好"了',
      nodes: 3,
    });
    // Before the next name on the line, and with an escaped quote kept as it is.
    assert.deepEqual(read(game(`${MOVE}, "comment": "the "tesuji\\" here", "time": 3}`)), {
      findings: [['3.1', 'json.quoteInString', '"the "tesuji\\" here"', ['"the \\"tesuji\\" here"']]],
      comment: 'the "tesuji" here',
      nodes: 3,
    });
  });
  test('a string followed by text up to a name is not read as holding a quote (the name\'s quote is not the string\'s end)', () => {
    const ids = read(game(`${MOVE}, "comment": "a"b, "time": 3}`)).findings.map((f) => f[1]);
    assert.ok(!ids.includes('json.quoteInString') && ids.length > 0, ids.join(' '));
    // Nor past a bracket: what follows is structure.
    const bracket = read(game(`${MOVE}, "comment": "a"b}, {"comment": "c"}`)).findings.map((f) => f[1]);
    assert.ok(!bracket.includes('json.quoteInString') && bracket.length > 0, bracket.join(' '));
  });
  test('a closing quote typed as a curly one at the end of an object\'s last line: one finding, and the value read', () => {
    const text = '{"format": "wei7", "version": "3.0",\n"info": {"rules": {"komi": 0,\n  "type": "Japanese”\n  }},\n"tree": {}}';
    const analysis = analyze(text);
    assert.deepEqual(analysis.findings.map((f) => [f.clause, f.message.id, text.slice(f.span.start, f.span.end), f.message.args]), [
      ['3.1', 'json.closingQuoteCurly', '"Japanese”', ['”', '"Japanese"']],
    ]);
    assert.equal(analysis.document?.info.rules?.type?.value, 'Japanese');
    // A comment whose line ends in a curly quote and goes on: the next line starts with no closer, so not read so.
    const comment = game(`${MOVE}, "comment": "他说“好”\n  再说"}`);
    assert.ok(!analyze(comment).findings.some((f) => f.message.id === 'json.closingQuoteCurly'));
  });
  test('a closing quote typed as a curly one (an input method switched half-way)', () =>
    assert.deepEqual(read(game(`${MOVE}, "comment": "好棋”}`)), {
      findings: [['3.1', 'json.closingQuoteCurly', '"好棋”', ['”', '"好棋"']]],
      comment: '好棋',
      nodes: 3,
    }));
  test('an opening quote left out, of a value and of a name', () => {
    assert.deepEqual(read(game(`${MOVE}, "comment": good move"}`)), {
      findings: [['3.1', 'json.openingQuoteMissing', 'good move"', ['"good move"']]],
      comment: 'good move',
      nodes: 3,
    });
    assert.deepEqual(read(game(`${MOVE}, comment": "good"}`)), {
      findings: [['3.1', 'json.openingQuoteMissing', 'comment"', ['"comment"']]],
      comment: 'good',
      nodes: 3,
    });
    // A value's text holding apostrophes (session 25: it was five errors and the next step lost).
    assert.deepEqual(read(game(`${MOVE}, "comment": White shouldn't worry -- Black's cut."}`)), {
      findings: [['3.1', 'json.openingQuoteMissing', 'White shouldn\'t worry -- Black\'s cut."', ['"White shouldn\'t worry -- Black\'s cut."']]],
      comment: "White shouldn't worry -- Black's cut.",
      nodes: 3,
    });
    // A value's text holding ":" and "," (session 21: it was nine errors, one a word).
    assert.deepEqual(read(game(`${MOVE}, "comment": 第15手：A quiet move: both sides, 小心."}`)), {
      findings: [['3.1', 'json.openingQuoteMissing', '第15手：A quiet move: both sides, 小心."', ['"第15手：A quiet move: both sides, 小心."']]],
      comment: '第15手：A quiet move: both sides, 小心.',
      nodes: 3,
    });
    // Not when what follows the quote does not end a string there: the next name's (`a, "time": 1`).
    assert.equal(read(game(`${MOVE}, "comment": a, "time": 1}`)).findings.some((f) => f[1] === 'json.openingQuoteMissing'), false);
  });
  test('a name\'s closing quote left out: the quote read as closing it opens the value', () =>
    assert.deepEqual(read(game(`${MOVE}, "comment: "good"}`)), {
      findings: [['3.1', 'json.closingQuoteMissing', '"comment', ['"comment"']]],
      comment: 'good',
      nodes: 3,
    }));
  test('a name\'s closing quote left out before its colon, the line\'s end leaving it open: the name closed there, its value read (session 34)', () => {
    // It was read as closed before the `}` (`"y: 3"`): a name without a value, and the move without its y.
    const text = game('{"action": {"type": "move", "value": {"color": 2, "point": {"x": 15, "y: 16}}}}');
    assert.deepEqual(read(text), { findings: [['3.1', 'json.closingQuoteMissing', '"y', ['"y"']]], comment: undefined, nodes: 3 });
    const move = analyze(text).document?.nodes[1];
    assert.deepEqual(move?.kind === 'move' ? [move.point?.x, move.point?.y] : undefined, [15, 16]);
    // A value's string is read as before: closed before the closers.
    assert.deepEqual(read(game(`${MOVE}, "comment": "note: good}`)).findings, [['3.1', 'json.closingQuoteMissing', '"note: good', ['"note: good"']]]);
  });
  test('a name\'s closing quote left out before its colon, more strings after it on its line: the name closed there, the rest read (session 36)', () => {
    // The scanner read `"y: 16}, "` as the name, and everything after it cascaded (4 to 25 findings).
    const point = (move: PlayNode | undefined) => (move?.kind === 'move' ? [move.point?.x, move.point?.y] : undefined);
    const cases: [string, string, number[]][] = [
      ['{"action": {"type": "move", "value": {"color": 2, "point": {"x": 15, "y: 16}}}, "comment": "good"}', '"y', [15, 16]],
      ['{"action": {"type": "move", "value": {"color": 2, "point": {"x: 15, "y": 16}}}}', '"x', [15, 16]],
      ['{"action": {"type": "move", "value": {"color": 2, "point: {"x": 15, "y": 16}}}}', '"point', [15, 16]],
    ];
    for (const [step, at, xy] of cases) {
      const text = game(step);
      const name = at.slice(1);
      assert.deepEqual(read(text).findings, [['3.1', 'json.closingQuoteMissing', at, [`"${name}"`]]], step);
      assert.deepEqual(point(analyze(text).document?.nodes[1]), xy, step);
    }
    assert.equal(analyze(game(cases[0][0])).document?.nodes[1]?.comment?.value, 'good');
    // Its comma left out too (`"x": 15 "y: 16}`, the line's end leaving it open): the name closed, and the comma then its own finding.
    const both = game('{"action": {"type": "move", "value": {"color": 2, "point": {"x": 15 "y: 16}}}}');
    assert.deepEqual(read(both).findings.map((f) => f.slice(1, 3)), [['json.closingQuoteMissing', '"y']]);
    assert.deepEqual(point(analyze(both).document?.nodes[1]), [15, 16]);
    // A name holding a colon, followed by its own colon, is a name (an unknown one here).
    assert.equal(read(game(`${MOVE}, "note: a": "b"}`)).findings.some((f) => f[1] === 'json.closingQuoteMissing'), false);
  });
  test('a line break typed in a string that a later line closes: one finding at each line break, CR LF as one, and the string read with them', () => {
    assert.deepEqual(read(game(`${MOVE}, "comment": "good\nmove"}`)), {
      findings: [['3.1', 'json.lineBreakInString', '\n', []]],
      comment: 'good\nmove',
      nodes: 3,
    });
    assert.deepEqual(read(game(`${MOVE}, "comment": "a\r\n\r\nb\n  c"}`)), {
      findings: [
        ['3.1', 'json.lineBreakInString', '\r\n', []],
        ['3.1', 'json.lineBreakInString', '\r\n', []],
        ['3.1', 'json.lineBreakInString', '\n', []],
      ],
      comment: 'a\n\nb\n  c',
      nodes: 3,
    });
  });
  test('a string the next line does not close (it starts a step) stays unterminated to its line\'s end', () => {
    const text = game(`${MOVE}, "comment": "good`).replace('"good,', '"good');
    const { findings } = read(text);
    assert.deepEqual(findings.slice(0, 2), [
      ['3.1', 'json.unterminatedString', '"good', []],
      ['3.1', 'json.closerExpected', '{', ['}', '{', 4, '{']],
    ]);
  });
  test('closers after an open string that do not close what is open are not taken for its end', () => {
    // `"x": 7, "y"` typed before a step's own text: the string left open runs into "}}}},", which would close the steps array with a "}".
    const text = game(`{"{"action": {"type": "move", "value": {"color": 2, "point": {"x": 15, "y": 15}}}}`);
    const ids = read(text).findings.map((f) => f[1]);
    assert.ok(ids.includes('json.unterminatedString') && !ids.includes('json.closingQuoteMissing') && !ids.includes('json.afterRoot'), ids.join(' '));
  });
  test('an info object left open (its "}" forgotten) ends before a name only the root holds, at the start of a line', () => {
    const text = game(MOVE + '}', '\n"info": {"name": "demo",').replace('\n"tree"', '\n  "tree"');
    assert.deepEqual(read(text), { findings: [['3.1', 'json.infoNotClosed', '"tree"', [2, 'tree']]], comment: undefined, nodes: 3 });
    assert.equal(analyze(text).document?.info.name?.value, 'demo');
    // On the line of another name it is no slip of a brace: read into the info, where it is unknown.
    const inline = game(MOVE + '}', '\n"info": {"name": "demo", "size": 19},');
    assert.deepEqual(read(inline).findings.map((f) => f[1]), ['json.unknownProperty']);
    // Nor in a text JSON reads whole, at a line's start or not (formatting must not change the reading: the fuzz, seed 20303).
    const whole = game(MOVE + '}', '\n"info": {"name": "demo",\n  "size": 19},');
    assert.deepEqual(read(whole).findings.map((f) => f[1]), ['json.unknownProperty']);
  });
  test('a number with a decimal comma, in an object\'s value; two numbers in an array are two numbers', () => {
    const text = game(MOVE + '}', '\n"info": {"rules": {"komi": 6,5}},');
    const analysis = analyze(text);
    assert.deepEqual(analysis.findings.map((f) => [f.clause, f.message.id, text.slice(f.span.start, f.span.end), f.message.args]), [['3.1', 'json.decimalComma', '6,5', ['6,5', '6.5']]]);
    assert.equal(analysis.document?.info.rules?.komi?.value, 6.5);
    assert.deepEqual(read(withPre('{"stones": [{"color": 1, "point": {"x": 3,"y": 4}}]}')).findings, []);
  });
  test('where an integer is wanted a comma is a comma: {"x": 3,4} is "y" left out (two findings, both true), not x = 3.4; a step\'s time and the margin take a decimal comma too', () => {
    const text = withPre('{"stones": [{"color": 1, "point": {"x": 3,4}}]}');
    assert.deepEqual(read(text).findings.map((f) => f.slice(0, 3)), [['3.6', 'json.missingProperty', '"point"'], ['3.1', 'json.propertyNameExpected', '4']]);
    // A number before a `:` is still a name left without quotes.
    assert.deepEqual(read(withPre('{"stones": [{"color": 1, "point": {"x": 3, 4: 4}}]}')).findings.map((f) => f[1]), ['json.unquotedPropertyName', 'json.unknownPropertyDidYouMean']);
    const timed = game(`{"time": 12,5, "action": {"type": "message", "value": "a"}}`);
    // (The game around it has black play twice: that hint is not this test's.)
    assert.deepEqual(read(timed).findings.filter((f) => f[1] !== 'engine.sameColor.black').map((f) => f.slice(1, 4)), [['json.decimalComma', '12,5', ['12,5', '12.5']]]);
  });
});

/* ---------- §3.6 point ---------- */

describe('3.0 §3.6 point: exactly x and y, non-negative integers on the board', () => {
  test('corners of the default 19 board are fine', () => assertFindings(withPre(`{"stones": [${black(point(0, 0))}, ${black(point(18, 18))}]}`)));
  test('x = 19 is off the default board', () => assertFindings(withPre(`{"stones": [${black(point('⟦3.6|19⟧', 0))}]}`)));
  test('y = 19 is off the default board', () => assertFindings(withPre(`{"stones": [${black(point(0, '⟦3.6|19⟧'))}]}`)));
  test('a negative coordinate', () => assertFindings(withPre(`{"stones": [${black(point('⟦3.6|-1⟧', 0))}]}`)));
  test('a fraction', () => assertFindings(withPre(`{"stones": [${black(point('⟦3.6|1.5⟧', 0))}]}`)));
  test('1.0 must be written 1', () => assertFindings(withPre(`{"stones": [${black(point('⟦3.6|1.0⟧', 0))}]}`)));
  test('1e0 must be written 1', () => assertFindings(withPre(`{"stones": [${black(point('⟦3.6|1e0⟧', 0))}]}`)));
  test('-0 must be written 0', () => assertFindings(withPre(`{"stones": [${black(point('⟦3.6|-0⟧', 0))}]}`)));
  test('a coordinate as a string', () => assertFindings(withPre(`{"stones": [${black(point('⟦3.6|"3"⟧', 0))}]}`)));
  test('y missing: reported at the "point" key', () => assertFindings(withPre(`{"stones": [{"color": 1, ⟦3.6|"point"⟧: {"x": 3}}]}`)));
  test('both missing: two findings at the key', () => assertFindings(withPre(`{"stones": [{"color": 1, ⟦3.6|⟦3.6|"point"⟧⟧: {}}]}`)));
  test('an unknown property in a point', () => assertFindings(withPre(`{"stones": [{"color": 1, "point": {"x": 3, "y": 3, ⟦3.6|"z"⟧: 0}}]}`)));
  test('a point must be an object', () => assertFindings(withPre(`{"stones": [{"color": 1, "point": ⟦3.6|[3, 3]⟧}]}`)));
  test('a point written as another notation has it: the message says the shape, and the object meant when it can be told', () => {
    const args = (value: string, size = '19'): unknown => {
      const { findings } = analyze(withSize(size, `{"pre": {"stones": [{"color": 1, "point": ${value}}]}}`));
      assert.equal(findings.length, 1, value);
      return [findings[0].message.id, ...(findings[0].message.args ?? [])];
    };
    assert.deepEqual(args('[3, 15]'), ['json.pointNotObjectDidYouMean', '"point"', '[…]', '{"x": 3, "y": 15}']);
    // The usual notation counts rows from the bottom and skips I; SGF's letters count from the top.
    assert.deepEqual(args('"D4"'), ['json.pointNotObjectDidYouMean', '"point"', '"D4"', '{"x": 3, "y": 15}']);
    assert.deepEqual(args('"q16"'), ['json.pointNotObjectDidYouMean', '"point"', '"q16"', '{"x": 15, "y": 3}']);
    assert.deepEqual(args('"J9"', '9'), ['json.pointNotObjectDidYouMean', '"point"', '"J9"', '{"x": 8, "y": 0}']);
    assert.deepEqual(args('"pd"'), ['json.pointNotObjectDidYouMean', '"point"', '"pd"', '{"x": 15, "y": 3}']);
    // Off the board, not a point, or three numbers: the shape only.
    for (const value of ['"Z9"', '"D20"', '"hello"', '[3, 3, 3]', '[-1, 3]', '3']) assert.equal((args(value) as string[])[0], 'json.pointNotObject', value);
    assert.equal(
      localize(analyze(withPre(`{"stones": [{"color": 1, "point": "D4"}]}`)).findings[0].message, 'en'),
      '"point" must be an object {"x": …, "y": …} (x counted from the left, y from the top, both from 0), found "D4". Did you mean {"x": 3, "y": 15}?',
    );
  });
  test('on a 9 board, x = 9 is off', () => assertFindings(withSize('9', `{"pre": {"stones": [${black(point('⟦3.6|9⟧', 8))}]}}`)));
  test('on a 13×9 board, x = 12 is on and y = 9 is off', () =>
    assertFindings(withSize('{"width": 13, "height": 9}', `{"pre": {"stones": [${black(point(12, '⟦3.6|9⟧'))}]}}`)));
  test('with an invalid size, coordinates are not range-checked', () =>
    assertFindings(withSize('⟦3.9|0⟧', `{"pre": {"stones": [${black(point(100, 100))}]}}`)));
  test('above 52 the size is valid: only the engine says it does not simulate it', () =>
    assertFindings(withSize('⟦information:engine.size|60⟧', `{"pre": {"stones": [${black(point(55, '⟦3.6|60⟧'))}]}}`)));
  test('mark points are checked against the size too', () =>
    assertFindings(withSize('5', `{"pre": {"marks": [{"point": ${point('⟦3.6|5⟧', 0)}, "symbol": "a"}]}}`)));
  test('the message gives the coordinate, its value and the limit', () => {
    const { findings } = analyze(withPre(`{"stones": [${black(point(19, 0))}]}`));
    assert.deepEqual(findings[0].message, { id: 'coordinate.range', args: ['x', 19, 19] });
  });
});

/* ---------- §3.7 participantIndex ---------- */

describe('3.0 §3.7 participantIndex: a non-negative integer below the number of participants', () => {
  test('0 and 1 with two participants', () => assertFindings(withActor('1')));
  test('2 with two participants', () => assertFindings(withActor('⟦3.7|2⟧')));
  test('negative', () => assertFindings(withActor('⟦3.7|-1⟧')));
  test('1.0 must be written 1', () => assertFindings(withActor('⟦3.7|1.0⟧')));
  test('a string', () => assertFindings(withActor('⟦3.7|"0"⟧')));
  test('without participants no index is valid', () =>
    assertFindings(withTree(`{"steps": [{"actor": ⟦3.7|0⟧, "action": {"type": "message", "value": "hi"}}]}`)));
  test('with participants that are not an array, indices are not range-checked', () =>
    assertFindings(root(`"info": {"participants": ⟦3.10.4|{}⟧}, "tree": {"steps": [{"actor": 5, "action": {"type": "message", "value": "hi"}}]}`)));
  test('elements that are not objects still count', () =>
    assertFindings(root(`"info": {"participants": [⟦3.10.4|1⟧, {}]}, "tree": {"steps": [{"actor": 1, "action": {"type": "message", "value": "hi"}}]}`)));
});

/* ---------- §3.8 result ---------- */

describe('3.0 §3.8 result: winner (nullable color, required) and margin', () => {
  test('a win by 2.5', () => assertFindings(withInfo(`{"result": {"winner": 1, "margin": 2.5}}`)));
  test('a win by resignation (no margin)', () => assertFindings(withInfo(`{"result": {"winner": 2}}`)));
  test('a draw', () => assertFindings(withInfo(`{"result": {"winner": null}}`)));
  test('the largest margin, 511.5', () => assertFindings(withInfo(`{"result": {"winner": 1, "margin": 511.5}}`)));
  test('winner missing: reported at the "result" key', () => assertFindings(withInfo(`{⟦3.8|"result"⟧: {"margin": 2.5}}`)));
  test('winner 3 fails the colour constraint (3.5)', () => assertFindings(withInfo(`{"result": {"winner": ⟦3.5|3⟧}}`)));
  test('winner "black" fails the colour constraint', () => assertFindings(withInfo(`{"result": {"winner": ⟦3.5|"black"⟧}}`)));
  test('winner 1.0 must be written 1', () => assertFindings(withInfo(`{"result": {"winner": ⟦3.5|1.0⟧}}`)));
  test('margin 0', () => assertFindings(withInfo(`{"result": {"winner": 1, "margin": ⟦3.8|0⟧}}`)));
  test('margin 512', () => assertFindings(withInfo(`{"result": {"winner": 1, "margin": ⟦3.8|512⟧}}`)));
  test('margin negative', () => assertFindings(withInfo(`{"result": {"winner": 1, "margin": ⟦3.8|-2.5⟧}}`)));
  test('margin not a multiple of 0.5', () => assertFindings(withInfo(`{"result": {"winner": 1, "margin": ⟦3.8|2.25⟧}}`)));
  test('margin as a string', () => assertFindings(withInfo(`{"result": {"winner": 1, "margin": ⟦3.8|"2.5"⟧}}`)));
  test('an unknown property', () => assertFindings(withInfo(`{"result": {"winner": 1, ⟦3.8|"reason"⟧: "time"}}`)));
  test('a result must be an object', () => assertFindings(withInfo(`{"result": ⟦3.8|"B+R"⟧}`)));
});

/* ---------- §3.9 size ---------- */

describe('3.0 §3.9 size: a positive integer or exactly width and height', () => {
  test('19', () => assertFindings(withSize('19')));
  test('1', () => assertFindings(withSize('1')));
  test('width and height', () => assertFindings(withSize('{"width": 13, "height": 9}')));
  test('0', () => assertFindings(withSize('⟦3.9|0⟧')));
  test('negative', () => assertFindings(withSize('⟦3.9|-19⟧')));
  test('a fraction', () => assertFindings(withSize('⟦3.9|9.5⟧')));
  test('19.0 must be written 19', () => assertFindings(withSize('⟦3.9|19.0⟧')));
  test('1.9e1 must be written 19', () => assertFindings(withSize('⟦3.9|1.9e1⟧')));
  test('a string', () => assertFindings(withSize('⟦3.9|"19"⟧')));
  test('an array', () => assertFindings(withSize('⟦3.9|[19, 19]⟧')));
  test('null', () => assertFindings(withSize('⟦3.9|null⟧')));
  test('height missing: reported at the "size" key', () => assertFindings(root(`⟦3.9|"size"⟧: {"width": 19}, "tree": {}`)));
  test('width 0', () => assertFindings(withSize('{"width": ⟦3.9|0⟧, "height": 9}')));
  test('height 9.0', () => assertFindings(withSize('{"width": 9, "height": ⟦3.9|9.0⟧}')));
  test('an unknown property', () => assertFindings(withSize('{"width": 9, "height": 9, ⟦3.9|"depth"⟧: 1}')));
});

/* ---------- §3.10 info and its sub-clauses ---------- */

describe('3.0 §3.10 info: an object of known, optional properties', () => {
  test('empty info', () => assertFindings(withInfo('{}')));
  test('every property', () =>
    assertFindings(withInfo(`{"domain": "d", "id": "1", "name": "n", "rules": {}, "time": "2013-03-06T10:10Z", "place": "p", ${TWO}, "players": [], "result": {"winner": null}}`)));
  test('info must be an object', () => assertFindings(withInfo('⟦3.10|[]⟧')));
  test('an unknown property: reported over its key', () => assertFindings(withInfo(`{⟦3.10|"event"⟧: "LG Cup"}`)));
  test('size inside info is unknown there', () => assertFindings(withInfo(`{⟦3.10|"size"⟧: 19}`)));
});

describe('3.0 §3.10.1 rules: scoring, komi, type', () => {
  test('all three, valid', () => assertFindings(withInfo(`{"rules": {"scoring": "territory", "komi": 6.5, "type": "Korean"}}`)));
  test('komi 0, 7 and 9.5 are fine', () => {
    for (const komi of ['0', '7', '9.5']) assertFindings(withInfo(`{"rules": {"komi": ${komi}}}`));
  });
  test('rules must be an object', () => assertFindings(withInfo(`{"rules": ⟦3.10.1|"Chinese"⟧}`)));
  test('an unknown property', () => assertFindings(withInfo(`{"rules": {⟦3.10.1|"ko"⟧: "superko"}}`)));
  test('scoring "points" is not allowed', () => assertFindings(withInfo(`{"rules": {"scoring": ⟦3.10.1|"points"⟧}}`)));
  test('scoring "Area" gets "did you mean"', () => {
    assertFindings(withInfo(`{"rules": {"scoring": ⟦3.10.1|"Area"⟧}}`));
    const [f] = analyze(withInfo(`{"rules": {"scoring": "Area"}}`)).findings;
    assert.equal(f.message.id, 'json.enumDidYouMean');
    assert.equal(f.message.args?.[3], 'area');
  });
  test('type "chinese" gets "did you mean Chinese"', () => {
    assertFindings(withInfo(`{"rules": {"type": ⟦3.10.1|"chinese"⟧}}`));
    const [f] = analyze(withInfo(`{"rules": {"type": "chinese"}}`)).findings;
    assert.match(localize(f.message, 'en'), /Did you mean "Chinese"\?/);
  });
  test('type "AGA" is not allowed', () => assertFindings(withInfo(`{"rules": {"type": ⟦3.10.1|"AGA"⟧}}`)));
  test('type must be a string', () => assertFindings(withInfo(`{"rules": {"type": ⟦3.10.1|1⟧}}`)));
  test('komi negative', () => assertFindings(withInfo(`{"rules": {"komi": ⟦3.10.1|-0.5⟧}}`)));
  test('komi 10', () => assertFindings(withInfo(`{"rules": {"komi": ⟦3.10.1|10⟧}}`)));
  test('komi not a multiple of 0.5', () => assertFindings(withInfo(`{"rules": {"komi": ⟦3.10.1|7.25⟧}}`)));
  test('komi as a string', () => assertFindings(withInfo(`{"rules": {"komi": ⟦3.10.1|"7.5"⟧}}`)));
});

describe('3.0 §3.10.2 time: three exact forms, a real UTC date and time', () => {
  for (const time of ['2009-02-23T00:30Z', '2013-03-06T10:10:00Z', '2011-09-05T18:35:19.5822023Z', '2011-09-05T18:35:19.1Z', '2011-09-05T18:35:19.123456789Z', '2012-02-29T23:59:59Z']) {
    test(`${time} is fine`, () => assertFindings(withInfo(`{"time": "${time}"}`)));
  }
  for (const [time, why] of [
    ['2011-09-05', 'a date alone'],
    ['2011-09-05T18:35', 'no Z'],
    ['2011-09-05T18:35:19+08:00', 'a time zone other than Z'],
    ['2011-09-05 18:35Z', 'a space for T'],
    ['2011-09-05T18:35:19.Z', 'a point without fraction digits'],
    ['2011-09-05T18:35:19.1234567890Z', 'ten fraction digits'],
    ['2011-9-5T18:35Z', 'one-digit month and day'],
    ['2011-09-05t18:35z', 'lower-case t and z'],
  ]) {
    test(`${time} is not one of the forms (${why})`, () => assertFindings(withInfo(`{"time": ⟦3.10.2|"${time}"⟧}`)));
  }
  for (const [time, why] of [
    ['2011-02-29T00:00Z', '29 February of a common year'],
    ['2011-04-31T00:00Z', '31 April'],
    ['2011-13-01T00:00Z', 'month 13'],
    ['2011-00-10T00:00Z', 'month 0'],
    ['2011-09-05T24:00Z', 'hour 24'],
    ['2011-09-05T23:60Z', 'minute 60'],
    ['2011-09-05T23:59:60Z', 'second 60'],
  ]) {
    test(`${time} is not a real time (${why})`, () => assertFindings(withInfo(`{"time": ⟦3.10.2|"${time}"⟧}`)));
  }
  test('a number is not a time', () => assertFindings(withInfo(`{"time": ⟦3.10.2|1362564600⟧}`)));
  test('form and calendar errors have their own messages', () => {
    const ids = ['"2011-09-05"', '"2011-02-29T00:00Z"'].map((t) => analyze(withInfo(`{"time": ${t}}`)).findings[0].message.id);
    assert.deepEqual(ids, ['json.gameTimeForm', 'json.gameTimeCalendar']);
  });
});

describe('3.0 §3.10.3 place: a shortString (cited as 3.4)', () => {
  test('a place', () => assertFindings(withInfo(`{"place": "韩国江原道百潭寺"}`)));
  test('a place too long', () => assertFindings(withInfo(`{"place": ⟦3.4|"${'地'.repeat(129)}"⟧}`)));
  test('a place that is not a string', () => assertFindings(withInfo(`{"place": ⟦3.4|["Seoul"]⟧}`)));
});

describe('3.0 §3.10.4 participants: an array of objects with domain, id, name, title, rank', () => {
  test('participants with every property', () =>
    assertFindings(withInfo(`{"participants": [{"domain": "qq", "id": "1", "name": "me", "title": "九段", "rank": "9p"}, {}]}`)));
  test('participants must be an array', () => assertFindings(withInfo(`{"participants": ⟦3.10.4|{"name": "me"}⟧}`)));
  test('each element must be an object', () => assertFindings(withInfo(`{"participants": [⟦3.10.4|"me"⟧, ⟦3.10.4|null⟧]}`)));
  test('an unknown property in a participant', () => assertFindings(withInfo(`{"participants": [{"name": "me", ⟦3.10.4|"color"⟧: 1}]}`)));
});

describe('3.0 §3.10.6 domain, id, name, title, rank are shortStrings (cited as 3.4)', () => {
  test('info name too long', () => assertFindings(withInfo(`{"name": ⟦3.4|"${'x'.repeat(200)}"⟧}`)));
  test('participant title too long', () => assertFindings(withInfo(`{"participants": [{"title": ⟦3.4|"${'x'.repeat(129)}"⟧}]}`)));
  test('participant rank with a line break', () => assertFindings(withInfo(String.raw`{"participants": [{"rank": ⟦3.4|"9\np"⟧}]}`)));
  test('participant id as a number', () => assertFindings(withInfo(`{"participants": [{"id": ⟦3.4|123456789⟧}]}`)));
});

describe('3.0 §3.10.7 players: participant (required) and color', () => {
  test('two players', () => assertFindings(withInfo(`{${TWO}, "players": [{"participant": 0, "color": 1}, {"participant": 1}]}`)));
  test('players must be an array', () => assertFindings(withInfo(`{${TWO}, "players": ⟦3.10.7|{"participant": 0}⟧}`)));
  test('each player must be an object', () => assertFindings(withInfo(`{${TWO}, "players": [⟦3.10.7|0⟧]}`)));
  test('participant missing: reported at the player\'s brace', () => assertFindings(withInfo(`{${TWO}, "players": [⟦3.10.7|{⟧"color": 1}]}`)));
  test('an unknown property', () => assertFindings(withInfo(`{${TWO}, "players": [{"participant": 0, ⟦3.10.7|"name"⟧: "a"}]}`)));
  test('participant out of range (3.7)', () => assertFindings(withInfo(`{${TWO}, "players": [{"participant": ⟦3.7|2⟧}]}`)));
  test('colour 3 (3.5)', () => assertFindings(withInfo(`{${TWO}, "players": [{"participant": 0, "color": ⟦3.5|3⟧}]}`)));
});

describe('3.0 §3.10.8 result: a result (cited as 3.8)', () => {
  test('margin 600 in info.result', () => assertFindings(withInfo(`{"result": {"winner": 2, "margin": ⟦3.8|600⟧}}`)));
});

/* ---------- §3.11–§3.15 value constraints ---------- */

describe('3.0 §3.11 comment: a string of any length', () => {
  test('a long multi-line comment is fine', () => assertFindings(withPre(String.raw`{"comment": "${'很长'.repeat(500)}\n\n第二段"}`)));
  test('a comment must be a string', () => assertFindings(withPre(`{"comment": ⟦3.11|42⟧}`)));
});

describe('3.0 §3.12 mark: exactly point and symbol, one character of a-z A-Z 0-9 @ # $ % & * ?', () => {
  const marks = (...m: string[]) => withPre(`{"marks": [${m.join(', ')}]}`);
  const mark = (symbol: string) => `{"point": ${point(3, 3)}, "symbol": ${symbol}}`;
  test('every symbol of the set is fine', () =>
    assertFindings(marks(...[...'azAZ09@#$%&*?'].map((c) => mark(JSON.stringify(c))))));
  test('two characters', () => assertFindings(marks(mark('⟦3.12|"ab"⟧'))));
  test('an empty symbol', () => assertFindings(marks(mark('⟦3.12|""⟧'))));
  test('"!" is not in the set', () => assertFindings(marks(mark('⟦3.12|"!"⟧'))));
  test('a Chinese character is not in the set', () => assertFindings(marks(mark('⟦3.12|"甲"⟧'))));
  test('a symbol must be a string', () => assertFindings(marks(mark('⟦3.12|1⟧'))));
  test('symbol missing: reported at the mark\'s brace (an array element)', () => assertFindings(marks(`⟦3.12|{⟧"point": ${point(3, 3)}}`)));
  test('an unknown property', () => assertFindings(marks(`{"point": ${point(3, 3)}, "symbol": "a", ⟦3.12|"color"⟧: 1}`)));
  test('a bad point in a mark (3.6)', () => assertFindings(marks(`{"point": {"x": ⟦3.6|-3⟧, "y": 3}, "symbol": "a"}`)));
});

describe('3.0 §3.13 marks: an array of marks', () => {
  test('an empty array is fine', () => assertFindings(withPre(`{"marks": []}`)));
  test('marks must be an array', () => assertFindings(withPre(`{"marks": ⟦3.13|{"point": ${point(3, 3)}, "symbol": "a"}⟧}`)));
  test('an element that is not an object fails the mark constraint (3.12)', () => assertFindings(withPre(`{"marks": [⟦3.12|"a"⟧]}`)));
});

describe('3.0 §3.14 time: seconds, 0 ≤ time < 86400', () => {
  const timed = (time: string) => withSteps(`{"time": ${time}, "action": {"type": "message", "value": "hi"}}`);
  test('0, 1.5 and 86399.999 are fine', () => {
    for (const time of ['0', '1.5', '86399.999']) assertFindings(timed(time));
  });
  test('86400 is too late', () => assertFindings(timed('⟦3.14|86400⟧')));
  test('judged as written, not as the double it rounds to: 86399.99999999999999 is fine; 86400.0, 86400.00000000000001 and 8.64e4 are too late', () => {
    assertFindings(timed('86399.99999999999999'));
    for (const time of ['86400.0', '86400.00000000000001', '8.64e4']) assertFindings(timed(`⟦3.14|${time}⟧`));
  });
  test('negative', () => assertFindings(timed('⟦3.14|-1⟧')));
  test('a string', () => assertFindings(timed('⟦3.14|"10"⟧')));
  test('times that go backwards are allowed (§3.16.3.1: 应 is advice)', () =>
    assertFindings(withSteps(`{"time": 10, "action": {"type": "message", "value": "a"}}`, `{"time": 5, "action": {"type": "message", "value": "b"}}`)));
});

describe('3.0 §3.15 problem: exactly the required color', () => {
  test('a problem, black to play', () => assertFindings(withPre(`{"problem": {"color": 1}}`)));
  test('a problem must be an object', () => assertFindings(withPre(`{"problem": ⟦3.15|1⟧}`)));
  test('color missing: reported at the "problem" key', () => assertFindings(withPre(`{⟦3.15|"problem"⟧: {}}`)));
  test('an unknown property', () => assertFindings(withPre(`{"problem": {"color": 1, ⟦3.15|"answer"⟧: "a"}}`)));
  test('a bad colour (3.5)', () => assertFindings(withPre(`{"problem": {"color": ⟦3.5|0⟧}}`)));
});

/* ---------- §3.16 tree ---------- */

describe('3.0 §3.16 tree: title, pre, steps, branches', () => {
  test('an empty tree is fine', () => assertFindings(MINIMAL));
  test('the root tree must be an object', () => assertFindings(withTree('⟦3.16|[]⟧')));
  test('an unknown property in the root tree', () => assertFindings(withTree(`{⟦3.16|"moves"⟧: []}`)));
  test('an unknown property in a branch', () => assertFindings(withTree(`{"branches": [{⟦3.16|"comment"⟧: "x"}]}`)));
});

describe('3.0 §3.16.1 title: a string', () => {
  test('a title longer than 128 characters is fine (it is no shortString)', () => assertFindings(withTree(`{"title": "${'t'.repeat(300)}"}`)));
  test('a title must be a string', () => assertFindings(withTree(`{"title": ⟦3.16.1|1⟧}`)));
  test('a branch title too', () => assertFindings(withTree(`{"branches": [{"title": ⟦3.16.1|null⟧}]}`)));
});

describe('3.0 §3.16.2 pre: stones, problem, marks, comment', () => {
  test('a full pre', () =>
    assertFindings(withPre(`{"stones": [${black()}], "problem": {"color": 2}, "marks": [{"point": ${point(3, 3)}, "symbol": "a"}], "comment": "c"}`)));
  test('pre must be an object', () => assertFindings(withPre('⟦3.16.2|[]⟧')));
  test('an unknown property', () => assertFindings(withPre(`{⟦3.16.2|"title"⟧: "t"}`)));
});

describe('3.0 §3.16.2.1 stones: objects of exactly color and point', () => {
  test('stones must be an array', () => assertFindings(withPre(`{"stones": ⟦3.16.2.1|${black()}⟧}`)));
  test('each stone must be an object', () => assertFindings(withPre(`{"stones": [⟦3.16.2.1|[1, 3, 3]⟧]}`)));
  test('color missing: reported at the stone\'s brace', () => assertFindings(withPre(`{"stones": [⟦3.16.2.1|{⟧"point": ${point(3, 3)}}]}`)));
  test('point missing', () => assertFindings(withPre(`{"stones": [⟦3.16.2.1|{⟧"color": 1}]}`)));
  test('an unknown property', () => assertFindings(withPre(`{"stones": [{"color": 1, "point": ${point(3, 3)}, ⟦3.16.2.1|"comment"⟧: "x"}]}`)));
});

describe('3.0 §3.16.2.2–4 pre problem, marks, comment (cited as 3.15, 3.13, 3.11)', () => {
  test('pre problem color 3', () => assertFindings(withPre(`{"problem": {"color": ⟦3.5|3⟧}}`)));
  test('pre marks not an array', () => assertFindings(withPre(`{"marks": ⟦3.13|"a"⟧}`)));
  test('pre comment not a string', () => assertFindings(withPre(`{"comment": ⟦3.11|["a"]⟧}`)));
});

describe('3.0 §3.16.3 steps: objects with action (required), time, actor, marks, comment', () => {
  test('a step with every property', () =>
    assertFindings(root(`"info": {${TWO}}, "tree": {"steps": [{"time": 1, "actor": 0, "marks": [], "comment": "c", "action": {"type": "move", "value": ${black()}}}]}`)));
  test('steps must be an array', () => assertFindings(withTree(`{"steps": ⟦3.16.3|{}⟧}`)));
  test('each step must be an object', () => assertFindings(withSteps('⟦3.16.3|"B[dd]"⟧')));
  test('action missing: reported at the step\'s brace', () => assertFindings(withSteps('⟦3.16.3|{⟧"comment": "c"}')));
  test('an unknown property', () =>
    assertFindings(withSteps(`{"action": {"type": "move", "value": ${black()}}, ⟦3.16.3|"evaluation"⟧: "good"}`)));
});

describe('3.0 §3.16.3.1 step time (cited as 3.14)', () => {
  test('a step time of 90000', () => assertFindings(withSteps(`{"time": ⟦3.14|90000⟧, "action": {"type": "message", "value": "a"}}`)));
});

describe('3.0 §3.16.3.2 action: type (required) and value', () => {
  test('action must be an object', () => assertFindings(withAction('⟦3.16.3.2|"move"⟧')));
  test('type missing: reported at the "action" key', () => assertFindings(withSteps(`{⟦3.16.3.2|"action"⟧: {"value": ${black()}}}`)));
  test('an unknown property', () => assertFindings(withAction(`{"type": "move", "value": ${black()}, ⟦3.16.3.2|"time"⟧: 1}`)));
  test('type "pass" is not a type', () => assertFindings(withAction(`{"type": ⟦3.16.3.2|"pass"⟧}`)));
  test('type "Move" gets "did you mean"', () => assertFindings(withAction(`{"type": ⟦3.16.3.2|"Move"⟧, "value": ${black()}}`)));
  test('type must be a string', () => assertFindings(withAction(`{"type": ⟦3.16.3.2|1⟧, "value": ${black()}}`)));
  test('an unknown type with no value: only the type is reported', () => assertFindings(withAction(`{"type": ⟦3.16.3.2|"undo"⟧}`)));
  test('"result" is a type (§3.16.3.2.3, spec-notes)', () => assertFindings(withAction(`{"type": "result", "value": {"winner": 1}}`)));
});

describe('3.0 §3.16.3.2.1 type "move": value of color and point (required), evaluation, problem', () => {
  test('a move', () => assertFindings(withMove(black())));
  test('a pass (point null)', () => assertFindings(withMove(`{"color": 2, "point": null}`)));
  test('with evaluation and problem', () => assertFindings(withMove(`{"color": 1, "point": ${point(3, 3)}, "evaluation": "trick", "problem": {"color": 2}}`)));
  test('value missing: reported at the "action" key', () => assertFindings(withSteps(`{⟦3.16.3.2.1|"action"⟧: {"type": "move"}}`)));
  test('value must be an object', () => assertFindings(withMove('⟦3.16.3.2.1|[1, 3, 3]⟧')));
  test('color missing: reported at the "value" key', () =>
    assertFindings(withAction(`{"type": "move", ⟦3.16.3.2.1|"value"⟧: {"point": ${point(3, 3)}}}`)));
  test('point missing (a pass is point: null, not no point)', () => assertFindings(withAction(`{"type": "move", ⟦3.16.3.2.1|"value"⟧: {"color": 1}}`)));
  test('an unknown property ("至多有 7 个属性" names four)', () =>
    assertFindings(withMove(`{"color": 1, "point": ${point(3, 3)}, ⟦3.16.3.2.1|"comment"⟧: "x"}`)));
});

describe('3.0 §3.16.3.2.1.1–4 move color, point, evaluation, problem', () => {
  test('color 3 (3.5)', () => assertFindings(withMove(`{"color": ⟦3.5|3⟧, "point": ${point(3, 3)}}`)));
  test('point off the board (3.6)', () => assertFindings(withMove(`{"color": 1, "point": {"x": 3, "y": ⟦3.6|20⟧}}`)));
  test('point as an array (3.6)', () => assertFindings(withMove(`{"color": 1, "point": ⟦3.6|[3, 3]⟧}`)));
  test('every evaluation is fine', () => {
    for (const e of ['bad', 'good', 'trick', 'controversial']) assertFindings(withMove(`{"color": 1, "point": null, "evaluation": "${e}"}`));
  });
  test('evaluation "normal" does not exist in 3.0', () => assertFindings(withMove(`{"color": 1, "point": null, "evaluation": ⟦3.16.3.2.1.3|"normal"⟧}`)));
  test('evaluation "Good" gets "did you mean"', () => assertFindings(withMove(`{"color": 1, "point": null, "evaluation": ⟦3.16.3.2.1.3|"Good"⟧}`)));
  test('evaluation must be a string', () => assertFindings(withMove(`{"color": 1, "point": null, "evaluation": ⟦3.16.3.2.1.3|1⟧}`)));
  test('problem without color (3.15)', () => assertFindings(withMove(`{"color": 1, "point": null, ⟦3.15|"problem"⟧: {}}`)));
});

describe('3.0 §3.16.3.2.2 type "takeback": value a positive integer', () => {
  const takeback = (value: string) => withSteps(`{"action": {"type": "move", "value": ${black()}}}`, `{"action": {"type": "takeback", "value": ${value}}}`);
  test('1', () => assertFindings(takeback('1')));
  test('0', () => assertFindings(takeback('⟦3.16.3.2.2|0⟧')));
  test('1.5', () => assertFindings(takeback('⟦3.16.3.2.2|1.5⟧')));
  test('1.0 must be written 1', () => assertFindings(takeback('⟦3.16.3.2.2|1.0⟧')));
  test('"1"', () => assertFindings(takeback('⟦3.16.3.2.2|"1"⟧')));
  test('value missing: reported at the "action" key', () => assertFindings(withSteps(`{⟦3.16.3.2.2|"action"⟧: {"type": "takeback"}}`)));
});

describe('3.0 §3.16.3.2.3 type "result": value a result (cited as 3.8)', () => {
  test('a counted result', () => assertFindings(withAction(`{"type": "result", "value": {"winner": 2, "margin": 0.5}}`)));
  test('value missing: reported at the "action" key, citing 3.16.3.2.3', () =>
    assertFindings(withSteps(`{⟦3.16.3.2.3|"action"⟧: {"type": "result"}}`)));
  test('value not an object (3.8)', () => assertFindings(withAction(`{"type": "result", "value": ⟦3.8|1⟧}`)));
  test('winner missing (3.8, at the "value" key)', () => assertFindings(withAction(`{"type": "result", ⟦3.8|"value"⟧: {"margin": 1}}`)));
  test('winner 0 (3.5)', () => assertFindings(withAction(`{"type": "result", "value": {"winner": ⟦3.5|0⟧}}`)));
  test('margin 0.3 (3.8)', () => assertFindings(withAction(`{"type": "result", "value": {"winner": 1, "margin": ⟦3.8|0.3⟧}}`)));
});

describe('3.0 §3.16.3.2.4 type "mark": value a mark (cited as 3.12)', () => {
  test('a mark', () => assertFindings(withAction(`{"type": "mark", "value": {"point": ${point(3, 9)}, "symbol": "a"}}`)));
  test('value missing', () => assertFindings(withSteps(`{⟦3.16.3.2.4|"action"⟧: {"type": "mark"}}`)));
  test('value an array of marks (one mark only)', () =>
    assertFindings(withAction(`{"type": "mark", "value": ⟦3.12|[{"point": ${point(3, 9)}, "symbol": "a"}]⟧}`)));
  test('a bad symbol', () => assertFindings(withAction(`{"type": "mark", "value": {"point": ${point(3, 9)}, "symbol": ⟦3.12|"ab"⟧}}`)));
});

describe('3.0 §3.16.3.2.5 type "message": value a comment (cited as 3.11)', () => {
  test('a message', () => assertFindings(withAction(`{"type": "message", "value": "大家好"}`)));
  test('value missing', () => assertFindings(withSteps(`{⟦3.16.3.2.5|"action"⟧: {"type": "message"}}`)));
  test('value not a string', () => assertFindings(withAction(`{"type": "message", "value": ⟦3.11|{"text": "hi"}⟧}`)));
});

describe('3.0 §3.16.3.3–5 actor, marks, comment of a step (cited as 3.7, 3.13, 3.11)', () => {
  test('actor out of range', () => assertFindings(withActor('⟦3.7|5⟧')));
  test('step marks not an array', () => assertFindings(withSteps(`{"action": {"type": "move", "value": ${black()}}, "marks": ⟦3.13|"a"⟧}`)));
  test('step marks with a bad mark', () =>
    assertFindings(withSteps(`{"action": {"type": "move", "value": ${black()}}, "marks": [{"point": ${point(3, 3)}, "symbol": ⟦3.12|"!"⟧}]}`)));
  test('step comment not a string', () => assertFindings(withSteps(`{"action": {"type": "move", "value": ${black()}}, "comment": ⟦3.11|true⟧}`)));
});

describe('3.0 §3.16.4 branches: an array of trees', () => {
  test('two branches after a step', () =>
    assertFindings(withTree(`{"steps": [{"action": {"type": "move", "value": ${black()}}}], "branches": [{"title": "a"}, {"title": "b"}]}`)));
  test('branches must be an array', () => assertFindings(withTree(`{"branches": ⟦3.16.4|{}⟧}`)));
  test('each branch must be an object', () => assertFindings(withTree(`{"branches": [⟦3.16.4|"a"⟧, ⟦3.16.4|[]⟧]}`)));
  test('errors deep in nested branches are found', () =>
    assertFindings(withTree(`{"branches": [{"branches": [{"branches": [{"steps": [{"action": {"type": ⟦3.16.3.2|"mvoe"⟧}}]}]}]}]}`)));
});

/* ---------- messages ---------- */

describe('3.0 messages', () => {
  test('every json message has English and Chinese text', () => {
    for (const [id, text] of catalogueEntries()) {
      if (!id.startsWith('json.')) continue;
      assert.ok(text.en.length > 0 && text.zh.length > 0, id);
    }
  });
  test('every finding of these fixtures fills all its placeholders, in both languages', () => {
    const fixtures = [
      `{"format": 'x', "version": 3, "size": {"width": 0}, "info": {"rules": {"type": "chinese", "komi": 11}, "time": "x"}, "tree": {"steps": [{"actor": 1, "action": {"type": "Move"}}], "x": 01}}`,
      `{"format": "wei7" "version": "3.0", "tree": {"pre": {"stones": [{"color": 3, "point": {"x": 1.0, "y": 30}}]}, "tree": 1}`,
    ];
    for (const marked of fixtures) {
      const { text } = parseMarked(marked);
      for (const f of analyze(text).findings) {
        for (const locale of ['en', 'zh-cn'] as const) {
          const words = localize(f.message, locale);
          assert.doesNotMatch(words, /\{\d\}/, `${f.message.id} (${locale}): ${words}`);
          assert.notEqual(words, f.message.id, `${f.message.id} has no text`);
        }
      }
      assert.ok(toExpected(analyze(text).findings).length > 5);
    }
  });
});
