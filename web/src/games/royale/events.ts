// One sentence per Royale event, for the log and for screen-reader announcements. Redacted
// events (another seat's deal or discard) say only what everyone at the table saw.
import type { GameEvent } from '../types';
import { lineName } from './model';

export interface Namer {
  /** This page's seat (-1 for a spectator). */
  me: number;
  nameOf(seat: number): string;
}

/** "you" for this page's seat, the seat's name otherwise. */
export function who(n: Namer, seat: number | undefined): string {
  if (seat === undefined || seat === null) return 'someone';
  return seat === n.me ? 'you' : n.nameOf(seat);
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return names.slice(0, -1).join(', ') + ' and ' + names[names.length - 1];
}

function shotText(n: Namer, shot: { cell: string; hit?: number[] }): string {
  const hit = shot.hit ?? [];
  if (hit.length === 0) return `${shot.cell} miss`;
  const double = hit.length > 1 ? 'double hit' : 'hit';
  return `${shot.cell} ${double} (${list(hit.map((s) => who(n, s)))})`;
}

/** The sentence for one event, or null for events not worth a line. */
export function describe(n: Namer, e: GameEvent): string | null {
  const by = capital(who(n, e.seat));
  switch (e.type) {
    case 'dealt':
      return e.redacted || !Array.isArray(e['cards'])
        ? `${by} ${e.seat === n.me ? 'were' : 'was'} dealt ${e['count'] ?? 'some'} cards.`
        : `You were dealt ${(e['cards'] as string[]).join(', ')}.`;
    case 'discarded':
      return e.redacted || !Array.isArray(e['cards'])
        ? `${by} discarded.`
        : `${by} discarded ${(e['cards'] as string[]).join(', ')}.`;
    case 'play_starts':
      return `Play starts: ${who(n, e['first'])} first.`;
    case 'turn':
      return `${capital(who(n, e.seat))}${e.seat === n.me ? 'r' : "'s"} turn.`;
    case 'roll':
      return `${by} rolled ${e['value']}.`;
    case 'sonar': {
      const pinged = (e['pinged'] as number[] | undefined) ?? [];
      const answer = pinged.length ? `Ping! from ${list(pinged.map((s) => who(n, s)))}` : 'no ping';
      const source = e['source'] === 'bonus' ? 'bonus sonar' : 'sonar';
      return `${by} used ${source} on ${lineName(String(e['line']))}: ${answer}.`;
    }
    case 'shots': {
      const shots = (e['shots'] as Array<{ cell: string; hit?: number[] }> | undefined) ?? [];
      const source = e['source'] === 'bonus' ? ` a bonus${e['card'] ? ' (' + e['card'] + ')' : ''}` : '';
      return `${by} fired${source}: ${shots.map((s) => shotText(n, s)).join('; ')}.`;
    }
    case 'sunk': {
      const card = (e['card'] ?? {}) as { id?: string; ship?: string; cells?: string[] };
      const owner = e.seat === n.me ? 'your' : `${n.nameOf(e.seat ?? -1)}'s`;
      const shooter = capital(who(n, e['by']));
      const gains: string[] = [];
      if (e['bonus_shots']) gains.push(`${e['bonus_shots']} bonus shot${e['bonus_shots'] > 1 ? 's' : ''}`);
      if (e['bonus_sonar']) gains.push('a bonus sonar');
      const gain = gains.length ? `; ${who(n, e['by'])} gain${e['by'] === n.me ? '' : 's'} ${gains.join(' and ')}` : '';
      return `${shooter} sank ${owner} ${card.ship ?? 'ship'} ${card.id ?? ''} (${(card.cells ?? []).join(', ')})${gain}.`;
    }
    case 'eliminated':
      return `${by} ${e.seat === n.me ? 'are' : 'is'} eliminated.`;
    case 'game_over': {
      const winners = (e['winners'] as number[] | undefined) ?? [];
      if (winners.length === 0) return 'Game over.';
      const names = list(winners.map((s) => who(n, s)));
      const verb = winners.length > 1 ? 'share the win' : winners[0] === n.me ? 'win' : 'wins';
      return `Game over: ${names} ${verb}.`;
    }
    default:
      return null;
  }
}
