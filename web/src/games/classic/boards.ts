// What each cell of the two boards shows: a symbol and a class (never colour alone) and a
// screen-reader label that says the same ("B7, hit, Cruiser").
import type { CellView } from '../../ui/Grid';
import { parseRowLetterCell, rowLetterCell } from '../../ui/coords';
export { hullClass, lastShots } from '../../ui/marks';
import { hullClass } from '../../ui/marks';
import type { MyShip, ShotCell } from './model';

export const SYMBOL = { miss: '•', hit: '✕', sunk: '☠', ship: '■', aim: '◎', captured: '⚑', pattern: '+' };

/** Marks a cell of the latest shot: a dashed outline (.last) and ", last shot" in its name. */
function markLast(view: CellView, last: Set<string> | undefined, name: string): CellView {
  if (!last?.has(name)) return view;
  return { ...view, className: `${view.className ?? ''} last`.trim(), label: `${view.label}, last shot` };
}

/**
 * Your own ocean: your ships, the enemy's hits on them (drawn on the ship: a hit ship cell keeps
 * its ship fill), the enemy's misses, and the enemy's latest shot.
 */
export function ownCells(fleet: MyShip[], incoming: { hits: string[]; misses: string[] } | undefined, last?: Set<string>) {
  const cell = ownCell(fleet, incoming, last);
  return (r: number, c: number): CellView => markLast(cell(r, c), last, rowLetterCell(r, c));
}

function ownCell(fleet: MyShip[], incoming: { hits: string[]; misses: string[] } | undefined, last: Set<string> | undefined) {
  const byCell = new Map<string, MyShip>();
  for (const s of fleet) for (const c of s.cells) byCell.set(c, s);
  const hits = new Set(incoming?.hits ?? []);
  for (const s of fleet) for (const h of s.hits) hits.add(h);
  const misses = new Set(incoming?.misses ?? []);
  return (r: number, c: number): CellView => {
    const name = rowLetterCell(r, c);
    const ship = byCell.get(name);
    if (ship) {
      if (ship.captured) {
        return { text: SYMBOL.captured, className: 'cl-captured', label: `${name}, ${ship.name}, captured by the enemy` };
      }
      const hull = hullClass(ship.cells, name) + (sinking(ship.cells, ship.sunk, last) ? ' sinking' : '');
      if (ship.sunk && hits.has(name)) return { text: SYMBOL.sunk, className: `sunk ${hull}`, label: `${name}, sunk, ${ship.name}` };
      if (ship.sunk) return { text: SYMBOL.sunk, className: `sunk cl-destroyed ${hull}`, label: `${name}, ${ship.name}, destroyed` };
      if (hits.has(name)) return { text: SYMBOL.hit, className: `ship hit ${hull}`, label: `${name}, hit, ${ship.name}` };
      return { text: SYMBOL.ship, className: `ship ${hull}`, label: `${name}, ${ship.name}` };
    }
    if (misses.has(name)) return { text: SYMBOL.miss, className: 'miss', label: `${name}, miss` };
    if (hits.has(name)) return { text: SYMBOL.hit, className: 'hit', label: `${name}, hit` };
    return { text: '', className: '', label: `${name}, water` };
  };
}

export interface TargetMarks {
  /** The shots fired so far and what they found. */
  shots: Map<string, ShotCell>;
  /** Enemy ship cells known without being fired at: a mishap, or the reveal at the end. */
  revealed: Map<string, string>;
  /** Cells chosen for the next shot (aimed, or picked for a salvo or blast). */
  picked: Set<string>;
  /** Cells a weapon would strike (its preview). */
  pattern: Set<string>;
  /** What the pattern is, for the labels ("in the nuke's pattern"). */
  patternName: string;
  /** The preview cannot be used as it is (a torpedo off the edge ...). */
  patternBad: boolean;
  /** Cells a weapon strikes only on a top roll (the nuke's Condition Bravo square). */
  patternMaybe?: Set<string>;
  /** The cells of the shooter's latest shot or volley. */
  last?: Set<string>;
}

/** True when the cells lie in one straight unbroken line: one ship's cells. */
function oneShip(cells: string[]): boolean {
  const at = cells.map((c) => parseRowLetterCell(c)).filter((p): p is [number, number] => p !== null);
  if (at.length !== cells.length || at.length === 0) return false;
  const across = at.every((p) => p[0] === at[0]![0]);
  const down = at.every((p) => p[1] === at[0]![1]);
  if (!across && !down) return false;
  const order = at.map((p) => (across ? p[1] : p[0])).sort((a, b) => a - b);
  return order.every((v, i) => i === 0 || v === order[i - 1]! + 1);
}

const hullsOf = new WeakMap<TargetMarks, Map<string, string[]>>();

/**
 * The enemy ships whose every cell this board knows, so that each is drawn as one hull: a sunk
 * ship whose hits name it, and at the end a revealed ship with the hits on it. Each cell maps to
 * all of its ship's cells. Cells are grouped by ship name; a group that is not one straight line
 * (two ships of one name, hits that do not name their ship) is left as single marks.
 */
export function knownHulls(m: TargetMarks): Map<string, string[]> {
  const cached = hullsOf.get(m);
  if (cached) return cached;
  const groups = new Map<string, string[]>();
  const add = (ship: string, cell: string) => groups.set(ship, [...(groups.get(ship) ?? []), cell]);
  const revealedNames = new Set(m.revealed.values());
  for (const [cell, shot] of m.shots) {
    if (shot.ship && (shot.result === 'sunk' || revealedNames.has(shot.ship))) add(shot.ship, cell);
  }
  for (const [cell, ship] of m.revealed) if (!m.shots.has(cell)) add(ship, cell);
  const out = new Map<string, string[]>();
  for (const cells of groups.values()) if (oneShip(cells)) for (const c of cells) out.set(c, cells);
  hullsOf.set(m, out);
  return out;
}

/** A cell of a ship whose sinking was the latest shot: its whole hull goes down together. */
function sinking(cells: string[] | undefined, sunk: boolean, last: Set<string> | undefined): boolean {
  return !!cells && sunk && !!last && cells.some((c) => last.has(c));
}

export function targetCell(m: TargetMarks, r: number, c: number): CellView {
  const name = rowLetterCell(r, c);
  const shot = m.shots.get(name);
  const hull = knownHulls(m).get(name);
  const classes: string[] = [];
  const parts = [name];
  let text = '';
  if (shot) {
    classes.push(shot.result);
    if (hull) classes.push(hullClass(hull, name));
    if (hull && shot.result === 'hit') classes.push('ship');
    if (sinking(hull, shot.result === 'sunk', m.last)) classes.push('sinking');
    text = SYMBOL[shot.result];
    parts.push(shot.result);
    if (shot.ship) parts.push(shot.ship);
  } else if (m.revealed.has(name)) {
    classes.push('ship', 'cl-revealed');
    if (hull) classes.push(hullClass(hull, name));
    text = SYMBOL.ship;
    parts.push(`${m.revealed.get(name)}, revealed`);
  } else {
    parts.push('not fired at');
  }
  if (m.pattern.has(name)) {
    classes.push(m.patternBad ? 'cl-pattern-bad' : 'cl-pattern');
    if (!text) text = SYMBOL.pattern;
    parts.push(m.patternName);
  }
  if (m.patternMaybe?.has(name)) {
    classes.push('cl-pattern-maybe');
    parts.push('in the 5x5 square of a top roll');
  }
  if (m.picked.has(name)) {
    classes.push('aim');
    if (!shot) text = SYMBOL.aim;
    parts.push('aimed');
  }
  return markLast({ text, className: classes.join(' '), label: parts.join(', ') }, m.last, name);
}
