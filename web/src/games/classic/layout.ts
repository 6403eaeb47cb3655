// Fleet placement rules as the engine checks them (src/games/classic/rules.cpp): every ship on
// the board, no two ships sharing a cell, and with the `no_touch` house rule no two ships
// sharing an edge or a corner. The client checks them too, to show a bad preview before the
// server would refuse it, and to draw a random layout.
import type { FleetShip, Placement } from './model';

export interface Board {
  rows: number;
  cols: number;
}

export function cellsOf(p: Placement, length: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < length; ++i) out.push(p.down ? [p.row + i, p.col] : [p.row, p.col + i]);
  return out;
}

/** Why the ship cannot go there, or null when it can. `others` are the other ships' cells. */
export function placementProblem(
  p: Placement,
  length: number,
  board: Board,
  others: Array<[number, number]>,
  noTouch: boolean,
): string | null {
  const cells = cellsOf(p, length);
  if (cells.some(([r, c]) => r < 0 || c < 0 || r >= board.rows || c >= board.cols)) return 'off the board';
  const taken = new Set(others.map(([r, c]) => r * 100 + c));
  if (cells.some(([r, c]) => taken.has(r * 100 + c))) return 'overlaps another ship';
  if (noTouch) {
    for (const [r, c] of cells) {
      for (let dr = -1; dr <= 1; ++dr) {
        for (let dc = -1; dc <= 1; ++dc) {
          if (taken.has((r + dr) * 100 + (c + dc))) return 'touches another ship';
        }
      }
    }
  }
  return null;
}

/** The cells of every placed ship except the one at `skip`. */
export function otherCells(
  fleet: FleetShip[],
  placed: Array<Placement | null>,
  skip: number,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  placed.forEach((p, i) => {
    if (p && i !== skip) out.push(...cellsOf(p, fleet[i]!.length));
  });
  return out;
}

/**
 * A random legal layout, longest ships first (they are the hardest to fit), starting over when
 * a ship finds no room. Returns null if no layout turned up (a board too small for the fleet).
 */
export function randomLayout(
  fleet: FleetShip[],
  board: Board,
  noTouch: boolean,
  random: () => number = Math.random,
): Placement[] | null {
  const order = fleet.map((_, i) => i).sort((a, b) => fleet[b]!.length - fleet[a]!.length);
  for (let attempt = 0; attempt < 200; ++attempt) {
    const placed: Array<Placement | null> = fleet.map(() => null);
    let ok = true;
    for (const i of order) {
      const options: Placement[] = [];
      for (let row = 0; row < board.rows; ++row) {
        for (let col = 0; col < board.cols; ++col) {
          for (const down of [false, true]) {
            const p = { row, col, down };
            if (!placementProblem(p, fleet[i]!.length, board, otherCells(fleet, placed, i), noTouch)) options.push(p);
          }
        }
      }
      if (options.length === 0) {
        ok = false;
        break;
      }
      placed[i] = options[Math.floor(random() * options.length)]!;
    }
    if (ok) return placed as Placement[];
  }
  return null;
}
