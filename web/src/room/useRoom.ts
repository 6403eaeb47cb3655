// A RoomSession for the component's lifetime, re-rendering on every change of its state.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { RoomSession, type RoomState } from '../net/room_session';

export function useRoom(code: string, watch = false): [RoomSession, RoomState] {
  const session = useMemo(() => new RoomSession(code, watch), [code, watch]);
  const [state, setState] = useState<RoomState>(session.state);
  useEffect(() => {
    const off = session.subscribe(setState);
    // The session starts connecting when it is made, before this effect runs: a welcome that
    // arrived in between would otherwise never be drawn (a quiet waiting room stayed on
    // "Connecting…").
    setState(session.state);
    return () => {
      off();
      session.close();
    };
  }, [session]);
  return [session, state];
}
