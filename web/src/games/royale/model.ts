// The shapes of Battleship Royale's observation and legal objects (docs/protocol.md, "Battleship
// Royale actions"), and small readers over them, so the components stay about drawing.
import type { Json } from '../types';

export interface Card {
  id: string;
  ship: string;
  cells: string[];
  hits: string[];
  sunk: boolean;
  bonus?: number;
  submarine?: boolean;
}

export interface ClaimedCard {
  id: string;
  ship: string;
  cells: string[];
  from: number;
  bonus_left: number;
}

export interface SeatState {
  seat: number;
  cards: number;
  cards_afloat: number;
  eliminated: boolean;
  discarded?: boolean;
  bonus_shots: number;
  bonus_sonars?: number;
  own_sonar?: boolean;
  claimed: ClaimedCard[];
  shots_fired: number;
}

export interface BoardShot {
  cell: string;
  pegs: number;
  sunk: boolean;
}

export interface SonarMark {
  line: string;
  seat?: number;
  source?: string;
  ping: boolean;
  pinged: number[];
}

export interface RoyaleObservation {
  mode: 'standard' | 'advanced';
  phase: string;
  players: number;
  board: { shots: BoardShot[]; sonar: SonarMark[] };
  my_cards?: Card[];
  my_discards?: string[];
  seats: SeatState[];
  roll: number | null;
  to_move: number | null;
  shots_left: number;
  winners?: number[];
  elimination_order: number[];
}

export interface LegalAction {
  type: 'discard' | 'sonar' | 'roll' | 'fire' | 'bonus' | 'end';
  count?: number;
  cards?: Json[];
  lines?: string[];
  sources?: string[];
}

export interface BonusChoice {
  card: string;
  count: number;
}

export interface RoyaleLegal {
  actions: LegalAction[];
  cells?: string[];
}

export function findAction(legal: RoyaleLegal | null, type: LegalAction['type']): LegalAction | undefined {
  return legal?.actions?.find((a) => a.type === type);
}

/** The bonus cards that may fire now, each with its shot count. */
export function bonusChoices(legal: RoyaleLegal | null): BonusChoice[] {
  const b = findAction(legal, 'bonus');
  return Array.isArray(b?.cards) ? (b!.cards as BonusChoice[]) : [];
}

/** Where each card in the open (claimed, so sunk) lies: cell -> the cards on it. */
export function claimedByCell(seats: SeatState[]): Map<string, Array<ClaimedCard & { holder: number }>> {
  const out = new Map<string, Array<ClaimedCard & { holder: number }>>();
  for (const s of seats) {
    for (const c of s.claimed ?? []) {
      for (const cell of c.cells) {
        const list = out.get(cell) ?? [];
        list.push({ ...c, holder: s.seat });
        out.set(cell, list);
      }
    }
  }
  return out;
}

/** "row C" / "column 7" for a sonar line. */
export function lineName(line: string): string {
  return /^\d+$/.test(line) ? `column ${line}` : `row ${line}`;
}
