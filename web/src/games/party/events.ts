// One sentence per party-game event, told from this player's side (their own result of each
// torpedo), for the log and the live announcements. Lists of seats are cut short: a party may
// have thousands of players.
import type { GameEvent } from '../types';

export interface Namer {
  me: number;
  nameOf(seat: number): string;
}


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

/** This seat's result of a torpedo: protocol 2 sends each seat its own as `you`. */
export function myResult(n: Namer, e: GameEvent): string | null {
  if (n.me < 1) return null;
  const you = e['you'];
  return typeof you === 'string' ? you : null;
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
      // Lists of seats come only at tables of up to 64 players; counts always (protocol 2).
      const mine = typeof e['you_afloat'] === 'number' ? `You have ${e['you_afloat']} afloat; ` : '';
      const tied = (e['tied'] as number[] | null | undefined) ?? [];
      const tiedCount = Number(e['tied_count'] ?? tied.length);
      const between = tied.length > 1 ? `, tied between ${seatList(n, tied)}` : tiedCount > 1 ? `, ${tiedCount} players tied` : '';
      return `The count: ${mine}the most is ${e['most']}${between}.`;
    }
    case 'tiebreak_starts': {
      const players = (e['players'] as number[] | null | undefined) ?? [];
      const who = players.length ? seatList(n, players) : `${e['tied_count']} players`;
      return `A tie for the most: super torpedoes for ${who}${e['you_tied'] ? ' (you are in it)' : ''}.`;
    }
    case 'super_torpedo': {
      const out = (e['eliminated'] as number[] | null | undefined) ?? [];
      const count = Number(e['eliminated_count'] ?? out.length);
      const what = out.length ? `eliminated: ${seatList(n, out)}` : count ? `${count} eliminated` : 'no one hit';
      const mine = e['you'] === 'eliminated' ? ' You are out.' : e['you'] === 'still_in' ? ' You are still in.' : '';
      return `Super torpedo ${e['number']} of 6: ${e['cell']} — ${what}.${mine}`;
    }
    case 'game_over': {
      const winners = (e['winners'] as number[] | null | undefined) ?? [];
      const count = Number(e['winners_count'] ?? winners.length);
      const how = HOW[String(e['how'])] ?? String(e['how'] ?? '');
      const verb = count > 1 ? 'share the win' : winners[0] === n.me ? 'win' : 'wins';
      const who = winners.length ? seatList(n, winners) : `${count} players`;
      return `Game over: ${who} ${verb} (${how}).`;
    }
    default:
      return null;
  }
}
