// Seat names that tell seats apart: two bots of one level are both "random bot" in the room
// summary, so a name shared by several seats gets its seat number ("random bot (seat 2)").
// Shared by the Royale, crew and party views.
import { useMemo } from 'preact/hooks';
import type { SeatInfo } from '../types';

export function useDistinctNames(seats: SeatInfo[], nameOf: (seat: number) => string): (seat: number) => string {
  return useMemo(() => {
    const count = new Map<string, number>();
    for (const s of seats) {
      const name = nameOf(s.seat);
      count.set(name, (count.get(name) ?? 0) + 1);
    }
    return (seat: number) => {
      const name = nameOf(seat);
      return (count.get(name) ?? 0) > 1 ? `${name} (seat ${seat})` : name;
    };
    // Names come from the seats: recomputed when they change, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seats]);
}
