// "Play a friend": one button makes a room with you in seat 1 and seat 2 open, then shows the
// link to send (copy button, QR code for a phone beside you) and waits here. The lobby listens on
// the room's socket with your token: when the friend takes the seat it starts the game and opens
// the board, so neither of you has to press anything else.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Connection } from '../net/connection';
import { tokens } from '../net/storage';
import { navigate } from '../ui/navigate';
import { copyText } from '../ui/copy';
import { QrCode } from '../party/QrCode';
import type { Json } from '../games/types';
import { createKept } from './create';
import { GAME_TITLES, type GameInfo } from './games';
import { roomCommand } from './MyRooms';

/** Games two people can play together, and the options that make them a game for two. */
const FRIEND_GAMES: Record<string, Record<string, Json>> = {
  classic: {},
  salvo: {},
  royale: { players: 2 },
  crew: { players: 2 },
};

export function PlayFriend(props: { games: GameInfo[]; conn: Connection | null; name: string; ready: boolean }): JSX.Element {
  const [game, setGame] = useState('classic');
  const [room, setRoom] = useState<{ code: string; url: string } | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const offered = props.games.map((g) => g.name).filter((g) => g in FRIEND_GAMES);

  const invite = async () => {
    setBusy(true);
    setStatus('');
    const made = await createKept(props.conn, {
      game, options: FRIEND_GAMES[game] ?? {}, name: props.name.trim() || undefined, seat: 0, bots: [], public: false,
    });
    setBusy(false);
    if ('error' in made) setStatus(made.error);
    else setRoom({ code: made.room, url: made.url });
  };

  const cancel = async () => {
    if (room) await roomCommand(room.code, 'abort');
    setRoom(null);
    setStatus('The invitation is withdrawn.');
  };

  return (
    <section class={'panel choice stack' + (room ? ' inviting' : '')} aria-labelledby="friend-h">
      <h2 id="friend-h">Play a friend</h2>
      {room ? (
        <Invitation room={room.code} url={room.url} game={game} onCancel={cancel} />
      ) : (
        <>
          <p class="muted">Get a link to send to a friend: the game starts as soon as they open it.</p>
          <div class="field">
            <label for="friend-game">Game</label>
            <select id="friend-game" value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
              {(offered.length ? offered : ['classic']).map((g) => (
                <option value={g}>{GAME_TITLES[g] ?? g}</option>
              ))}
            </select>
          </div>
          <button class="primary big" type="button" disabled={!props.ready || busy} onClick={invite}>
            Invite a friend
          </button>
        </>
      )}
      {status ? <p role="status" class="notice">{status}</p> : null}
    </section>
  );
}

/** `url`: the join link the server gave (`room_created`), which carries its --public-url. */
function Invitation(props: { room: string; url: string; game: string; onCancel(): void }): JSX.Element {
  const { room, url } = props;
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  useFriendStarts(room);
  // The link is what the player came for: focus it (selected, ready to copy by hand too).
  useEffect(() => field.current?.focus(), []);
  return (
    <div class="stack invitation" data-testid="invitation" data-room={room}>
      <p>
        Your {GAME_TITLES[props.game] ?? props.game} room is <strong class="room-code">{room}</strong>. Send your friend this link,
        or let them scan the code:
      </p>
      <div class="invite-body">
        <div class="stack">
          <div class="field">
            <label for="friend-link">Link for your friend</label>
            <input id="friend-link" ref={field} type="text" readOnly value={url} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </div>
          <div class="row">
            <button type="button" onClick={async () => setCopied((await copyText(url, field.current)) ? 'Link copied.' : 'Select the link and copy it.')}>
              Copy link
            </button>
            <span role="status">{copied}</span>
          </div>
          <p role="status" class="waiting-friend">Waiting for your friend to open the link…</p>
          <div class="row">
            <a class="button" href={'/r/' + room} onClick={(e) => { e.preventDefault(); navigate('/r/' + room); }}>
              Go to the room
            </a>
            <button type="button" class="danger" onClick={props.onCancel}>
              Cancel
            </button>
          </div>
        </div>
        <QrCode text={url} label={`QR code of the link to room ${room}`} class="invite-qr" testId="invite-qr" />
      </div>
    </div>
  );
}

/** Watches the room with the creator's token; once every seat is taken, starts and opens it. */
function useFriendStarts(room: string): void {
  const started = useRef(false);
  useEffect(() => {
    const token = tokens.get(room)?.token;
    if (!token) return;
    const check = (c: Connection, summary: Json) => {
      if (!summary || started.current) return;
      if (summary.phase === 'playing') {
        started.current = true;
        navigate('/r/' + room);
      } else if (summary.phase === 'waiting' && Array.isArray(summary.seats) && summary.seats.every((s: Json) => s.kind !== 'open')) {
        started.current = true;
        void c.request({ cmd: 'start' }).finally(() => navigate('/r/' + room));
      }
    };
    const c: Connection = new Connection('/ws/' + room, {
      async greet(conn) {
        const welcome = await conn.request({ cmd: 'hello', protocol: 2, token });
        if (welcome.type === 'welcome') check(conn, welcome.room);
      },
      onMessage: (m) => {
        if (m.type === 'room') check(c, m);
      },
      onStatus: () => undefined,
    });
    return () => c.close();
  }, [room]);
}
