// One sentence per Ship, Captain and Crew event, for the log and the live announcements.
import type { GameEvent } from '../types';

export interface Namer {
  me: number;
  nameOf(seat: number): string;
}

function who(n: Namer, seat: number | undefined): string {
  if (seat === undefined || seat === null) return 'someone';
  return seat === n.me ? 'you' : n.nameOf(seat);
}
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function names(n: Namer, seats: number[] | undefined): string {
  const list = (seats ?? []).map((s) => who(n, s));
  return list.length <= 1 ? list.join('') : list.slice(0, -1).join(', ') + ' and ' + list[list.length - 1];
}

export function describe(n: Namer, e: GameEvent): string | null {
  const by = capital(who(n, e.seat));
  switch (e.type) {
    case 'throw': {
      const parts = [`${by} threw ${((e['dice'] as number[]) ?? []).join(' ')}`];
      if (Array.isArray(e['kept']) && e['kept'].length) parts.push(`keeping the ${e['kept'].join(' and ')}`);
      const aside = (e['set_aside'] as string[] | undefined) ?? [];
      if (aside.length) parts.push(`set aside ${aside.join(', ')}`);
      const crew = e['crew'] as number[] | null | undefined;
      if (crew) parts.push(`crew ${crew[0]} + ${crew[1]} = ${crew[0]! + crew[1]!}`);
      return parts.join('; ') + '.';
    }
    case 'turn_over':
      return e['qualified']
        ? `${by} score${e.seat === n.me ? '' : 's'} ${e['score']} (total ${e['total']}).`
        : `${by} score${e.seat === n.me ? '' : 's'} 0: no ship, captain and mate (total ${e['total']}).`;
    case 'round_over': {
      const totals = (e['totals'] as number[] | undefined) ?? [];
      const what = e['playoff'] ? `Playoff round ${e['round']}` : `Round ${e['round']}`;
      return `${what} over. Totals: ${totals.map((t, s) => `${who(n, s)} ${t}`).join(', ')}.`;
    }
    case 'playoff':
      return `Tie for the lead: a playoff round for ${names(n, e['seats'] as number[])}.`;
    case 'game_over': {
      const w = e['winner'] as number | null;
      if (w === null || w === undefined) return 'Game over.';
      const pot = e['pot'] ? `, taking the pot of ${e['pot']}` : '';
      return `Game over: ${who(n, w)} win${w === n.me ? '' : 's'}${pot}.`;
    }
    default:
      return null;
  }
}
