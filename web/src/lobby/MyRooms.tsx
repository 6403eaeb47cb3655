// "Your unfinished games": the rooms this browser holds a seat token of (localStorage) that are
// not over, as the lobby's `my_rooms` answers (docs/server.md, "Your unfinished rooms"), each
// with Rejoin and Abort (before anyone's first move) or Resign (once a move was made). Ending
// one frees a place under the server's cap of rooms per address.
import type { JSX } from 'preact';
import type { Json } from '../games/types';
import { socketUrl } from '../net/connection';
import { tokens } from '../net/storage';
import { navigate } from '../ui/navigate';
import { GAME_TITLES } from './games';

// The server's room codes: five letters without I, L, O and U (anything else kept is skipped,
// so one odd key never makes the whole list a `bad_request`).
export const ROOM_CODE = /^[ABCDEFGHJKMNPQRSTVWXYZ]{5}$/;

/** The tokens kept in this browser, as `my_rooms` takes them (at most 200 a request). */
export function heldTokens(): Array<Array<{ room: string; token: string }>> {
  const held = Object.entries(tokens.all())
    .filter(([room, t]) => ROOM_CODE.test(room) && typeof t?.token === 'string')
    .map(([room, t]) => ({ room, token: t.token }));
  const chunks = [];
  for (let i = 0; i < held.length; i += 200) chunks.push(held.slice(i, i + 200));
  return chunks;
}

/** Sends `abort` or `resign` in a room with the kept token (see roomCommand). */
export function endRoom(room: string, command: 'abort' | 'resign'): Promise<Json> {
  return roomCommand(room, command);
}

/**
 * Sends one command in a room with the kept token (`abort`, `resign`, or `start` for a game the
 * lobby made), on a connection of its own that closes once answered: the answer, or an error the
 * page can show.
 */
export function roomCommand(room: string, command: string): Promise<Json> {
  const token = tokens.get(room)?.token;
  return new Promise((done) => {
    const failed = (message: string) => done({ type: 'error', error: { code: 'unreachable', message } });
    if (!token) return failed('This browser holds no seat in room ' + room + '.');
    const socket = new WebSocket(socketUrl('/ws/' + room));
    const timer = window.setTimeout(() => {
      socket.close();
      failed('The server did not answer: try again.');
    }, 8000);
    const finish = (answer: Json) => {
      window.clearTimeout(timer);
      socket.close();
      done(answer);
    };
    socket.onopen = () => socket.send(JSON.stringify({ cmd: 'hello', protocol: 2, token, id: 1 }));
    socket.onmessage = (e: MessageEvent) => {
      let m: Json;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (m?.id === 1) {
        if (m.type === 'welcome') socket.send(JSON.stringify({ cmd: command, id: 2 }));
        else finish(m);
      } else if (m?.id === 2) {
        finish(m);
      }
    };
    socket.onerror = () => {
      window.clearTimeout(timer);
      failed('Room ' + room + ' could not be reached.');
    };
  });
}

export function MyRooms(props: {
  rooms: Json[];
  busy: string | null;
  onEnd(room: string, command: 'abort' | 'resign'): void;
}): JSX.Element | null {
  if (props.rooms.length === 0) return null;
  return (
    <section class="panel stack" aria-labelledby="mine-h" data-testid="my-rooms">
      <h2 id="mine-h">Your unfinished games</h2>
      <ul class="room-list">
        {props.rooms.map((r) => {
          const code = String(r.room);
          const where = r.seat >= 0 ? `seat ${r.seat + 1}` : 'watching';
          const command = r.abortable ? 'abort' : r.seat >= 0 ? 'resign' : null;
          return (
            <li data-room={code}>
              <strong>{GAME_TITLES[r.game] ?? r.game}</strong> · {code} ·{' '}
              {r.phase === 'waiting' ? 'waiting to start' : 'in play'} · {where}
              {r.owner ? ' (you created it)' : ''}{' '}
              <a class="button" href={'/r/' + code} aria-label={`Rejoin ${code}`}
                onClick={(e) => { e.preventDefault(); navigate('/r/' + code); }}>
                Rejoin
              </a>{' '}
              {command ? (
                <button type="button" class="danger" disabled={props.busy !== null} aria-label={`${command === 'abort' ? 'Abort' : 'Resign'} ${code}`}
                  onClick={() => props.onEnd(code, command)}>
                  {command === 'abort' ? 'Abort' : 'Resign'}
                </button>
              ) : (
                <span class="muted">in play: its players end it</span>
              )}
            </li>
          );
        })}
      </ul>
      <p class="muted">
        Abort ends a game nobody has moved in yet; once a move was made, Resign ends it (the other side wins).
      </p>
    </section>
  );
}
