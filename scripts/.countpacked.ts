import { analyze, compactInSlices } from '../server/src/analysis';
import { generateGame } from '../bench/generate';
const text = generateGame(50000).xml;
const a = analyze(text);
for (const _ of compactInSlices(a, 1e9));
let packed = 0, unpacked = 0, total = 0;
const walk = (e: any) => { total++; if (e.hasPackedAttributes()) packed++; else if (e.attributeList.length) unpacked++; for (const c of e.children) if (c.kind === 'element') walk(c); };
walk(a.syntax!.format === 'xml' ? (a.syntax as any).xml.root : undefined);
console.log({ total, packed, unpacked });
