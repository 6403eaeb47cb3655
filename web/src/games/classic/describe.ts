// Plain sentences for the events of a classic/Salvo game: the shot log and the screen-reader
// announcements both use them, so what is read out is what is written.
import type { GameEvent } from '../types';
import { parseRowLetterCell, rowLetterCell } from '../../ui/coords';
import type { Board } from './layout';
import { WEAPON_TITLE, isWeaponName, type Shot } from './model';
import { bomberCells, bravoCells, nukeCells } from './patterns';

export interface EventLine {
  n: number;
  text: string;
  /** A ship went down (or was destroyed, captured, lost to a mishap): drawn emphasised. */
  sinking: boolean;
  /** The event is a shot or weapon: worth announcing when it is new. */
  shot: boolean;
}

type Namer = (seat: number) => string;

export function shotText(s: Shot): string {
  return `${s.cell}: ${s.result}${s.ship ? ', ' + s.ship : ''}`;
}

/** "B7: hit, Cruiser; B8: miss" for a few shots; long lists keep the hits and count the misses. */
function shotsText(shots: Shot[]): string {
  if (shots.length <= 4) return shots.map(shotText).join('; ');
  const struck = shots.filter((s) => s.result !== 'miss');
  const misses = shots.length - struck.length;
  const parts = struck.map(shotText);
  if (misses) parts.push(`${misses} miss${misses === 1 ? '' : 'es'}`);
  return parts.join('; ');
}

/**
 * The centre a nuke or bomber was aimed at: the event lists only the struck cells, so it is the
 * one centre whose pattern strikes exactly those (null when it failed and struck nothing).
 */
function aimedCentre(e: GameEvent, shots: Shot[], board: Board | null): string | null {
  if (!board || !shots.length || (e['weapon'] !== 'nuke' && e['weapon'] !== 'bomber')) return null;
  const struck = new Set(shots.map((s) => s.cell));
  const pattern = e['weapon'] === 'bomber' ? bomberCells : e['outcome'] === 'condition_bravo' ? bravoCells : nukeCells;
  const first = parseRowLetterCell(shots[0]!.cell);
  if (!first) return null;
  // The centre is within two cells of any struck cell.
  for (let r = first[0] - 2; r <= first[0] + 2; ++r) {
    for (let c = first[1] - 2; c <= first[1] + 2; ++c) {
      if (r < 0 || c < 0 || r >= board.rows || c >= board.cols) continue;
      const cells = pattern(board, r, c);
      if (cells.length === struck.size && cells.every(([cr, cc]) => struck.has(rowLetterCell(cr, cc)))) {
        return rowLetterCell(r, c);
      }
    }
  }
  return null;
}

function weaponText(e: GameEvent, who: string, board: Board | null): string {
  const name = isWeaponName(e['weapon']) ? WEAPON_TITLE[e['weapon']] : String(e['weapon']);
  let text = `${who} used ${name}`;
  const centre = e['cell'] ?? aimedCentre(e, Array.isArray(e['shots']) ? e['shots'] : [], board);
  if (centre) text += ` at ${centre}`;
  if (e['heading']) text += ` heading ${e['heading']}`;
  const rolls: number[] = Array.isArray(e['rolls']) ? e['rolls'] : [];
  if (e['dice'] && rolls.length) {
    text += ` (${e['dice']}: rolled ${rolls.join(', ')}`;
    if (e['total'] !== undefined && (rolls.length > 1 || e['total'] !== rolls[0])) text += `, total ${e['total']}`;
    text += ')';
  }
  if (e['outcome']) text += `: ${String(e['outcome']).replace(/_/g, ' ')}`;
  const shots: Shot[] = Array.isArray(e['shots']) ? e['shots'] : [];
  if (shots.length) text += `. Struck ${shotsText(shots)}`;
  if (e['destroyed']) text += `. Destroyed ${e['destroyed']}`;
  if (e['captured']) text += `. Captured ${e['captured']}`;
  if (e['recaptured']) {
    text += `. Recaptured ${e['recaptured']}`;
    const back: Shot[] = Array.isArray(e['returning_hits']) ? e['returning_hits'] : [];
    if (back.length) text += ` (returning hits: ${shotsText(back)})`;
  }
  if (e['mishap']) {
    const m = e['mishap'];
    text += `. Mishap: ${who === 'You' ? 'your' : who + "'s"} own ${m.ship} destroyed at ${(m.cells ?? []).join(', ')}`;
  }
  if (e['blast_size']) text += `. Blast of ${e['blast_size']} cell${e['blast_size'] === 1 ? '' : 's'} to place`;
  return text + '.';
}

export function describeEvent(e: GameEvent, me: number, nameOf: Namer, board: Board | null = null): EventLine | null {
  const seat = typeof e.seat === 'number' ? e.seat : -1;
  const who = seat === me ? 'You' : nameOf(seat);
  const shots: Shot[] = Array.isArray(e['shots']) ? e['shots'] : [];
  const sunk = shots.some((s) => s.result === 'sunk');
  switch (e.type) {
    case 'fleet_placed':
      return { n: e.n, text: `${who} placed ${seat === me ? 'your' : 'their'} fleet.`, sinking: false, shot: false };
    case 'firing_starts': {
      const first = typeof e['first'] === 'number' ? e['first'] : -1;
      const text = first < 0 ? 'Firing starts.' : `Firing starts: ${first === me ? 'you fire' : nameOf(first) + ' fires'} first.`;
      return { n: e.n, text, sinking: false, shot: false };
    }
    case 'shots':
      if (!shots.length) return null;
      // A long volley is summed up ("fired 5 shots: 5 misses"), a short one named cell by cell.
      return {
        n: e.n,
        text: shots.length > 4 ? `${who} fired ${shots.length} shots: ${shotsText(shots)}.` : `${who} fired at ${shotsText(shots)}.`,
        sinking: sunk,
        shot: true,
      };
    case 'blast':
      return { n: e.n, text: `${who} blasted ${shotsText(shots)}.`, sinking: sunk, shot: true };
    case 'weapon':
      return {
        n: e.n,
        text: weaponText(e, who, board),
        sinking: sunk || !!(e['destroyed'] || e['captured'] || e['mishap'] || e['recaptured']),
        shot: true,
      };
    case 'turn_skipped':
      return { n: e.n, text: `${who} had nothing left to do: turn skipped.`, sinking: false, shot: true };
    case 'game_over': {
      const w = e['winner'];
      const text = typeof w === 'number' ? `Game over: ${w === me ? 'you win' : nameOf(w) + ' wins'}.` : 'Game over: a draw.';
      return { n: e.n, text, sinking: true, shot: true };
    }
    default:
      return null;
  }
}
