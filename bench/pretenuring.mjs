/**
 * Why a check that keeps many class instances pays more for garbage collection than one that
 * keeps object literals (docs/performance-limits.md): V8 allocates a literal at an allocation
 * site, learns that most objects made there live long, and then makes them in the old generation
 * directly (pretenuring); `new` of a class has no such site, so every instance is made young and
 * copied out by the scavenges it lives through.
 *
 *   node bench/pretenuring.mjs
 *   node --trace-pretenuring-statistics bench/pretenuring.mjs literal   (the site's "=> tenure")
 *
 * Each way makes 300,000 objects of four fields and keeps them, 15 times; medians.
 */
class Node4 {
  constructor(a, b, c, d) {
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }
}
const ways = {
  class: (n) => {
    const kept = [];
    for (let i = 0; i < n; i++) kept.push(new Node4(i, i + 1, null, undefined));
    return kept;
  },
  literal: (n) => {
    const kept = [];
    for (let i = 0; i < n; i++) kept.push({ a: i, b: i + 1, c: null, d: undefined });
    return kept;
  },
  // A literal given the class's prototype: pretenured too, but setting the prototype costs what it saves.
  'literal with __proto__': (n) => {
    const kept = [];
    for (let i = 0; i < n; i++) kept.push({ __proto__: Node4.prototype, a: i, b: i + 1, c: null, d: undefined });
    return kept;
  },
};
const only = process.argv[2];
let kept;
for (const [name, make] of Object.entries(ways)) {
  if (only && name !== only) continue;
  const times = [];
  for (let round = 0; round < 15; round++) {
    const start = performance.now();
    kept = make(300_000);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(24)} median ${times[7].toFixed(1)} ms, min ${times[0].toFixed(1)} ms (${kept.length} kept)`);
}
