// The shapes of the classic/Salvo observation, legal object and events (docs/protocol.md,
// "Classic and Salvo actions" and "Weapons"), and small helpers that turn them into per-cell
// facts for the boards. Nothing here draws.
import { parseRowLetterCell, rowLetterCell, shipCells } from '../../ui/coords';
import type { Json } from '../types';

export interface FleetShip {
  name: string;
  length: number;
}

export interface MyShip extends FleetShip {
  placement: string;
  cells: string[];
  hits: string[];
  sunk: boolean;
  /** With weapons: the enemy holds this ship as a prize. */
  captured?: boolean;
}

export interface EnemyShip extends FleetShip {
  sunk: boolean;
  sunk_by: string | null;
  destroyed?: boolean;
  /** With weapons: this player holds the ship as a prize. */
  captured?: boolean;
  /** Cells an Experimental mishap revealed. */
  cells?: string[];
}

export interface Targets {
  hits: Array<{ cell: string; ship?: string }>;
  misses: string[];
}

export interface WeaponUses {
  mine: number;
  enemy: number;
  usable?: boolean;
}

export type WeaponName = 'nuke' | 'bomber' | 'torpedo' | 'scuba' | 'experimental';

export interface SpectatorSide {
  seat: number;
  placed: boolean;
  shots_due: number;
  targets: Targets;
  enemy_fleet: EnemyShip[];
  weapons_left?: Partial<Record<WeaponName, number>>;
}

export interface ClassicObservation {
  phase: 'placement' | 'firing' | 'over';
  board: { rows: number; cols: number };
  salvo: boolean;
  placed?: boolean;
  shots_due?: number;
  to_move: number | null;
  winner: number | null;
  my_fleet?: MyShip[];
  enemy_fleet?: EnemyShip[];
  targets?: Targets;
  incoming?: { hits: string[]; misses: string[] };
  weapons?: Partial<Record<WeaponName, WeaponUses>>;
  dice?: string;
  prizes?: number[];
  blast_pending?: number;
  sides?: SpectatorSide[];
}

export interface Shot {
  cell: string;
  result: 'miss' | 'hit' | 'sunk';
  ship?: string;
}

/** A placed ship: its bow cell and direction, as "A1 right" / "C3 down" says. */
export interface Placement {
  row: number;
  col: number;
  down: boolean;
}

export function placementText(p: Placement): string {
  return rowLetterCell(p.row, p.col) + (p.down ? ' down' : ' right');
}

export function parsePlacement(text: string): Placement | null {
  const [cell, dir] = text.trim().split(/\s+/);
  const at = cell ? parseRowLetterCell(cell) : null;
  if (!at || (dir !== 'right' && dir !== 'down')) return null;
  return { row: at[0], col: at[1], down: dir === 'down' };
}

export function placementCells(p: Placement, length: number): string[] {
  return shipCells(p.row, p.col, length, p.down).map(([r, c]) => rowLetterCell(r, c));
}

/** The fleet of the room's options (every default filled in by the server). */
export function fleetOf(options: Json): FleetShip[] {
  const fleet = options?.fleet;
  return Array.isArray(fleet) ? fleet.map((s: Json) => ({ name: String(s.name), length: Number(s.length) })) : [];
}

/** What one seat's shots found on the other's ocean, cell by cell. */
export interface ShotCell {
  result: 'miss' | 'hit' | 'sunk';
  ship?: string;
}

/**
 * The target board's cells: misses, hits, and hits on a sunk ship marked sunk. A ship counts as
 * sunk on this board when the fleet list says so and the hit names it (with `announce:
 * hit-only` hits are not named, so only the sinking cell itself is known to be sunk).
 */
export function targetCells(targets: Targets | undefined, fleet: EnemyShip[] | undefined): Map<string, ShotCell> {
  const out = new Map<string, ShotCell>();
  if (!targets) return out;
  const sunk = new Set((fleet ?? []).filter((s) => s.sunk).map((s) => s.name));
  const sunkBy = new Set((fleet ?? []).map((s) => s.sunk_by).filter((c): c is string => !!c));
  for (const m of targets.misses) out.set(m, { result: 'miss' });
  for (const h of targets.hits) {
    const isSunk = (h.ship !== undefined && sunk.has(h.ship)) || sunkBy.has(h.cell);
    out.set(h.cell, { result: isSunk ? 'sunk' : 'hit', ...(h.ship ? { ship: h.ship } : {}) });
  }
  return out;
}

export const WEAPON_ORDER: WeaponName[] = ['nuke', 'bomber', 'torpedo', 'scuba', 'experimental'];

export const WEAPON_TITLE: Record<WeaponName, string> = {
  nuke: 'Tactical Nuke',
  bomber: 'Bomber Flight',
  torpedo: 'Torpedo',
  scuba: 'SCUBA Attack',
  experimental: 'Experimental Weapon',
};

/** Weapons that need a target cell before they are used. */
export function weaponNeedsCell(w: WeaponName): boolean {
  return w === 'nuke' || w === 'bomber' || w === 'torpedo';
}

export function isWeaponName(w: unknown): w is WeaponName {
  return typeof w === 'string' && (WEAPON_ORDER as string[]).includes(w);
}
