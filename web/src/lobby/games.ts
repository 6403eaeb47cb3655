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
  // The game, either edition: a room's own title names its edition (room/title.ts), and the
  // lobby's lists that do not know a room's options must not call a European Navy room Rainbow.
  party: 'Rainbow Armada / European Navy (party)',
};

/** What each game is, in a player's words (the server's summaries are written for the protocol). */
export const GAME_BLURBS: Record<string, string> = {
  classic: 'The classic: one shot a turn, sink the whole enemy fleet first.',
  salvo: 'Battleship with a salvo: one shot for every ship you still have afloat.',
  royale: '2 to 6 players on one shared sea, with secret ship cards and the Royale die.',
  crew: 'The dice game: roll a ship, a captain and a crew, then score your cargo.',
  party: 'A host fires 30 torpedoes at every fleet at once: the most ships afloat at the end wins.',
};

/**
 * Help under an option, for players (the server's `about` texts describe the protocol: seeds,
 * JSON shapes). An option without an entry here shows no help rather than developer wording.
 */
export const OPTION_HELP: Record<string, string> = {
  weapons: 'Extra weapons for both sides, on top of the ordinary shot.',
  carrier: 'The ship that launches the bombers.',
  submarine: 'The ship that fires the torpedoes.',
  torpedo_bonus: 'A lucky torpedo roll sinks the whole ship at once.',
  no_touch: 'House rule: ships may not touch, not even at a corner.',
  crew_reroll: 'House rule: how crew dice may be thrown again.',
  mode: 'Rounds: the best total after a set number of rounds. Target: the first to reach a score.',
  stake: 'What each player puts in the pot; 0 plays without a pot.',
  host: 'Person: the host fires each torpedo. Automatic: the torpedoes fire by themselves.',
  players: 'How many players sit at the table.',
  first: 'Who takes the first turn.',
  seating: 'Fixed: a set number of players. Open: players join until the first torpedo.',
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

/** Option values as players say them (the protocol's names stay in the requests). */
const VALUE_LABELS: Record<string, string> = {
  nuke: 'Tactical Nuke',
  scuba: 'SCUBA Attack',
  torpedo: 'Torpedo',
  experimental: 'Experimental Weapon',
  bomber: 'Bomber Flight',
  ship: 'Name the ship hit',
  'hit-only': 'Say only "hit"',
  d20: 'One 20-sided die',
  '3d6': 'Three 6-sided dice',
  random: 'Random',
  standard: 'Standard',
  advanced: 'Advanced',
  rainbow: 'Rainbow Armada',
  european: 'European Navy',
  person: 'A person',
  auto: 'Automatic',
  fixed: 'Fixed',
  open: 'Open',
  rounds: 'Rounds',
  target: 'Target score',
};

export function valueLabel(v: Json): string {
  if (typeof v === 'number') return String(v);
  const text = String(v);
  return VALUE_LABELS[text] ?? text.charAt(0).toUpperCase() + text.slice(1);
}
