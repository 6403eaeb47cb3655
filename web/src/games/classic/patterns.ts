// The cells each weapon strikes, mirroring src/games/classic/weapons.cpp, for previews on the
// target board. Cells off the board are dropped, as the engine ignores them.
import type { Board } from './layout';

export type Heading = 'down' | 'up' | 'right' | 'left';

const onBoard = (b: Board, r: number, c: number) => r >= 0 && c >= 0 && r < b.rows && c < b.cols;

/** The nuke's 13 cells (|Δrow| + |Δcol| ≤ 2); a roll of 20 widens it to the 5x5 square. */
export function nukeCells(b: Board, row: number, col: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let dr = -2; dr <= 2; ++dr) {
    for (let dc = -2; dc <= 2; ++dc) {
      if (Math.abs(dr) + Math.abs(dc) <= 2 && onBoard(b, row + dr, col + dc)) out.push([row + dr, col + dc]);
    }
  }
  return out;
}

/** The 5x5 "Condition Bravo" square that a top roll turns the nuke into. */
export function bravoCells(b: Board, row: number, col: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let dr = -2; dr <= 2; ++dr) {
    for (let dc = -2; dc <= 2; ++dc) if (onBoard(b, row + dr, col + dc)) out.push([row + dr, col + dc]);
  }
  return out;
}

/** The bomber's 3x3 square. */
export function bomberCells(b: Board, row: number, col: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let dr = -1; dr <= 1; ++dr) {
    for (let dc = -1; dc <= 1; ++dc) if (onBoard(b, row + dr, col + dc)) out.push([row + dr, col + dc]);
  }
  return out;
}

/** The headings that lead away from the edges a cell touches: none inside, two at a corner. */
export function torpedoHeadings(b: Board, row: number, col: number): Heading[] {
  const away: Heading[] = [];
  if (row === 0) away.push('down');
  if (row === b.rows - 1) away.push('up');
  if (col === 0) away.push('right');
  if (col === b.cols - 1) away.push('left');
  return away;
}

/** The cells a torpedo crosses from its start, in order (it stops at the first unhit ship). */
export function torpedoPath(b: Board, row: number, col: number, heading: Heading): Array<[number, number]> {
  const dr = heading === 'down' ? 1 : heading === 'up' ? -1 : 0;
  const dc = heading === 'right' ? 1 : heading === 'left' ? -1 : 0;
  const out: Array<[number, number]> = [];
  for (let r = row, c = col; onBoard(b, r, c); r += dr, c += dc) out.push([r, c]);
  return out;
}

/** True when the cells form one group touching through edges or corners (the blast rule). */
export function connected(cells: Array<[number, number]>): boolean {
  if (cells.length <= 1) return true;
  const key = ([r, c]: [number, number]) => r * 100 + c;
  const all = new Set(cells.map(key));
  const seen = new Set<number>([key(cells[0]!)]);
  const todo: Array<[number, number]> = [cells[0]!];
  while (todo.length) {
    const [r, c] = todo.pop()!;
    for (let dr = -1; dr <= 1; ++dr) {
      for (let dc = -1; dc <= 1; ++dc) {
        const k = (r + dr) * 100 + (c + dc);
        if (all.has(k) && !seen.has(k)) {
          seen.add(k);
          todo.push([r + dr, c + dc]);
        }
      }
    }
  }
  return seen.size === all.size;
}
