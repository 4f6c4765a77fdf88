/**
 * The 2.x element tree's spans, exactly, on a small document: each element's tags, name, content
 * and attributes (name, value, whole), whole and after edits before them. Some of these spans are
 * made when read rather than kept (an attribute's name and whole spans, a self-closing element's
 * content span: parse/xml/tags.ts), and attributes packed while the document is idle are made
 * again when read: this pins what they must be, wherever the tree came from.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, compactInSlices, DEFAULT_ANALYSIS_OPTIONS, reanalyze, type Analysis } from '../../server/src/analysis';
import type { XmlElement } from '../../server/src/parse/xml/parseXml';

/** Every element read by saxes (no plain moves: parse/xml/plainMoves.ts), for the packing tests. */
const GENERIC = { ...DEFAULT_ANALYSIS_OPTIONS, readsPlainMoves: false };

const DOCUMENT =
  '<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n' +
  '    <black x="3" y="4" />\n    <white  y = "16"   x="5"/>\n    <black x="10" y="10" comment="好"></black>\n  </moves>\n</wei7>\n';

/** The element named `name`, the `nth` of them in document order. */
function elementOf(a: Analysis, name: string, nth = 0): XmlElement {
  assert.equal(a.syntax?.format, 'xml');
  const found: XmlElement[] = [];
  const pending: XmlElement[] = a.syntax.format === 'xml' && a.syntax.xml.root ? [a.syntax.xml.root] : [];
  for (let e = pending.shift(); e; e = pending.shift()) {
    if (e.name === name) found.push(e);
    pending.unshift(...e.children.filter((c): c is XmlElement => c.kind === 'element'));
  }
  assert.ok(found[nth], `${name} #${nth} is in the tree`);
  return found[nth];
}

/** Every span of an element, as the text they cover (so the test reads as the document does). */
function spansOf(text: string, e: XmlElement): Record<string, string> {
  const cut = (s: { start: number; end: number }): string => `${s.start}:${JSON.stringify(text.slice(s.start, s.end))}`;
  const spans: Record<string, string> = { span: cut(e.span), startTag: cut(e.startTag), name: cut(e.nameSpan), content: cut(e.contentSpan) };
  for (const a of e.attributes) {
    spans[`${a.name}.name`] = cut(a.nameSpan);
    spans[`${a.name}.value`] = cut(a.valueSpan);
    spans[`${a.name}.whole`] = cut(a.span);
  }
  return spans;
}

/** What spansOf must give for the three moves of DOCUMENT, found with indexOf in `text`. */
function expectedMoves(text: string): Record<string, string>[] {
  const at = (s: string, from = 0): number => {
    const i = text.indexOf(s, from);
    assert.ok(i >= 0, s);
    return i;
  };
  const cut = (start: number, end: number): string => `${start}:${JSON.stringify(text.slice(start, end))}`;
  const first = at('<black x="3"');
  const firstEnd = at('/>', first) + 2;
  const second = at('<white');
  const secondEnd = at('/>', second) + 2;
  const third = at('<black x="10"');
  const thirdTagEnd = at('>', third) + 1;
  const thirdEnd = at('</black>') + '</black>'.length;
  return [
    {
      span: cut(first, firstEnd), startTag: cut(first, firstEnd), name: cut(first + 1, first + 6), content: cut(firstEnd, firstEnd),
      'x.name': cut(at('x="3"'), at('x="3"') + 1), 'x.value': cut(at('3"', first), at('3"', first) + 1), 'x.whole': cut(at('x="3"'), at('x="3"') + 5),
      'y.name': cut(at('y="4"'), at('y="4"') + 1), 'y.value': cut(at('4"', first), at('4"', first) + 1), 'y.whole': cut(at('y="4"'), at('y="4"') + 5),
    },
    {
      span: cut(second, secondEnd), startTag: cut(second, secondEnd), name: cut(second + 1, second + 6), content: cut(secondEnd, secondEnd),
      'y.name': cut(at('y = "16"'), at('y = "16"') + 1), 'y.value': cut(at('16"'), at('16"') + 2), 'y.whole': cut(at('y = "16"'), at('y = "16"') + 8),
      'x.name': cut(at('x="5"'), at('x="5"') + 1), 'x.value': cut(at('5"/>'), at('5"/>') + 1), 'x.whole': cut(at('x="5"'), at('x="5"') + 5),
    },
    {
      span: cut(third, thirdEnd), startTag: cut(third, thirdTagEnd), name: cut(third + 1, third + 6), content: cut(thirdTagEnd, at('</black>')),
      'x.name': cut(third + 7, third + 8), 'x.value': cut(third + 10, third + 12), 'x.whole': cut(third + 7, third + 13),
      'y.name': cut(third + 14, third + 15), 'y.value': cut(third + 17, third + 19), 'y.whole': cut(third + 14, third + 20),
      'comment.name': cut(at('comment="'), at('comment="') + 7), 'comment.value': cut(at('好'), at('好') + 1), 'comment.whole': cut(at('comment="'), at('好') + 2),
    },
  ];
}

function movesOf(a: Analysis): Record<string, string>[] {
  return [elementOf(a, 'black', 0), elementOf(a, 'white', 0), elementOf(a, 'black', 1)].map((e) => spansOf(a.text, e));
}

describe('2.x element tree spans', () => {
  test('tags, names, content and attributes of self-closing and closed elements', () => {
    const a = analyze(DOCUMENT);
    assert.deepEqual(movesOf(a), expectedMoves(a.text));
    const [selfClosing, , closed] = [elementOf(a, 'black', 0), elementOf(a, 'white', 0), elementOf(a, 'black', 1)];
    assert.equal(selfClosing.closed, true);
    assert.equal(selfClosing.children.length, 0);
    assert.equal(closed.closed, true);
  });

  test('an element is its own start tag: written as JSON it is that span, and a self-closing one takes no end', () => {
    const a = analyze(DOCUMENT);
    const [selfClosing, closed] = [elementOf(a, 'black', 0), elementOf(a, 'black', 1)];
    assert.equal(selfClosing.startTag, selfClosing);
    assert.equal(selfClosing.span, selfClosing);
    assert.equal(JSON.stringify(selfClosing), JSON.stringify({ start: a.text.indexOf('<black x="3"'), end: a.text.indexOf('<white') - 5 }));
    assert.equal(JSON.stringify({ span: closed.span, startTag: closed.startTag }), JSON.stringify({ span: closed.span, startTag: { start: closed.startTag.start, end: closed.startTag.end } }));
    assert.throws(() => {
      selfClosing.closed = false;
    }, /closes itself/);
    assert.throws(() => {
      selfClosing.span = { start: 0, end: 1 };
    }, /closes itself/);
  });

  test('the same after edits before the moves (longer, shorter, and one inside the size)', () => {
    let a = analyze(DOCUMENT);
    for (const [before, after] of [['<moves>', '<moves>\n    <!-- 注释 -->'], ['19', '9'], ['<!-- 注释 -->', '']] as const) {
      const at = a.text.indexOf(before);
      a = reanalyze(a, { start: at, end: at + before.length, text: after });
      assert.deepEqual(movesOf(a), expectedMoves(a.text), `after ${JSON.stringify(after)}`);
      assert.deepEqual(movesOf(a), movesOf(analyze(a.text)), 'as a fresh analysis');
    }
  });

  test('the same after edits before the moves with nothing read between them, then packed while idle', () => {
    // A move's value spans take the edits' moves when next read (tags.ts attributesMove): three
    // edits add up before anything reads them, and packing (offsets from the start tag) must
    // write them first.
    let a = analyze(DOCUMENT);
    for (const [before, after] of [['<moves>', '<moves>\n    <!-- 注释 -->'], ['19', '9'], ['<size>', '<size> ']] as const) {
      const at = a.text.indexOf(before);
      a = reanalyze(a, { start: at, end: at + before.length, text: after });
    }
    assert.equal(packNow(a), 3);
    assert.deepEqual(movesOf(a), expectedMoves(a.text), 'packed after three edits, read back');
    assert.deepEqual(movesOf(a), movesOf(analyze(a.text)), 'as a fresh analysis');
    const at = a.text.indexOf('<!-- 注释 -->');
    a = reanalyze(a, { start: at, end: at + '<!-- 注释 -->'.length, text: '' });
    assert.deepEqual(movesOf(a), expectedMoves(a.text), 'after an edit that met them packed');
  });

  test('the same with the attributes packed while idle, read back, and after edits that meet them packed', () => {
    // A plain move (parse/xml/plainMoves.ts, the first) keeps its attributes unmade: nothing to pack.
    assert.equal(packNow(analyze(DOCUMENT)), 2);
    // Read by saxes, all three moves: the model holds no span of a move's attributes (the third's comment counts from its start tag).
    let a = analyze(DOCUMENT, GENERIC);
    assert.equal(packNow(a), 3);
    assert.deepEqual(movesOf(a), expectedMoves(a.text), 'read back');
    for (const [before, after] of [['<moves>', '<moves>\n    <!-- 注释 -->'], ['19', '9'], ['<!-- 注释 -->', '']] as const) {
      assert.equal(packNow(a), 3);
      const at = a.text.indexOf(before);
      a = reanalyze(a, { start: at, end: at + before.length, text: after }, GENERIC);
      assert.deepEqual(movesOf(a), expectedMoves(a.text), `after ${JSON.stringify(after)}`);
      // The model's comment, read after the edit met the attributes packed, is where the text has it.
      const comment = a.document?.nodes[2].comment;
      assert.deepEqual(comment && { value: comment.value, span: comment.span }, { value: '好', span: { start: a.text.indexOf('好'), end: a.text.indexOf('好') + 1 } }, `comment after ${JSON.stringify(after)}`);
    }
  });
});

describe('2.x attributes lie in their start tags', () => {
  test('a value read past the end saxes gave its tag is no value (the fuzz, seed 25454)', () => {
    // `;="e2ees>`: saxes ends the tag at its `>` (the `;` is no name); a value holding a quote
    // inside (`"e2ees>…x="`) would end in the next move's tag, which it overlapped.
    const text = '<wei7 version="2.2">\n  <size>9</size>\n  <moves>\n    <black x="2" y="2" />\n    <white;="e2ees>\n      <black x="2" y="6" />\n  </moves>\n</wei7>\n';
    const a = analyze(text);
    const white = elementOf(a, 'white');
    assert.equal(text.slice(white.startTag.start, white.startTag.end), '<white;="e2ees>');
    assert.deepEqual(white.attributes.map((at) => at.name), []);
    const next = elementOf(a, 'black', 1);
    assert.deepEqual(next.attributes.map((at) => [at.name, text.slice(at.span.start, at.span.end), text.slice(at.valueSpan.start, at.valueSpan.end)]), [['x', 'x="2"', '2'], ['y', 'y="6"', '6']]);
  });
});

describe('2.x element tree text', () => {
  /** The texts an element holds, as written. */
  const textsOf = (a: Analysis, name: string): string[] =>
    elementOf(a, name).children.flatMap((c) => (c.kind === 'text' ? [a.text.slice(c.span.start, c.span.end)] : []));
  test('the containers keep no white space between their children; a value and stray text are kept', () => {
    const text = DOCUMENT.replace('<size>19</size>', '<size> 19 </size>').replace('<white ', '续 <white ');
    const a = analyze(text);
    assert.deepEqual(textsOf(a, 'wei7'), []);
    assert.deepEqual(textsOf(a, 'moves'), ['\n    续 ']);
    assert.deepEqual(textsOf(a, 'size'), [' 19 ']);
    assert.deepEqual(elementOf(a, 'moves').children.map((c) => (c.kind === 'element' ? c.name : 'text')), ['black', 'text', 'white', 'black']);
    assert.deepEqual(a.findings.map((f) => [f.message.id, text.slice(f.span.start, f.span.end)]), [['xml.textNotAllowed', '续']]);
  });
  test('"<" typed before a start tag: the children of the element around do not overlap, and the tag starts at its own "<" (the fuzz, seed 22525)', () => {
    // "<<pre><pre>": saxes read "<<pre>" as text and the element's start tag was taken from the
    // "<pre" inside it, so the text and the tag overlapped. Typed twice, one "<" is now dropped
    // (markupRepairs.ts doubledLt); the tag's "<" is looked for after the text saxes read since
    // the last markup (xmlRun.ts openElement).
    for (const typed of ['<<pre>', '<<<pre>', '<<<<pre>', '<<!pre>', '<<>pre>', '< <pre>']) {
      const text = `<wei7 version="2.2"><size>19</size><moves><pre>${typed}<pre><black x="3" y="3"/></pre></pre></pre></moves></wei7>\n`;
      const outer = elementOf(analyze(text), 'pre', 0);
      const spans = outer.children.map((child) => child.span);
      spans.forEach((span, i) => assert.ok(i === 0 || spans[i - 1].end <= span.start, `${typed}: ${JSON.stringify(spans)}`));
      for (const child of outer.children) if (child.kind === 'element') assert.equal(text.slice(child.span.start, child.span.start + 4), '<pre', typed);
    }
  });
  test('the same after typing white space and a character between two moves, and deleting them', () => {
    let a = analyze(DOCUMENT);
    const at = a.text.indexOf('<white');
    for (const change of [{ start: at, end: at, text: '  ' }, { start: at + 1, end: at + 1, text: '续' }, { start: at, end: at + 3, text: '' }]) {
      a = reanalyze(a, change);
      const fresh = analyze(a.text);
      assert.deepEqual(textsOf(a, 'moves'), textsOf(fresh, 'moves'));
    }
    assert.deepEqual(textsOf(a, 'moves'), []);
  });
});

/** Compacts the analysis as the server does while idle; returns how many elements had their attributes packed. */
function packNow(a: Analysis): number {
  const slices = compactInSlices(a, Number.POSITIVE_INFINITY);
  for (let slice = slices.next(); ; slice = slices.next()) if (slice.done) return slice.value;
}
