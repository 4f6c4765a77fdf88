import { ChangeLog } from '../server/src/lsp/changeLog';
import { DocumentStore } from '../server/src/lsp/documentStore';
import { generateGame } from '../bench/generate';
import { compactInSlices } from '../server/src/analysis';
const format = (process.argv[2] ?? 'json') as 'xml' | 'json';
for (const n of (process.argv[3] ?? '1000,50000').split(',').map(Number)) {
  const text = generateGame(n)[format];
  const log = new ChangeLog();
  const store = new DocumentStore(log);
  const doc = log.configuration.create('file:///a.wei7', 'wei7', 1, text);
  let state = store.get(doc);
  for (const _ of compactInSlices(state.analysis, 1e9));
  const marker = format === 'xml' ? 'comment="' : '"comment": "';
  const at = text.indexOf(marker, text.length >> 1) + marker.length + 2;
  const pos = doc.positionAt(at);
  const times: number[] = [];
  let v = 1;
  for (let i = 0; i < Number(process.env.ITER ?? 100); i++) {
    for (const change of [{ range: { start: pos, end: pos }, text: '好' }, { range: { start: pos, end: { line: pos.line, character: pos.character + 1 } }, text: '' }]) {
      const s = performance.now();
      log.configuration.update(doc, [change], ++v);
      state = store.get(doc);
      for (const f of state.analysis.findings) state.lines.positionAt(f.span.start);
      times.push(performance.now() - s);
    }
    if (i % 10 === 9) for (const _ of compactInSlices(state.analysis, 1e9));
  }
  times.sort((a, b) => a - b);
  console.log(format, n, 'median', times[times.length >> 1].toFixed(3), 'p90', times[Math.floor(times.length * 0.9)].toFixed(3));
}
