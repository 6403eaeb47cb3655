// One sentence per party-game event, told from this player's side (their own result of each
// torpedo), for the log and the live announcements. Lists of seats are cut short: a party may
// have thousands of players.
import type { GameEvent } from '../types';

export interface Namer {
  me: number;
  nameOf(seat: number): string;
}

const RESULT: Record<string, string> = { m: 'miss', h: 'hit', s: 'sunk' };

export const HOW: Record<string, string> = {
  most_afloat: 'most ships afloat after 30 torpedoes',
  last_standing: 'the last one left in the super-torpedo tiebreak',
  eliminated_together: 'eliminated together by the same super torpedo',
  survived_all_six: 'still in after all six super torpedoes',
};

function who(n: Namer, seat: number): string {
  return seat === n.me ? 'you' : n.nameOf(seat);
}

export function seatList(n: Namer, seats: number[] | undefined, max = 8): string {
  const all = seats ?? [];
  const list = all.slice(0, max).map((s) => who(n, s));
  if (all.length > max) list.push(`${all.length - max} more`);
  return list.length <= 1 ? list.join('') : list.slice(0, -1).join(', ') + ' and ' + list[list.length - 1];
}

/** This seat's letter of a torpedo's `results` ("-hm": index = seat). */
export function myResult(n: Namer, e: GameEvent): string | null {
  const results = e['results'];
  if (typeof results !== 'string' || n.me < 1 || n.me >= results.length) return null;
  return RESULT[results[n.me]!] ?? null;
}

export function describe(n: Namer, e: GameEvent): string | null {
  switch (e.type) {
    case 'fleet_placed':
      return e.seat === n.me ? 'You placed your fleet.' : null; // others' placements are noise
    case 'firing_starts':
      return `Every fleet is placed: the host starts firing (${e['players']} players).`;
    case 'torpedo': {
      const mine = myResult(n, e);
      const c = (e['counts'] ?? {}) as { miss?: number; hit?: number; sunk?: number };
      return `Torpedo ${e['number']} of 30: ${e['cell']}${mine ? ` — you: ${mine}` : ''} (${c.hit ?? 0} hit, ${c.sunk ?? 0} sunk, ${c.miss ?? 0} miss).`;
    }
    case 'count': {
      const afloat = (e['afloat'] as Array<number | null> | undefined) ?? [];
      const mine = n.me >= 1 ? `You have ${afloat[n.me] ?? 0} afloat; ` : '';
      const tied = (e['tied'] as number[] | undefined) ?? [];
      return `The count: ${mine}the most is ${e['most']}${tied.length > 1 ? `, tied between ${seatList(n, tied)}` : ''}.`;
    }
    case 'tiebreak_starts':
      return `A tie for the most: super torpedoes for ${seatList(n, e['players'] as number[])}.`;
    case 'super_torpedo': {
      const out = (e['eliminated'] as number[] | undefined) ?? [];
      return `Super torpedo ${e['number']} of 6: ${e['cell']} — ${out.length ? `eliminated: ${seatList(n, out)}` : 'no one hit'}.`;
    }
    case 'game_over': {
      const winners = (e['winners'] as number[] | undefined) ?? [];
      const how = HOW[String(e['how'])] ?? String(e['how'] ?? '');
      const verb = winners.length > 1 ? 'share the win' : winners[0] === n.me ? 'win' : 'wins';
      return `Game over: ${seatList(n, winners)} ${verb} (${how}).`;
    }
    default:
      return null;
  }
}
