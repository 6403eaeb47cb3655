// The party game's observation shapes (docs/protocol.md, "Party actions") and the placement
// arithmetic of its 6x6 sea. Cells are column letter + row number ("A1 right" runs along row 1).
import { colLetterCell, parseColLetterCell, shipCells } from '../../ui/coords';

export const SIZE = 6;

export interface PartyShip {
  name: string;
  length: number;
  placement: string;
  cells: string[];
  hits: string[];
  sunk: boolean;
  destroyed_by_super_torpedo: boolean;
  theme?: string;
  colour?: string;
}

/** Counts always; the per-seat lists only at tables of up to 64 players (protocol 2). */
export interface Scoreboard {
  players: number;
  placed: number;
  afloat_counts: number[];
  leaders: number[];
  most: number | null;
  tied_count: number;
  remaining_count: number;
  eliminated_count: number;
  afloat?: Array<number | null>;
  eliminated?: Array<{ seat: number; super_torpedo: number }>;
  remaining?: number[];
  tied?: number[];
}

export interface PartyObservation {
  role: 'player' | 'host' | string;
  phase: 'placement' | 'firing' | 'tiebreak' | 'over' | string;
  players: number;
  edition: string;
  my_fleet: PartyShip[] | null;
  my_afloat: number | null;
  my_last_result: string | null;
  my_eliminated_by: number | null;
  my_rank?: number | null;
  my_tied?: boolean;
  my_won?: boolean;
  removed?: boolean;
  scoreboard: Scoreboard;
  torpedoes: string[];
  super_torpedoes: string[];
  torpedoes_left: number;
  /** Null past 64 players: then `winners_count` and `my_won` tell. */
  winners: number[] | null;
  winners_count?: number;
  how: string | null;
}

export interface FleetShip {
  name: string;
  length: number;
}

/** Where one ship lies while placing: its first cell and direction. */
export interface Placement {
  row: number;
  col: number;
  down: boolean;
}

export function placementCells(p: Placement, length: number): Array<[number, number]> {
  return shipCells(p.row, p.col, length, p.down);
}

/** "A1 right" / "C3 down", as the protocol writes a placement. */
export function placementText(p: Placement): string {
  return colLetterCell(p.row, p.col) + (p.down ? ' down' : ' right');
}

/** Whether ship `index` may lie at `p`, given the other placements (ships may touch). */
export function fits(fleet: FleetShip[], placed: Array<Placement | null>, index: number, p: Placement): boolean {
  const cells = placementCells(p, fleet[index]!.length);
  if (cells.some(([r, c]) => r < 0 || c < 0 || r >= SIZE || c >= SIZE)) return false;
  const taken = new Set<string>();
  placed.forEach((q, i) => {
    if (q && i !== index) for (const [r, c] of placementCells(q, fleet[i]!.length)) taken.add(`${r},${c}`);
  });
  return cells.every(([r, c]) => !taken.has(`${r},${c}`));
}

/** Which placed ship covers (row, col), or -1. */
export function shipAt(fleet: FleetShip[], placed: Array<Placement | null>, row: number, col: number): number {
  return placed.findIndex((p, i) => !!p && placementCells(p, fleet[i]!.length).some(([r, c]) => r === row && c === col));
}

/** A random legal fleet (each ship tries random spots until one fits; the 6x6 sea always has room). */
export function randomFleet(fleet: FleetShip[]): Placement[] {
  for (;;) {
    const placed: Array<Placement | null> = fleet.map(() => null);
    let ok = true;
    for (let i = 0; i < fleet.length && ok; ++i) {
      ok = false;
      for (let tries = 0; tries < 200; ++tries) {
        const p = { row: rand(SIZE), col: rand(SIZE), down: Math.random() < 0.5 };
        if (fits(fleet, placed, i, p)) {
          placed[i] = p;
          ok = true;
          break;
        }
      }
    }
    if (ok) return placed as Placement[];
  }
}

function rand(n: number): number {
  return Math.floor(Math.random() * n);
}

/** (row, col) of a party cell name. */
export function parseCell(name: string): [number, number] | null {
  return parseColLetterCell(name);
}
