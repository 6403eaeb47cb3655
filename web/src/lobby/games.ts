// What the lobby knows about each game from the server's `welcome`: its options described with
// defaults and allowed values, its bots and levels. Also the seats a game with given options has.
import type { Json } from '../games/types';

export interface OptionSpec {
  default: Json;
  values?: Json[];
  range?: [number, number];
  about?: string;
}

export interface GameInfo {
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  bots: Array<{ name: string; plays: string; strength: string }>;
  levels: Record<string, string>;
}

export const GAME_TITLES: Record<string, string> = {
  classic: 'Battleship',
  salvo: 'Salvo',
  royale: 'Battleship Royale',
  crew: 'Ship, Captain and Crew',
  party: 'Rainbow Armada (party)',
};

/** How many seats a room of this game has with these options (party: host + players). */
export function seatCount(game: string, options: Record<string, Json>, info?: GameInfo): number {
  const players = Number(options['players'] ?? info?.options['players']?.default ?? 2);
  if (game === 'party') return players + 1;
  if (game === 'royale' || game === 'crew') return players;
  return 2;
}

/** A label for an option key: "no_touch" -> "No touch". */
const LABELS: Record<string, string> = {
  cols: 'Columns',
  no_touch: 'Ships may not touch',
  crew_reroll: 'Crew re-throws',
  announce: 'Announce',
  host: 'Host',
};

export function optionLabel(key: string): string {
  if (LABELS[key]) return LABELS[key]!;
  const text = key.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
