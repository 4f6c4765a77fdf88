/**
 * The document model of wei7 3.0 documents (model/buildJson.ts): node kinds and values, the game
 * tree links (parent, children, roots), lines and spans, leniency and deep nesting.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/analysis';
import { parseJson } from '../../server/src/parse/json/parseJson';
import { buildJsonModel } from '../../server/src/model/buildJson';
import type { PlayNode, Span, Wei7Document } from '../../server/src/model/types';

function model(text: string): Wei7Document {
  return buildJsonModel(parseJson(text, 0));
}

/** The text a span covers. */
function at(text: string, span: Span | undefined): string | undefined {
  return span && text.slice(span.start, span.end);
}

/** A node named by its comment, for readable assertions. */
function label(node: PlayNode | undefined): string | undefined {
  return node?.comment?.value;
}

const move = (comment: string, color: 1 | 2, x: number, y: number) =>
  `{"action": {"type": "move", "value": {"color": ${color}, "point": {"x": ${x}, "y": ${y}}}}, "comment": "${comment}"}`;

const GAME = `{
  "format": "wei7",
  "version": "3.0",
  "tree": {
    "title": "main",
    "pre": {"comment": "pre", "stones": [{"color": 1, "point": {"x": 3, "y": 3}}]},
    "steps": [${move('m1', 2, 15, 15)}, ${move('m2', 1, 15, 3)}],
    "branches": [
      {"steps": [${move('a1', 2, 3, 15)}, ${move('a2', 1, 16, 16)}]},
      {"title": "b", "steps": [${move('b1', 2, 2, 2)}],
       "branches": [{"steps": [${move('c1', 1, 5, 5)}]}, {"steps": [${move('d1', 1, 6, 6)}]}]},
      {"branches": [{"steps": [${move('e1', 2, 7, 7)}]}]}
    ]
  }
}`;

describe('3.0 model: the game tree', () => {
  const doc = model(GAME);
  const byLabel = (name: string) => doc.nodes.find((n) => label(n) === name)!;

  test('format, spec, version and the default size', () => {
    assert.equal(doc.format, 'json');
    assert.equal(doc.spec, '3.0');
    assert.equal(doc.version?.value, '3.0');
    assert.deepEqual(doc.size, { width: 19, height: 19 });
  });
  test('nodes in file order, with their index', () => {
    assert.deepEqual(doc.nodes.map(label), ['pre', 'm1', 'm2', 'a1', 'a2', 'b1', 'c1', 'd1', 'e1']);
    doc.nodes.forEach((node, i) => assert.equal(node.index, i));
  });
  test('kinds: the pre and the moves', () => {
    assert.deepEqual(doc.nodes.map((n) => n.kind), ['pre', 'move', 'move', 'move', 'move', 'move', 'move', 'move', 'move']);
  });
  test('the pre starts from the empty board and is the only root', () => {
    assert.deepEqual(doc.roots.map(label), ['pre']);
    assert.equal(byLabel('pre').parent, undefined);
  });
  test('each step follows the one before it', () => {
    assert.equal(label(byLabel('m1').parent), 'pre');
    assert.equal(label(byLabel('m2').parent), 'm1');
    assert.equal(label(byLabel('a2').parent), 'a1');
  });
  test('branches start after the last step of their tree, main line first', () => {
    assert.equal(label(byLabel('a1').parent), 'm2');
    assert.equal(label(byLabel('b1').parent), 'm2');
    assert.deepEqual(byLabel('m2').children.map(label), ['a1', 'b1', 'e1']);
  });
  test('a branch without nodes of its own: its branches start where it starts', () => {
    assert.equal(label(byLabel('e1').parent), 'm2');
  });
  test('nested branches start after the last step of the branch', () => {
    assert.deepEqual(byLabel('b1').children.map(label), ['c1', 'd1']);
  });
  test('children lists match parents', () => {
    for (const node of doc.nodes) {
      for (const child of node.children) assert.equal(child.parent, node);
      if (node.parent) assert.ok(node.parent.children.includes(node));
    }
  });
  test('lines: the root tree keyed by its "tree" key, branches by their brace', () => {
    const root = doc.rootLine!;
    assert.equal(at(GAME, root.keySpan), '"tree"');
    assert.equal(root.title?.value, 'main');
    assert.equal(at(GAME, root.span)?.startsWith('{\n    "title": "main"'), true);
    assert.deepEqual(root.nodes.map(label), ['pre', 'm1', 'm2']);
    assert.equal(root.lines.length, 3);
    assert.deepEqual(root.lines.map((l) => at(GAME, l.keySpan)), ['{', '{', '{']);
    assert.deepEqual(root.lines.map((l) => l.title?.value), [undefined, 'b', undefined]);
    assert.deepEqual(root.lines[1].lines.map((l) => l.nodes.map(label)), [['c1'], ['d1']]);
    assert.equal(root.lines[1].lines[0].parentLine, root.lines[1]);
    assert.equal(root.lines[0].parentLine, root);
    assert.equal(byLabel('c1').line, root.lines[1].lines[0]);
    assert.equal(root.title?.span && at(GAME, root.title.span), '"main"');
  });
  test('node spans and key spans: the pre by its key, a step by its action type', () => {
    assert.equal(at(GAME, byLabel('pre').keySpan), '"pre"');
    assert.equal(at(GAME, byLabel('pre').span)?.startsWith('{"comment": "pre"'), true);
    assert.equal(at(GAME, byLabel('m1').keySpan), '"move"');
    assert.equal(at(GAME, byLabel('m1').span), move('m1', 2, 15, 15));
  });
  test('the pre stones and the move values', () => {
    const pre = byLabel('pre');
    assert.equal(pre.kind, 'pre');
    if (pre.kind !== 'pre') return;
    assert.deepEqual(pre.stones.map((s) => [s.color, s.point.x, s.point.y]), [['black', 3, 3]]);
    assert.equal(at(GAME, pre.stones[0].point.span), '{"x": 3, "y": 3}');
    const m1 = byLabel('m1');
    assert.equal(m1.kind, 'move');
    if (m1.kind !== 'move') return;
    assert.equal(m1.color?.value, 'white');
    assert.equal(at(GAME, m1.color?.span), '2');
    assert.deepEqual([m1.point?.x, m1.point?.y], [15, 15]);
  });
  test('branches written before steps: nodes are still in file order, links by play order', () => {
    const text = `{"format": "wei7", "version": "3.0", "tree": {"branches": [{"steps": [${move('v', 1, 1, 1)}]}], "steps": [${move('s', 2, 2, 2)}]}}`;
    const d = model(text);
    assert.deepEqual(d.nodes.map(label), ['v', 's']);
    assert.deepEqual(d.nodes.map((n) => n.index), [0, 1]);
    assert.equal(label(d.nodes[0].parent), 's');
    assert.deepEqual(d.roots.map(label), ['s']);
  });
  test('a root tree with branches only: each branch starts from the empty board', () => {
    const d = model(`{"format": "wei7", "version": "3.0", "tree": {"branches": [{"steps": [${move('x', 1, 1, 1)}]}, {"steps": [${move('y', 1, 2, 2)}]}]}}`);
    assert.deepEqual(d.roots.map(label), ['x', 'y']);
  });
});

describe('3.0 model: steps of every action type', () => {
  const text = `{"format": "wei7", "version": "3.0", "info": {"participants": [{"name": "a"}, {"name": "b"}]}, "tree": {"steps": [
    {"time": 1.5, "actor": 1, "action": {"type": "move", "value": {"color": 1, "point": null, "evaluation": "good", "problem": {"color": 2}}}, "marks": [{"point": {"x": 1, "y": 2}, "symbol": "a"}]},
    {"action": {"type": "takeback", "value": 2}},
    {"action": {"type": "result", "value": {"winner": null, "margin": 3.5}}},
    {"action": {"type": "mark", "value": {"point": {"x": 3, "y": 9}, "symbol": "#"}}},
    {"action": {"type": "message", "value": "hello"}},
    {"action": {"type": "pass"}},
    {"comment": "no action"},
    {"action": {"type": "move", "value": {"color": 2, "point": {"x": -1, "y": 2}}}},
    {"action": {"type": "move"}}
  ]}}`;
  const doc = model(text);
  test('kinds in order', () => {
    assert.deepEqual(doc.nodes.map((n) => n.kind), ['move', 'takeback', 'result', 'mark', 'message', 'unknown', 'unknown', 'move', 'move']);
  });
  test('a pass has point null; time, actor, evaluation, problem and marks are read', () => {
    const pass = doc.nodes[0];
    assert.ok(pass.kind === 'move');
    assert.equal(pass.point, null);
    assert.equal(pass.color?.value, 'black');
    assert.equal(pass.time?.value, 1.5);
    assert.equal(pass.actor?.value, 1);
    assert.equal(pass.evaluation?.value, 'good');
    assert.equal(pass.problem?.value, 'white');
    assert.deepEqual(pass.marks.map((m) => [m.point.x, m.point.y, m.symbol.value]), [[1, 2, 'a']]);
  });
  test('takeback count, result, mark and message', () => {
    const [, takeback, result, mark, message] = doc.nodes;
    assert.ok(takeback.kind === 'takeback' && result.kind === 'result' && mark.kind === 'mark' && message.kind === 'message');
    assert.equal(takeback.count?.value, 2);
    assert.equal(result.result?.winner?.value, null);
    assert.equal(result.result?.margin?.value, 3.5);
    assert.deepEqual([mark.mark?.point.x, mark.mark?.point.y, mark.mark?.symbol.value], [3, 9, '#']);
    assert.equal(message.text?.value, 'hello');
  });
  test('key spans: the action type, else the "action" key, else the step brace', () => {
    assert.equal(at(text, doc.nodes[5].keySpan), '"pass"');
    assert.equal(at(text, doc.nodes[6].keySpan), '{');
    assert.equal(at(text, doc.nodes[8].keySpan), '"move"');
  });
  test('an unreadable point is undefined (not a pass); a move without value has neither colour nor point', () => {
    const bad = doc.nodes[7];
    const empty = doc.nodes[8];
    assert.ok(bad.kind === 'move' && empty.kind === 'move');
    assert.equal(bad.point, undefined);
    assert.equal(bad.color?.value, 'white');
    assert.equal(empty.point, undefined);
    assert.equal(empty.color, undefined);
  });
  test('the steps form one line of play', () => {
    for (let i = 1; i < doc.nodes.length; i++) assert.equal(doc.nodes[i].parent, doc.nodes[i - 1]);
    assert.deepEqual(doc.roots, [doc.nodes[0]]);
  });
});

describe('3.0 model: info and size', () => {
  const text = `{"format": "wei7", "version": "3.0", "size": {"width": 13, "height": 9}, "info": {
    "domain": "wei7", "id": "1", "name": "game", "place": "here", "time": "2013-03-06T10:10Z",
    "rules": {"scoring": "area", "komi": 7.5, "type": "Chinese"},
    "participants": [{"name": "zhang", "rank": "9p"}, "not an object", {"domain": "qq", "id": "2", "title": "t"}],
    "players": [{"participant": 0, "color": 1}, {"participant": 2}],
    "result": {"winner": 2}
  }, "tree": {}}`;
  const doc = model(text);
  test('the {width, height} size with its span', () => {
    assert.deepEqual([doc.size?.width, doc.size?.height], [13, 9]);
    assert.equal(at(text, doc.size?.span), '{"width": 13, "height": 9}');
  });
  test('info strings and rules', () => {
    const info = doc.info;
    assert.deepEqual([info.domain?.value, info.id?.value, info.name?.value, info.place?.value, info.time?.value], ['wei7', '1', 'game', 'here', '2013-03-06T10:10Z']);
    assert.deepEqual([info.rules?.scoring?.value, info.rules?.komi?.value, info.rules?.type?.value], ['area', 7.5, 'Chinese']);
    assert.equal(at(text, info.span)?.startsWith('{\n    "domain"'), true);
  });
  test('participants keep their array index when an element before them is unreadable', () => {
    assert.deepEqual(doc.info.participants.map((p) => [p.index, p.name?.value ?? p.id?.value]), [[0, 'zhang'], [2, '2']]);
    assert.equal(doc.info.participants[0].rank?.value, '9p');
    assert.equal(doc.info.participants[1].title?.value, 't');
  });
  test('players and the result', () => {
    assert.deepEqual(doc.info.players.map((p) => [p.participant?.value, p.color?.value]), [[0, 'black'], [2, undefined]]);
    assert.equal(doc.info.result?.winner?.value, 'white');
    assert.equal(doc.info.result?.margin, undefined);
  });
  test('a square size with its span; an invalid size is unreadable', () => {
    const square = `{"format": "wei7", "version": "3.0", "size": 9, "tree": {}}`;
    assert.deepEqual(model(square).size, { width: 9, height: 9, span: { start: square.indexOf('9,'), end: square.indexOf('9,') + 1 } });
    assert.equal(model(`{"format": "wei7", "version": "3.0", "size": 0, "tree": {}}`).size, undefined);
    assert.equal(model(`{"format": "wei7", "version": "3.0", "size": {"width": 9}, "tree": {}}`).size, undefined);
  });
  test('enum values in the wrong case are not taken (validation suggests the fix)', () => {
    const d = model(`{"format": "wei7", "version": "3.0", "info": {"rules": {"type": "chinese"}}, "tree": {}}`);
    assert.equal(d.info.rules?.type, undefined);
  });
});

describe('3.0 model: leniency', () => {
  test('a root that is not an object, or no tree: an empty model, no exception', () => {
    for (const text of ['[1, 2]', '"x"', '{}', '{"tree": 1}', '{"tree": []}', '{"tree": {"steps": 1, "branches": {}, "pre": []}}']) {
      const doc = model(text);
      assert.equal(doc.format, 'json');
      assert.deepEqual(doc.nodes, []);
      assert.deepEqual(doc.info.participants, []);
    }
  });
  test('a half-typed document still has the nodes before the break', () => {
    const text = `{"format": "wei7", "version": "3.0", "tree": {"steps": [${move('one', 1, 3, 3)}, ${move('two', 2, 4, 4)}, {"action": {"type": "move", "value": {"color": 1, "point": {"x": 5, "y":`;
    const doc = analyze(text).document!;
    assert.deepEqual(doc.nodes.map((n) => n.kind), ['move', 'move', 'move']);
    assert.deepEqual(doc.nodes.map(label), ['one', 'two', undefined]);
    const third = doc.nodes[2];
    assert.ok(third.kind === 'move');
    assert.equal(third.color?.value, 'black');
    assert.equal(third.point, undefined);
  });
  test('every prefix of a document parses, validates and builds without an exception', () => {
    for (let end = 0; end <= GAME.length; end++) {
      const text = GAME.slice(0, end);
      assert.doesNotThrow(() => analyze(text), `prefix of length ${end}`);
    }
  });
  test('syntax errors inside a step: the rest of the document is still read', () => {
    const text = `{"format": "wei7", "version": "3.0", "tree": {"steps": [${move('one', 1, 3, 3)}, {"action": {"type": 'move', "value": {"color": 2, "point": {"x": 01, "y": 4}}}, "comment": "two"}, ${move('three', 1, 5, 5)}]}}`;
    const doc = model(text);
    assert.deepEqual(doc.nodes.map(label), ['one', 'two', 'three']);
    assert.equal(doc.nodes[1].kind, 'move');
  });
});

describe('3.0 model: depth', () => {
  test('100,000 nested branches: no stack overflow in parsing, checking, building or the engine', () => {
    const depth = 100_000;
    const bottom = `{"steps": [${move('bottom', 1, 3, 3)}]}`;
    const text = `{"format": "wei7", "version": "3.0", "tree": ${'{"branches": ['.repeat(depth)}${bottom}${']}'.repeat(depth)}}`;
    const analysis = analyze(text);
    assert.deepEqual(analysis.findings, []);
    const doc = analysis.document!;
    assert.deepEqual(doc.nodes.map(label), ['bottom']);
    assert.deepEqual(doc.roots.map(label), ['bottom']);
    let levels = 0;
    for (let line = doc.rootLine; line; line = line.lines[0]) levels++;
    assert.equal(levels, depth + 1);
  });
  test('20,000 nested branches with a move each: every move follows the one before', () => {
    const depth = 20_000;
    const level = `{"steps": [{"action": {"type": "move", "value": {"color": 1, "point": null}}}], "branches": [`;
    const text = `{"format": "wei7", "version": "3.0", "tree": ${level.repeat(depth)}{}${']}'.repeat(depth)}}`;
    const doc = model(text);
    assert.equal(doc.nodes.length, depth);
    for (let i = 1; i < depth; i++) assert.equal(doc.nodes[i].parent, doc.nodes[i - 1]);
    assert.equal(doc.roots.length, 1);
  });
  test('100,000 nested arrays in an unknown property: no stack overflow', () => {
    const depth = 100_000;
    const text = `{"format": "wei7", "version": "3.0", "tree": {}, "x": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const clauses = analyze(text).findings.map((f) => f.clause);
    assert.deepEqual(clauses, ['3.2']);
  });
  test('100,000 unclosed arrays: one syntax error at the end, no stack overflow', () => {
    const depth = 100_000;
    const text = `{"format": "wei7", "version": "3.0", "tree": {}, "x": ${'['.repeat(depth)}`;
    const findings = analyze(text).findings.map((f) => [f.clause, f.message.id]);
    assert.deepEqual(findings, [['3.2', 'json.unknownProperty'], ['3.1', 'json.unexpectedEnd']]);
  });
});
