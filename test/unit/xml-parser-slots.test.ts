/**
 * parse/xml/saxesParser makes saxes's handler properties by name when the parser is built (see
 * why there). Its premise: saxes's `on` stores each handler under the slot names it lists. If a
 * new saxes stored them elsewhere, the parse would still be right but slow again: this fails then.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SAXES_HANDLER_SLOTS, SaxesParserWithHandlerSlots } from '../../server/src/parse/xml/saxesParser';

test("saxes's on() keeps each event's handler in the slot named for it", () => {
  for (const [event, slot] of Object.entries(SAXES_HANDLER_SLOTS)) {
    const parser = new SaxesParser();
    const handler = (): void => undefined;
    parser.on(event as keyof typeof SAXES_HANDLER_SLOTS, handler);
    assert.equal((parser as unknown as Record<string, unknown>)[slot], handler, `on('${event}') stores its handler as ${slot}`);
    // And the subclass makes that very property when it is built.
    const seeded = new SaxesParserWithHandlerSlots();
    assert.ok(slot in seeded, `${slot} is made by the constructor`);
  }
});

test('the parser with its slots made reads a document as saxes does, event for event', () => {
  const text = '<?xml version="1.0"?><!DOCTYPE w><w a="1"><!-- c --><?pi x?><![CDATA[d]]>t<b/></w>';
  const events = (parser: SaxesParser): string[] => {
    const seen: string[] = [];
    for (const event of ['xmldecl', 'doctype', 'comment', 'processinginstruction', 'cdata', 'text', 'opentag', 'closetag', 'error'] as const) {
      parser.on(event, (data: unknown) => seen.push(`${event} ${JSON.stringify(data)} @${parser.position}`));
    }
    parser.write(text).close();
    return seen;
  };
  const plain = events(new SaxesParser({ position: true }));
  assert.ok(plain.length >= 9, 'every kind of event was met');
  assert.deepEqual(events(new SaxesParserWithHandlerSlots({ position: true })), plain);
});

/** Reads `xml` with `onOpenTag` called from the opentag handler: saxes's errors and the tags it reported closed. */
function readWhileOpening(xml: string, onOpenTag: (parser: SaxesParserWithHandlerSlots, name: string) => void): { errors: string[]; closed: string[] } {
  const parser = new SaxesParserWithHandlerSlots();
  const errors: string[] = [];
  const closed: string[] = [];
  parser.on('error', (e) => errors.push(e.message));
  parser.on('closetag', (tag) => closed.push(tag.name));
  parser.on('opentag', (tag) => onOpenTag(parser, tag.name));
  parser.write(xml).close();
  return { errors, closed };
}

test('forgetInnermostTag, called as a start tag is read, leaves saxes as if the open element had been closed', () => {
  // saxes's own stack of open tags is private (`tags`): if a new saxes kept it elsewhere, this fails.
  const read = readWhileOpening('<a><b x="1"><c/><d/></a>', (parser, name) => {
    if (name === 'c') parser.forgetInnermostTag(); // <b> left open, ended before <c>
  });
  assert.deepEqual(read, { errors: [], closed: ['c', 'd', 'a'] });
});

test('openTagBeforeThis, called as a start tag is read, opens a tag around it that the next end tag closes', () => {
  // saxes pushes a start tag's own tag after its opentag handler: the tag opened here is around it.
  const read = readWhileOpening('<a><c><d/></c></b></a>', (parser, name) => {
    if (name === 'c') parser.openTagBeforeThis({ name: 'b', attributes: {}, isSelfClosing: false }); // <b> left out before <c>
  });
  assert.deepEqual(read, { errors: [], closed: ['d', 'c', 'b', 'a'] });
});

test('reopenTags gives saxes back the tags it closed for an end tag that matched none', () => {
  const parser = new SaxesParserWithHandlerSlots<{ xmlns: false }>({ xmlns: false });
  const errors: string[] = [];
  let closed: SaxesTagPlain[] = [];
  let lastEnd = -1;
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    if (parser.position !== lastEnd) closed = [];
    lastEnd = parser.position;
    closed.push(tag);
  });
  parser.on('error', (e) => {
    errors.push(e.message.replace(/^\d+:\d+: /, ''));
    if (e.message.includes('unmatched closing tag')) parser.reopenTags(closed);
  });
  parser.write('<a><b></x><c/><d/></b></a>').close();
  // saxes reports the end tag (each tag it closed for it only as closed: see the next test); nothing after it (no "second root").
  assert.deepEqual(errors, ['unmatched closing tag: x.']);
});

test('"unexpected close tag" is not reported, the tags saxes closes are; errors carry no stack trace', () => {
  // saxes calls fail() for it, a public method: if a new saxes reported it otherwise, the first assertion fails.
  const parser = new SaxesParserWithHandlerSlots();
  const errors: Error[] = [];
  const closed: string[] = [];
  parser.on('error', (e) => errors.push(e));
  parser.on('closetag', (tag) => closed.push(tag.name));
  parser.write('<a><b><c></a>').close();
  assert.deepEqual(errors.map((e) => e.message), []);
  assert.deepEqual(closed, ['c', 'b', 'a']);
  const other = new SaxesParserWithHandlerSlots();
  other.on('error', (e) => errors.push(e));
  other.write('<a></z>');
  assert.deepEqual(errors.map((e) => e.message), ['1:7: unmatched closing tag: z.']);
  // The message line only: no "    at …" frames.
  assert.equal(errors[0].stack, 'Error: 1:7: unmatched closing tag: z.');
});

test('inReference says whether saxes is reading a reference name after an &', () => {
  // saxes's state number for it is private (S_ENTITY): if a new saxes numbered it otherwise, this fails.
  const parser = new SaxesParserWithHandlerSlots();
  parser.write('<a b="x &');
  assert.equal(parser.inReference(), true);
  parser.write('amp; y">t');
  assert.equal(parser.inReference(), false);
  parser.write('&');
  assert.equal(parser.inReference(), true);
  parser.write('lt;<!-- &');
  assert.equal(parser.inReference(), false);
});

test('attributePart says where saxes is in a start tag\'s attributes', () => {
  // saxes's state numbers are private (S_ATTRIB … S_ATTRIB_VALUE_CLOSED): if a new saxes numbered them otherwise, this fails.
  const parser = new SaxesParserWithHandlerSlots();
  const parts: (string | undefined)[] = [];
  for (const chunk of ['<a', ' b', ' ', '=', '"c', '"', ' ', 'd="e"', '>']) {
    parser.write(chunk);
    parts.push(parser.attributePart());
  }
  assert.deepEqual(parts, ['tagName', 'name', 'name', 'beforeValue', 'inValue', 'afterValue', 'afterValue', 'afterValue', undefined]);
  // In the name still, and after the `/` of `/>` (S_OPEN_TAG, S_OPEN_TAG_SLASH).
  const closing: (string | undefined)[] = [];
  for (const chunk of ['<e', '/', '>']) {
    parser.write(chunk);
    closing.push(parser.attributePart());
  }
  assert.deepEqual(closing, ['tagName', 'slash', undefined]);
});
