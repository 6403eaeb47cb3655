// Names of any seats of a party room: the summary lists the first 64 seats; beyond them the host
// screen asks `{"cmd": "names", "seats": [...]}` for the few it shows (leaders, winners, the
// eliminated), and keeps what it learnt.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomSession } from '../net/room_session';

export function useNames(session: RoomSession, wanted: number[]): (seat: number) => string {
  const [known, setKnown] = useState<Record<number, string>>({});
  const asked = useRef(new Set<number>());
  const seats = session.state.summary?.seats ?? [];
  const fromSummary = (s: number) => seats[s]?.seat === s ? seats[s]?.name : seats.find((x) => x.seat === s)?.name;
  const key = wanted.join(',');
  useEffect(() => {
    const missing = wanted.filter((s) => s >= 0 && !fromSummary(s) && !asked.current.has(s) && known[s] === undefined);
    if (missing.length === 0) return;
    missing.forEach((s) => asked.current.add(s));
    void session.command({ cmd: 'names', seats: missing.slice(0, 100) }).then((answer) => {
      if (answer?.type !== 'names' || !answer.names) {
        missing.forEach((s) => asked.current.delete(s)); // asked again on the next change
        return;
      }
      const got: Record<number, string> = {};
      for (const [k, v] of Object.entries(answer.names as Record<string, string>)) got[Number(k)] = v;
      setKnown((old) => ({ ...old, ...got }));
    });
  }, [key, seats.length]);
  return (seat: number) => fromSummary(seat) ?? known[seat] ?? `Player ${seat}`;
}
