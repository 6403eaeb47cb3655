// The game's title on a room's page and in its tab: the lobby's title, but the party game is
// named by its edition (README: "Rainbow Armada / European Navy"), as the party night's phone and
// host screen name it; a European Navy room is never called "Rainbow Armada".
import { GAME_TITLES } from '../lobby/games';
import { editionOf } from '../party/editions';
import type { Json } from '../games/types';

export function roomTitle(game: string, options: Json | undefined): string {
  if (game === 'party') return `${editionOf(options?.edition).title} (party)`;
  return GAME_TITLES[game] ?? game;
}
