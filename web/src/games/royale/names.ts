// Seat names that tell seats apart. The server names every bot seat after its seat ("random bot
// 3", docs/server.md) and people's names are unique in a room, but a person may still call
// themselves after a bot: a name shared by several seats gets the seat as the page numbers it
// ("Seat 3", or "Player 3" in the party game). The room page applies this to every name it shows
// (the turn bar, the end panel, the game's view); the Royale, crew and party views apply it again
// for pages that build them without the room page (it changes nothing on distinct names).
import { useMemo } from 'preact/hooks';
import type { SeatInfo } from '../types';

/** The seat as the pages number it: "Seat 3" (from 1), or the party game's "Player 3" (by seat). */
export function seatLabel(game: string | undefined, seat: number): string {
  if (game === 'party') return seat === 0 ? 'Host' : `Player ${seat}`;
  return `Seat ${seat + 1}`;
}

/**
 * A bot seat's name as the server gives it (server/bot_seat.cpp): "random bot 3", numbered from 1;
 * in the party game the host is "host bot" and players are numbered from 1 after it. The replay
 * names bots from the record with this, so they read as they did live.
 */
export function botSeatName(game: string | undefined, bot: string, seat: number): string {
  if (game === 'party') return seat === 0 ? 'host bot' : `${bot} bot ${seat}`;
  return `${bot} bot ${seat + 1}`;
}

export function distinctNames(
  seats: SeatInfo[],
  nameOf: (seat: number) => string,
  game?: string,
): (seat: number) => string {
  const count = new Map<string, number>();
  for (const s of seats) {
    const name = nameOf(s.seat);
    count.set(name, (count.get(name) ?? 0) + 1);
  }
  return (seat: number) => {
    const name = nameOf(seat);
    return (count.get(name) ?? 0) > 1 ? `${name} (${seatLabel(game, seat)})` : name;
  };
}

export function useDistinctNames(seats: SeatInfo[], nameOf: (seat: number) => string, game?: string): (seat: number) => string {
  // Names come from the seats: recomputed when they change, not on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => distinctNames(seats, nameOf, game), [seats, game]);
}
