// The lobby: your unfinished games, then big first choices (play the computer, play a friend,
// quick match, party night), a custom room (the full form: options and seats as people or bots,
// collapsed), your recent games, join by code, and the open public rooms. Talks to /ws (the
// lobby endpoint).
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Connection, type LinkStatus } from '../net/connection';
import { nonces, randomHex, saveName, savedName, tokens } from '../net/storage';
import { navigate } from '../ui/navigate';
import type { Json } from '../games/types';
import { createKept, levelLabel } from './create';
import { GAME_BLURBS, GAME_TITLES, seatCount, type GameInfo } from './games';
import { endRoom, heldTokens, MyRooms } from './MyRooms';
import { OptionsForm } from './OptionsForm';
import { PlayComputer } from './PlayComputer';
import { PlayFriend } from './PlayFriend';
import { RecentGames } from './RecentGames';
import './lobby.css';

type SeatChoice = 'me' | 'open' | `bot:${string}`;

function defaultSeats(game: string, count: number): SeatChoice[] {
  const seats: SeatChoice[] = Array.from({ length: count }, () => 'open');
  if (game === 'party') {
    seats[0] = 'bot:normal'; // the host calls the torpedoes; a person can take it instead
    seats[1] = 'me';
  } else {
    seats[0] = 'me';
  }
  return seats;
}

// The unfinished rooms this browser's tokens hold (`my_rooms`, 200 tokens a request).
async function listMine(c: Connection): Promise<Json[]> {
  const mine: Json[] = [];
  for (const chunk of heldTokens()) {
    const answer = await c.request({ cmd: 'my_rooms', tokens: chunk });
    if (answer.type === 'my_rooms') mine.push(...(answer.rooms ?? []));
  }
  return mine;
}

function useLobby() {
  const [games, setGames] = useState<GameInfo[]>([]);
  const [link, setLink] = useState<LinkStatus>('connecting');
  const [rooms, setRooms] = useState<Json[]>([]);
  const [mine, setMine] = useState<Json[] | null>(null); // null: not asked yet
  const conn = useRef<Connection | null>(null);
  const unasked = useRef<(m: Json) => void>(() => undefined);
  useEffect(() => {
    const c = new Connection('/ws', {
      async greet(c) {
        const welcome = await c.request({ cmd: 'hello', protocol: 2 });
        if (welcome.type !== 'welcome') throw new Error('refused');
        setGames(welcome.games);
        const list = await c.request({ cmd: 'rooms' });
        if (list.type === 'rooms') setRooms(list.rooms ?? []);
        setMine(await listMine(c));
      },
      onMessage: (m) => unasked.current(m),
      onStatus: setLink,
    });
    conn.current = c;
    return () => c.close();
  }, []);
  return { games, link, rooms, setRooms, mine, setMine, conn, unasked };
}

export function Lobby(): JSX.Element {
  const { games, link, rooms, setRooms, mine, setMine, conn, unasked } = useLobby();
  const [ending, setEnding] = useState<string | null>(null);
  const [mineStatus, setMineStatus] = useState('');
  const [name, setName] = useState(savedName());
  const [game, setGame] = useState('classic');
  const [options, setOptions] = useState<Record<string, Json>>({});
  const info = games.find((g) => g.name === game);
  const count = seatCount(game, options, info);
  const [seats, setSeats] = useState<SeatChoice[]>(defaultSeats('classic', 2));
  const [isPublic, setPublic] = useState(false);
  const [turnSeconds, setTurnSeconds] = useState(0);
  const [status, setStatus] = useState<string>('');
  const [code, setCode] = useState('');
  const [waiting, setWaiting] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Broadside';
  }, []);
  // The seat list follows the number of seats the options give.
  useEffect(() => {
    setSeats((old) => {
      if (old.length === count) return old;
      const fresh = defaultSeats(game, count);
      return fresh.map((s, i) => (i < old.length && game !== 'party' ? old[i]! : s));
    });
  }, [count, game]);

  const chooseGame = (g: string) => {
    setGame(g);
    setOptions({});
    const gi = games.find((x) => x.name === g);
    setSeats(defaultSeats(g, seatCount(g, {}, gi)));
  };

  const rememberName = (n: string) => {
    setName(n);
    saveName(n);
  };

  const create = async (e: Event) => {
    e.preventDefault();
    if (!conn.current) return;
    const mine = seats.indexOf('me');
    const bots = seats
      .map((s, seat) => (s.startsWith('bot:') ? { seat, ...botSpec(s.slice(4)) } : null))
      .filter((b) => b !== null);
    setStatus('Creating the room…');
    const body: Record<string, Json> = {
      game,
      options,
      name: name.trim() || undefined,
      seat: mine >= 0 ? mine : null,
      bots,
      public: isPublic,
    };
    if (turnSeconds > 0) body['clock'] = { turn_seconds: turnSeconds, placement_seconds: Math.max(turnSeconds * 4, 60) };
    const made = await createKept(conn.current, body);
    if ('error' in made) {
      setStatus(made.error);
      return;
    }
    navigate('/r/' + made.room);
  };

  const quick = async (g: string) => {
    if (!conn.current) return;
    setWaiting(g);
    // The nonce is kept with the room, as create and join keep theirs: the end screen's fairness
    // check looks for it among the record's nonces. Matched now (someone was waiting) or later
    // (an unasked `matched`), the same nonce went with the request.
    const nonce = randomHex(16);
    const matched = (m: Json) => {
      tokens.set(m.room, { token: m.token, seat: m.seat });
      nonces.set(m.room, nonce);
      navigate('/r/' + m.room);
    };
    unasked.current = (m) => {
      if (m.type === 'matched') matched(m);
    };
    const answer = await conn.current.request({ cmd: 'quick', game: g, name: name.trim() || undefined, nonce }).catch(() => null);
    if (answer?.type === 'matched') {
      matched(answer);
    } else if (answer?.type !== 'waiting') {
      setWaiting(null);
      setStatus(answer?.error?.message ?? 'Quick match failed.');
    }
  };

  const endMine = async (room: string, command: 'abort' | 'resign') => {
    if (command === 'resign' && !window.confirm(`Resign in room ${room}? The game counts as lost.`)) return;
    setEnding(room);
    const answer = await endRoom(room, command);
    setMineStatus(
      answer.type === 'aborted' ? `Room ${room} is aborted.`
      : answer.type === 'resigned' ? `You resigned in room ${room}.`
      : answer.error?.message ?? 'The room refused.',
    );
    if (conn.current) setMine(await listMine(conn.current).catch(() => mine ?? []));
    setEnding(null);
  };

  const refreshRooms = async () => {
    const list = await conn.current?.request({ cmd: 'rooms' }).catch(() => null);
    if (list?.type === 'rooms') setRooms(list.rooms ?? []);
  };

  const joinByCode = (e: Event) => {
    e.preventDefault();
    const c = code.trim().toUpperCase().replace(/[^A-Z]/g, '');
    if (c.length !== 5) {
      setStatus('A room code has five letters.');
      return;
    }
    navigate('/r/' + c);
  };

  const levels = info ? Object.keys(info.levels) : ['easy', 'normal', 'hard'];

  const ready = link === 'open' && games.length > 0;

  return (
    <main class="lobby">
      {link === 'offline' ? (
        <div class="banner-offline" role="status" data-testid="offline">
          Offline: reconnecting to the server…
        </div>
      ) : null}
      <h1>Play Battleship and friends</h1>
      <div class="field lobby-name">
        <label for="name">Your name</label>
        <input id="name" type="text" maxLength={24} autoComplete="nickname" value={name} placeholder="Sailor"
          onInput={(e) => rememberName((e.target as HTMLInputElement).value)} />
      </div>
      {link !== 'open' ? <p role="status" class="muted">Connecting to the server…</p> : null}

      <MyRooms rooms={mine ?? []} busy={ending} onEnd={endMine} />
      {mineStatus ? <p role="status" class="notice" data-testid="my-rooms-status">{mineStatus}</p> : null}

      <div class="choices">
        <PlayComputer games={games} conn={conn.current} name={name} ready={ready} />
        <PlayFriend games={games} conn={conn.current} name={name} ready={ready} />
        <section class="panel choice stack" aria-labelledby="quick-h">
          <h2 id="quick-h">Quick match</h2>
          <p class="muted">Play the next person who asks for the same game.</p>
          <div class="row">
            {['classic', 'salvo'].map((g) => (
              <button type="button" class="big" onClick={() => quick(g)} disabled={waiting !== null || link !== 'open'}>
                {GAME_TITLES[g]}
              </button>
            ))}
          </div>
          {waiting ? (
            <p role="status">Waiting for another player for {GAME_TITLES[waiting]}…</p>
          ) : null}
        </section>
        <section class="panel choice stack" aria-labelledby="party-h">
          <h2 id="party-h">Party night</h2>
          <p class="muted">Rainbow Armada for a whole room of people: the game on a big screen, everyone plays on their phone.</p>
          <a class="button big" href="/?party" onClick={(e) => { e.preventDefault(); navigate('/?party'); }}>
            Host or join a party
          </a>
        </section>
      </div>

      <details class="panel custom-room" data-testid="custom-room">
        <summary>
          <h2 id="create-h">Custom room</h2>
          <span class="muted"> Every game and option: board size, fleet, weapons, seats, bots, a turn clock.</span>
        </summary>
        {games.length === 0 ? <p role="status">Connecting to the server…</p> : null}
        <form class="stack" onSubmit={create} aria-labelledby="create-h">
          <fieldset class="game-choice">
            <legend>Game</legend>
            {games.map((g) => (
              <label class={'game-option' + (g.name === game ? ' chosen' : '')}>
                <input type="radio" name="game" value={g.name} checked={g.name === game} onChange={() => chooseGame(g.name)} />
                <span>
                  <strong>{GAME_TITLES[g.name] ?? g.name}</strong>
                  <span class="muted"> {GAME_BLURBS[g.name] ?? ''}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {info ? <OptionsForm info={info} values={options} onChange={setOptions} /> : null}
          <fieldset class="stack">
            <legend>Seats</legend>
            {seats.map((s, i) => (
              <div class="field">
                <label for={`seat-${i}`}>
                  {game === 'party' ? (i === 0 ? 'Host (calls the torpedoes)' : `Player ${i}`) : `Seat ${i + 1}`}
                </label>
                <select id={`seat-${i}`} value={s} onChange={(e) => {
                  const v = (e.target as HTMLSelectElement).value as SeatChoice;
                  setSeats(seats.map((x, j) => (j === i ? v : v === 'me' && x === 'me' ? 'open' : x)));
                }}>
                  <option value="me">Me</option>
                  <option value="open">Open (a friend joins)</option>
                  {levels.map((l) => (
                    <option value={`bot:${l}`}>Computer: {levelLabel(l)}</option>
                  ))}
                  {info?.bots.map((b) => (
                    <option value={`bot:=${b.name}`}>Computer “{b.name}”: {b.plays}</option>
                  ))}
                </select>
              </div>
            ))}
            {!seats.includes('me') ? <p class="muted">You will watch this room without a seat.</p> : null}
          </fieldset>
          <div class="row">
            <label>
              <input type="checkbox" checked={isPublic} onChange={(e) => setPublic((e.target as HTMLInputElement).checked)} />
              List it in open rooms
            </label>
            <div class="field">
              <label for="clock">Turn clock</label>
              <select id="clock" value={String(turnSeconds)} onChange={(e) => setTurnSeconds(Number((e.target as HTMLSelectElement).value))}>
                <option value="0">none</option>
                <option value="30">30 s a turn</option>
                <option value="60">1 min a turn</option>
                <option value="300">5 min a turn</option>
              </select>
            </div>
          </div>
          <div class="row">
            <button class="primary" type="submit" disabled={!info || link !== 'open'}>
              Create room
            </button>
          </div>
        </form>
        {status ? <p role="status" class="notice">{status}</p> : null}
      </details>

      <RecentGames unfinished={mine} />

      <section class="panel stack" aria-labelledby="join-h">
        <h2 id="join-h">Join a room</h2>
        <form class="row" onSubmit={joinByCode}>
          <div class="field">
            <label for="code">Room code</label>
            <input id="code" type="text" inputMode="text" autoCapitalize="characters" maxLength={5} size={7}
              value={code} onInput={(e) => setCode((e.target as HTMLInputElement).value)} placeholder="ABCDE" />
          </div>
          <button type="submit">Join</button>
        </form>
        <p class="muted">
          A finished game, from this server or a record file:{' '}
          <a href="/replay" data-testid="replay-link" onClick={(e) => { e.preventDefault(); navigate('/replay'); }}>replay it move by move</a>.
        </p>
      </section>


      <section class="panel stack" aria-labelledby="rooms-h">
        <h2 id="rooms-h">Open rooms</h2>
        <div class="row">
          <button type="button" onClick={refreshRooms}>Refresh</button>
        </div>
        {rooms.length === 0 ? (
          <p class="muted">No public rooms right now.</p>
        ) : (
          <ul class="room-list">
            {rooms.map((r) => (
              <li>
                <strong>{GAME_TITLES[r.game] ?? r.game}</strong> · {r.room} · {r.phase}
                {typeof r.open_seats === 'number' ? ` · ${r.open_seats} open seat(s)` : ''}{' '}
                <a class="button" href={'/r/' + r.room} onClick={(e) => { e.preventDefault(); navigate('/r/' + r.room); }}>
                  {r.phase === 'waiting' ? 'Join' : 'Watch'}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p class="muted">
        Also in a terminal: <code>broadside join CODE --server {location.origin}</code>
      </p>
    </main>
  );
}

function botSpec(choice: string): Record<string, string> {
  return choice.startsWith('=') ? { bot: choice.slice(1) } : { level: choice };
}
