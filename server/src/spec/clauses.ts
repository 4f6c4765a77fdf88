/**
 * The clauses of the wei7 specs as data: id (as printed), the Chinese original text and a short
 * English summary. Validators cite clauses by id; hovers and diagnostics read text and links here.
 */
import type { SpecId } from '../model/types';
import clauses22 from './wei7-2.2.clauses.json';
import clauses30 from './wei7-3.0.clauses.json';

export interface Clause {
  readonly id: string;
  readonly spec: SpecId;
  /** The clause as the spec prints it (Chinese). */
  readonly text: string;
  /** A short English summary. */
  readonly summary: string;
}

function index(spec: SpecId, list: readonly { id: string; text: string; summary: string }[]): ReadonlyMap<string, Clause> {
  return new Map(list.map((c) => [c.id, { ...c, spec }]));
}

const bySpec: Readonly<Record<SpecId, ReadonlyMap<string, Clause>>> = {
  '2.2': index('2.2', clauses22),
  '3.0': index('3.0', clauses30),
};

export function getClause(spec: SpecId, id: string): Clause | undefined {
  return bySpec[spec].get(id);
}

export function allClauses(spec: SpecId): readonly Clause[] {
  return [...bySpec[spec].values()];
}

/** The file name of the bundled spec page of a spec (generated at build time into dist/spec/). */
export function specPageName(spec: SpecId): string {
  return `wei7-${spec}.html`;
}

/** The anchor of a clause in its spec page. */
export function clauseAnchor(id: string): string {
  return `c${id}`;
}
