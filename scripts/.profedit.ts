import { analyze, reanalyze } from '../server/src/analysis';
import { generateGame } from '../bench/generate';
const format = (process.argv[2] ?? 'xml') as 'xml' | 'json';
const n = Number(process.argv[3] ?? 50000);
const text = generateGame(n)[format];
let analysis = analyze(text);
const marker = format === 'xml' ? 'comment="' : '"comment": "';
const at = text.indexOf(marker, text.length >> 1) + marker.length + 2;
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  let s = performance.now();
  analysis = reanalyze(analysis, { start: at, end: at, text: '好' });
  times.push(performance.now() - s);
  s = performance.now();
  analysis = reanalyze(analysis, { start: at, end: at + 1, text: '' });
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
console.log('median', times[times.length >> 1].toFixed(2), 'p90', times[Math.floor(times.length * 0.9)].toFixed(2));
