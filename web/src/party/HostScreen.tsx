// The host screen of a party night (/r/CODE?host, seat 0 of an open-seating party room), made for
// a projector: the room code and a QR code of the join link, the crowd joining and getting
// ready, the edition's ships, then each torpedo called in huge letters with a sound cue, the
// board of calls, what each call did, the scoreboard by counts (a room may hold thousands), the
// tiebreak and the podium. The host fires by click, Space/Enter or at a pace, and runs the room:
// lock, remove a player, play again. `?screen` shows without controls (the big screen), and
// `?controls` is the controls alone (the host's phone, opened with the same token).
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useRoom } from '../room/useRoom';
import type { RoomSession, RoomState } from '../net/room_session';
import { observationIsCurrent } from '../net/room_session';
import { isMuted, setMuted, tokens } from '../net/storage';
import { navigate } from '../ui/navigate';
import type { GameEvent, Json } from '../games/types';
import { HOW } from '../games/party/events';
import { colLetterCell, letter } from '../ui/coords';
import { editionOf } from './editions';
import { QrCode } from './QrCode';
import { controlsLink, hostPath, takeTokenFromHash } from './identity';
import { cue, cuesReady, unlockCues } from './cues';
import { useNames } from './useNames';
import { roomTitle } from '../room/title';
import './party-night.css';

export type HostMode = 'full' | 'screen' | 'controls';

interface Call {
  n: number;
  number: number;
  cell: string;
  super: boolean;
  hit: number;
  sunk: number;
  miss: number;
  eliminated: number[];
  eliminatedCount: number;
}

function callsOf(events: GameEvent[]): Call[] {
  const calls: Call[] = [];
  for (const e of events) {
    if (e.type === 'torpedo') {
      const c = (e['counts'] ?? {}) as { hit?: number; sunk?: number; miss?: number };
      calls.push({ n: e.n, number: e['number'], cell: e['cell'], super: false, hit: c.hit ?? 0, sunk: c.sunk ?? 0, miss: c.miss ?? 0, eliminated: [], eliminatedCount: 0 });
    } else if (e.type === 'super_torpedo') {
      const out = (e['eliminated'] as number[] | null | undefined) ?? [];
      calls.push({ n: e.n, number: e['number'], cell: e['cell'], super: true, hit: 0, sunk: 0, miss: 0, eliminated: out, eliminatedCount: Number(e['eliminated_count'] ?? out.length) });
    }
  }
  return calls;
}

/**
 * How many names the tiebreak shows in each list (still in, out, out by the latest super
 * torpedo) before "and N more": what a 1280x720 window holds under the call.
 */
const TIEBREAK_NAMES = 3;
/** How many of the latest names the wall shows while players join (docs/web.md). */
const LATEST_NAMES = 24;

/** The seats of the latest LATEST_NAMES players to join, newest first (seats are given in order). */
function latestJoined(listed: Array<{ seat: number; kind: string }>, seatCount: number): number[] {
  if (seatCount <= listed.length) {
    return listed.filter((s) => s.seat > 0 && s.kind === 'human').slice(-LATEST_NAMES).map((s) => s.seat).reverse();
  }
  const out: number[] = [];
  for (let s = seatCount - 1; s >= 1 && out.length < LATEST_NAMES; --s) out.push(s);
  return out;
}

function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}

function listNames(seats: number[], total: number, nameOf: (s: number) => string, max = 6): string {
  const shown = seats.slice(0, max).map(nameOf);
  const more = Math.max(0, total - shown.length);
  if (more) shown.push(`${more} more`);
  return shown.length <= 1 ? shown.join('') : shown.slice(0, -1).join(', ') + ' and ' + shown[shown.length - 1];
}

export function HostPage(props: { code: string; mode: HostMode }): JSX.Element {
  // A controls link carries the host's token in its fragment: keep it before connecting.
  useMemo(() => {
    const t = takeTokenFromHash();
    if (t) tokens.set(props.code, { token: t, seat: 0 });
  }, [props.code]);
  const [session, state] = useRoom(props.code);
  const [mode, setMode] = useState<HostMode>(props.mode);
  return <HostScreen session={session} state={state} mode={mode} setMode={(m) => {
    setMode(m);
    history.replaceState(null, '', hostPath(props.code, m));
  }} />;
}

export function HostScreen(props: { session: RoomSession; state: RoomState; mode: HostMode; setMode(m: HostMode): void }): JSX.Element {
  const { session, state, mode } = props;
  const summary = state.summary;
  const obs = state.observation as Json | null;
  const board = obs?.scoreboard as Json | undefined;
  const you = state.you;
  const isHost = you?.seat === 0;
  const [said, setSaid] = useState('');
  const [message, setMessage] = useState('');
  const [pace, setPace] = useState(0);
  const [paused, setPaused] = useState(false);
  const [muted, setMutedState] = useState(isMuted());
  const [soundReady, setSoundReady] = useState(cuesReady());
  const [showControlsQr, setShowControlsQr] = useState(false);
  const started = useRef(false);
  const lastCued = useRef<number | null>(null);

  const calls = useMemo(() => callsOf(state.events), [state.events]);
  const last = calls[calls.length - 1];
  const edition = editionOf(summary?.options?.edition);
  const phase: string = summary?.phase === 'waiting' ? 'placement' : summary?.phase === 'over' ? 'over' : (obs?.phase ?? 'placement');
  const over = phase === 'over' || state.over || summary?.phase === 'over';
  const legal = isHost && !over ? state.legal : null;
  // Not before the observation has caught up with the last call: until then the next torpedo's
  // number (and whether it is a super torpedo) is not known, and the button would name the old one.
  const canFire = legal?.type === 'fire' && !state.busy && state.link === 'open' && observationIsCurrent(state);
  const startFire = legal?.type === 'fire' && legal.start === true;
  const players = Math.max(0, Number(summary?.players_count ?? board?.players ?? Math.max(0, (summary?.seats.length ?? 1) - 1)) - Number(board?.removed_count ?? 0));
  const placed = Number(board?.placed ?? 0);
  const connected = Number(summary?.connected_count ?? players);
  const locked = Boolean(summary?.locked);
  const firing = phase === 'firing' || phase === 'tiebreak' || over;
  const joinUrl = summary?.url || `${location.origin}/r/${summary?.room ?? ''}`;

  // The latest to join, newest first, for the wall of names while placing. A party of more than
  // 64 players lists only its first seats in the summary (docs/server.md): its latest are its
  // last seats, named through `names` like the others below.
  const latestSeats = firing ? [] : latestJoined(summary?.seats ?? [], Number(summary?.seat_count ?? 0));

  // Names the screen shows: the leaders, the winners, the last super torpedo's eliminated, the
  // tiebreak banner's first few still in and out (TIEBREAK_NAMES each), and the latest to join.
  const winners: number[] = (obs?.winners as number[] | null) ?? (state.events.find((e) => e.type === 'game_over')?.['winners'] as number[] | null) ?? [];
  const leaders: number[] = (board?.leaders as number[] | undefined) ?? [];
  const stillIn: number[] = (board?.remaining as number[] | null | undefined) ?? [];
  const out: number[] = ((board?.eliminated as Array<{ seat: number }> | null | undefined) ?? []).map((e) => e.seat);
  const wanted = [...leaders, ...winners.slice(0, 64), ...(last?.eliminated ?? []), ...stillIn.slice(0, TIEBREAK_NAMES), ...out.slice(0, TIEBREAK_NAMES), ...latestSeats];
  const nameOf = useNames(session, wanted);

  // An open party starts at once: people join while the host waits.
  useEffect(() => {
    if (summary?.phase === 'waiting' && you?.owner && !started.current) {
      started.current = true;
      void session.command({ cmd: 'start' }).then((a) => {
        if (a.type === 'error') setMessage(a.error?.message ?? 'The room did not start.');
      });
    }
  }, [summary?.phase, you?.owner]);

  // The count of players ready rises live: observe every second until the first torpedo.
  useEffect(() => {
    if (firing || summary?.phase !== 'playing') return;
    const timer = window.setInterval(() => void session.observe(), 1000);
    return () => window.clearInterval(timer);
  }, [firing, summary?.phase]);

  // Sound: unlocked by the host's first click or key; a cue for each new call.
  useEffect(() => {
    const unlock = () => {
      unlockCues();
      window.setTimeout(() => setSoundReady(cuesReady()), 100);
    };
    document.addEventListener('pointerdown', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, []);
  useEffect(() => {
    const newest = state.events.length ? state.events[state.events.length - 1]!.n : 0;
    if (lastCued.current === null) {
      lastCued.current = newest; // what was there on load is not news
      return;
    }
    const fresh = state.events.filter((e) => e.n > lastCued.current!);
    lastCued.current = newest;
    if (mode === 'controls') return; // the phone in the host's hand stays quiet
    const shot = [...fresh].reverse().find((e) => e.type === 'torpedo' || e.type === 'super_torpedo');
    if (fresh.some((e) => e.type === 'game_over')) cue('end');
    else if (shot) cue(shot.type === 'super_torpedo' ? 'super' : 'torpedo');
  }, [state.events]);

  // Screen readers hear each call.
  useEffect(() => {
    if (!last) return;
    setSaid(last.super
      ? `Super torpedo ${last.number}: ${last.cell}. ${last.eliminatedCount ? plural(last.eliminatedCount, 'player') + ' eliminated' : 'No one eliminated'}.`
      : `Torpedo ${last.number}: ${last.cell}. ${last.hit} hit, ${last.sunk} sunk, ${last.miss} missed.`);
  }, [last?.n]);

  const fire = () => {
    if (!canFire) return;
    unlockCues();
    session.act({ type: 'fire' });
  };

  // Automatic firing at the chosen pace, once the first torpedo has been fired by hand.
  const autoOn = pace > 0 && !paused && canFire && !startFire && !over;
  // What the key handler and the pace timer act on: the screen as last drawn. Effects are swapped
  // a frame after a render is drawn, so a handler closed over an older render would ignore a key
  // pressed as soon as Fire is enabled, or fire once more after Pause is drawn.
  const live = useRef({ fire, autoOn });
  live.current = { fire, autoOn };

  // Space or Enter fires (not while typing or on a button, which handles its own keys).
  useEffect(() => {
    if (mode === 'screen') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' && e.key !== 'Enter') return;
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|SELECT|TEXTAREA|BUTTON|A|SUMMARY)$/.test(t.tagName)) return;
      e.preventDefault();
      live.current.fire();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  useEffect(() => {
    if (!autoOn) return;
    const timer = window.setTimeout(() => {
      if (live.current.autoOn) live.current.fire();
    }, pace * 1000);
    return () => window.clearTimeout(timer);
  }, [autoOn, pace, calls.length]);

  // Play again: everyone is taken to the new room; the host's token holds seat 0 there too.
  const goRematch = (room: string) => {
    const mine = tokens.get(summary!.room);
    if (mine) tokens.set(room, { token: mine.token, seat: 0 });
    navigate(hostPath(room, mode));
  };
  useEffect(() => {
    if (summary?.rematch) goRematch(summary.rematch);
  }, [summary?.rematch]);

  // The tab is named by the edition, as a party room's page is (docs/web.md, "Playing").
  const tabTitle = summary ? `${roomTitle('party', summary.options)} ${summary.room} · host screen · Broadside` : null;
  useEffect(() => {
    if (tabTitle) document.title = tabTitle;
  }, [tabTitle]);

  const command = async (body: Record<string, Json>, done: string) => {
    const answer = await session.command(body);
    setMessage(answer.type === 'error' ? answer.error?.message ?? 'Refused.' : done);
    return answer;
  };

  if (state.missing) {
    return (
      <main class="pn-host">
        <h1>No party {props.session.code}</h1>
        <p>This server has no room with that code.</p>
        <a class="button" href="/?party">Host a new party</a>
      </main>
    );
  }
  if (!summary) {
    return (
      <main class="pn-host">
        <p role="status">Connecting to party {props.session.code}…</p>
      </main>
    );
  }

  const offline = state.link === 'offline' ? (
    <div class="banner-offline" role="status" data-testid="offline">Offline: reconnecting…</div>
  ) : null;

  // ------------------------------------------------------------------ the display (projector)
  const joinPanel = (
    <section class={'pn-join' + (firing ? ' pn-join-small' : '')} aria-labelledby="pn-join-h">
      <h2 id="pn-join-h" class="visually-hidden">How to join</h2>
      <QrCode text={joinUrl} label={`QR code of the join link ${joinUrl}`} testId="host-qr" class="pn-qr" />
      <div class="pn-join-text">
        <p class="pn-join-how">{locked ? 'The room is locked' : firing ? 'Join to watch' : 'Scan or open'}</p>
        <p class="pn-url">{joinUrl.replace(/^https?:\/\//, '')}</p>
        <p class="pn-code-label">Room code</p>
        <p class="pn-code" data-testid="host-code">{summary.room}</p>
      </div>
    </section>
  );

  const counts = (
    <section class="pn-counts" aria-label="Players" data-testid="host-counts">
      <p><span class="pn-big-num" data-testid="host-players">{players}</span> {players === 1 ? 'player' : 'players'} joined</p>
      {!firing ? <p><span class="pn-big-num" data-testid="host-ready">{placed}</span> ready (fleet placed)</p> : null}
      <p class="pn-small">{connected} connected{locked ? ' · locked' : ''}</p>
    </section>
  );

  const fleetPanel = (
    <section class="pn-edition" aria-labelledby="pn-ed-h" data-testid="host-edition">
      <h2 id="pn-ed-h">{edition.title}</h2>
      <ul>
        {edition.ships.map((s) => (
          <li key={s.ship}>
            <span class="pn-swatch" style={{ background: s.css, color: s.ink }} aria-hidden="true">{s.symbol}</span>
            <span>{s.theme} <span class="pn-small">({s.length})</span></span>
          </li>
        ))}
      </ul>
    </section>
  );

  const nameWall = latestSeats.length ? (
    <ul class="pn-names" aria-label="Players joined (latest first)" data-testid="host-names">
      {latestSeats.map((s) => <li key={s}>{nameOf(s)}</li>)}
    </ul>
  ) : null;

  const bigCall = last ? (
    <section class={'pn-call' + (last.super ? ' pn-super' : '')} aria-label="The latest call" data-testid="host-call">
      <p class="pn-call-what">{last.super ? `Super torpedo ${last.number} of 6` : `Torpedo ${last.number} of 30`}</p>
      <p class="pn-call-cell" key={last.n}>{last.cell}</p>
      {last.super ? (
        // Names at the scoreboard's size, the first few only: with the tiebreak banner under it,
        // the call has to leave room in a 1280x720 window.
        <p class={'pn-call-result' + (last.eliminatedCount ? ' pn-call-names' : '')} data-testid="host-call-result">
          {last.eliminatedCount
            ? `Eliminated: ${listNames(last.eliminated, last.eliminatedCount, nameOf, TIEBREAK_NAMES)}`
            : 'No one hit: everyone still in'}
        </p>
      ) : (
        <p class="pn-call-result" data-testid="host-call-result">
          <span class="pn-hit">✕ {last.hit} hit</span> <span class="pn-sunk">■ {last.sunk} sunk</span> <span class="pn-miss">• {last.miss} miss</span>
        </p>
      )}
    </section>
  ) : (
    <section class="pn-call pn-call-wait" aria-label="The latest call" data-testid="host-call">
      <p class="pn-call-what">{over ? 'Game over' : players ? 'Place your ships!' : 'Waiting for players…'}</p>
      <p class="pn-call-hint">{players ? `${placed} of ${players} fleets placed. Anyone not ready when the first torpedo flies gets a random fleet.` : 'Scan the code with your phone to join.'}</p>
    </section>
  );

  const byCell = new Map(calls.map((c) => [c.cell, c]));
  const callBoard = (
    <table class="pn-board" data-testid="host-board">
      <caption>
        Cells called <span class="pn-board-key">(✕ players hit · ☠ sunk · ★ super · dashed: latest)</span>
      </caption>
      <thead>
        <tr><td></td>{Array.from({ length: 6 }, (_, c) => <th scope="col">{letter(c)}</th>)}</tr>
      </thead>
      <tbody>
        {Array.from({ length: 6 }, (_, r) => (
          <tr>
            <th scope="row">{r + 1}</th>
            {Array.from({ length: 6 }, (_, c) => {
              const name = colLetterCell(r, c);
              const call = byCell.get(name);
              const latest = call && call === last;
              const label = call
                ? call.super
                  ? `${name}: super torpedo ${call.number}, ${call.eliminatedCount} eliminated`
                  : `${name}: torpedo ${call.number}, ${call.hit} hit, ${call.sunk} sunk`
                : `${name}: not called`;
              return (
                <td class={(call ? (call.super ? 'pn-cell-super' : 'pn-cell-called') : '') + (latest ? ' pn-cell-latest' : '')} data-cell={name} aria-label={label}>
                  {call ? (
                    <>
                      <span class="pn-cell-num">{call.super ? '★' : ''}{call.number}</span>
                      <span class="pn-cell-res">{call.super ? `${call.eliminatedCount} out` : `✕${call.hit} ☠${call.sunk}`}</span>
                    </>
                  ) : <span class="pn-cell-name" aria-hidden="true">{name}</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );

  const afloat: number[] = (board?.afloat_counts as number[] | undefined) ?? [];
  const most = Math.max(1, ...afloat);
  const scoreboard = (
    <section class="pn-score" aria-labelledby="pn-score-h" data-testid="host-score">
      <h2 id="pn-score-h">Ships afloat</h2>
      <ul class="pn-bars">
        {[6, 5, 4, 3, 2, 1, 0].map((k) => {
          const n = afloat[k] ?? 0;
          return (
            <li key={k}>
              <span class="pn-bar-label">{k} afloat</span>
              <span class="pn-bar" aria-hidden="true"><span style={{ width: `${(100 * n) / most}%` }} /></span>
              <span class="pn-bar-n">{plural(n, 'player')}</span>
            </li>
          );
        })}
      </ul>
      {leaders.length ? (
        <p class="pn-leaders" data-testid="host-leaders">
          Leading{board?.most !== null && board?.most !== undefined ? ` with ${board.most} afloat` : ''}:{' '}
          {listNames(leaders, Number(board?.tied_count ?? leaders.length) || leaders.length, nameOf, 8)}
        </p>
      ) : null}
    </section>
  );

  const tiebreak = phase === 'tiebreak' || (calls.some((c) => c.super) && !over) ? (
    <section class="pn-tiebreak" role="status" data-testid="host-tiebreak">
      <h2>Tiebreak: super torpedoes!</h2>
      <p>
        {plural(Number(board?.tied_count ?? 0), 'player')} tied for the most. Any ship hit by a super torpedo is out:
        the last one left wins.
      </p>
      {/* The names, as many as a projector's line holds: the lists are null past 64 seats
          (docs/protocol.md), and then only the counts are said. */}
      <p data-testid="host-tiebreak-names">
        <span data-testid="host-still-in">
          Still in: <strong data-testid="host-remaining">{Number(board?.remaining_count ?? 0)}</strong>
          {stillIn.length ? ` (${listNames(stillIn, Number(board?.remaining_count ?? stillIn.length), nameOf, TIEBREAK_NAMES)})` : ''}
        </span>
        {Number(board?.eliminated_count ?? 0) ? (
          <span data-testid="host-eliminated">
            {' · '}eliminated: {board.eliminated_count}
            {out.length ? ` (${listNames(out, Number(board.eliminated_count), nameOf, TIEBREAK_NAMES)})` : ''}
          </span>
        ) : null}
        .
      </p>
    </section>
  ) : null;

  const podium = over ? <Podium obs={obs} nameOf={nameOf} winners={winners} /> : null;

  const display = (
    <div class={'pn-display' + (firing ? ' pn-firing' : ' pn-lobby')}>
      {!firing ? (
        <>
          <div class="pn-col pn-col-join">
            {joinPanel}
            {counts}
          </div>
          <div class="pn-col">
            {bigCall}
            {fleetPanel}
            {nameWall}
          </div>
        </>
      ) : (
        <>
          <div class="pn-col pn-col-main">
            {podium}
            {over ? null : bigCall}
            {/* In the tiebreak the banner takes the scoreboard's place: the count of ships afloat
                is settled at the 30th torpedo, and who is still in is what counts now; both did
                not fit one 1280x720 window (tests/party-host-fits.spec.ts). */}
            {tiebreak ?? scoreboard}
          </div>
          <div class="pn-col pn-col-side">
            {callBoard}
            <p class="pn-small" data-testid="host-left">
              {Number(obs?.torpedoes?.length ?? 0)} of 30 torpedoes
              {obs?.super_torpedoes?.length ? ` · ${obs.super_torpedoes.length} of 6 super torpedoes` : ''}
            </p>
            {fleetPanel}
          </div>
          <div class="pn-col pn-col-join">
            {counts}
            {joinPanel}
          </div>
        </>
      )}
    </div>
  );

  // ------------------------------------------------------------------ the controls
  const controls = mode === 'screen' ? (
    isHost ? <button type="button" class="pn-show-controls" onClick={() => props.setMode('full')}>Show the controls</button> : null
  ) : isHost ? (
    <HostControls
      session={session}
      state={state}
      mode={mode}
      setMode={props.setMode}
      canFire={canFire}
      startFire={startFire}
      firing={firing}
      unplaced={Number(legal?.unplaced ?? Math.max(0, players - placed))}
      players={players}
      over={over}
      fire={fire}
      pace={pace}
      setPace={setPace}
      paused={paused}
      setPaused={setPaused}
      locked={locked}
      muted={muted}
      setMuted={(m) => {
        setMuted(m);
        setMutedState(m);
        if (!m) unlockCues();
      }}
      soundReady={soundReady}
      showControlsQr={showControlsQr}
      setShowControlsQr={setShowControlsQr}
      command={command}
      goRematch={goRematch}
      nextCall={legal?.super ? `Fire super torpedo ${Number(obs?.super_torpedoes?.length ?? 0) + 1}` : startFire ? `Start: fire torpedo 1` : `Fire torpedo ${Number(obs?.torpedoes?.length ?? 0) + 1}`}
    />
  ) : (
    <p class="notice">This page does not hold the host’s seat of room {summary.room}: it shows the game only.</p>
  );

  return (
    <main class={'pn-host pn-mode-' + mode} data-testid="host-screen" data-phase={summary.phase}>
      {offline}
      <div class="visually-hidden" aria-live="polite" role="status" data-testid="host-announcer">{said}</div>
      <h1 class="visually-hidden">Party night: host screen of room {summary.room}</h1>
      {mode === 'controls' ? (
        <div class="pn-controls-status" data-testid="host-mini">
          <p><strong>Room {summary.room}</strong> · {plural(players, 'player')} · {placed} ready{locked ? ' · locked' : ''}</p>
          <p>{last ? `${last.super ? 'Super torpedo' : 'Torpedo'} ${last.number}: ${last.cell}` : over ? 'Game over' : 'No torpedo yet'}</p>
          {over ? <Podium obs={obs} nameOf={nameOf} winners={winners} /> : null}
        </div>
      ) : display}
      {controls}
      {message ? <p role="status" class="notice" data-testid="host-message">{message}</p> : null}
    </main>
  );
}

/** The end: the winners on the top step; below them the next best, when the table is small enough to list. */
function Podium(props: { obs: Json | null; nameOf(s: number): string; winners: number[] }): JSX.Element {
  const { obs, nameOf, winners } = props;
  const board = obs?.scoreboard as Json | undefined;
  const count = Number(obs?.winners_count ?? winners.length);
  const how = obs?.how ? HOW[obs.how] ?? obs.how : '';
  // Places 2 and 3 from the per-seat lists (tables of up to 64): more ships afloat first, then
  // (in a tiebreak) eliminated later.
  const steps: number[][] = [];
  const afloat = board?.afloat as Array<number | null> | undefined;
  if (afloat) {
    const out = new Map(((board?.eliminated ?? []) as Array<{ seat: number; super_torpedo: number }>).map((e) => [e.seat, e.super_torpedo]));
    const won = new Set(winners);
    const rest = afloat
      .map((a, seat) => ({ seat, a: a ?? -1, out: out.get(seat) ?? 99 }))
      .filter((p) => p.seat > 0 && p.a >= 0 && !won.has(p.seat))
      .sort((x, y) => y.a - x.a || y.out - x.out || x.seat - y.seat);
    let i = 0;
    while (steps.length < 2 && i < rest.length) {
      const group = rest.filter((p) => p.a === rest[i]!.a && p.out === rest[i]!.out).map((p) => p.seat);
      steps.push(group);
      i += group.length;
    }
  }
  const label = (seats: number[]) => listNames(seats, seats.length, nameOf, 4);
  return (
    <section class="pn-podium" aria-labelledby="pn-podium-h" data-testid="host-podium">
      <h2 id="pn-podium-h">{count > 1 ? `${count} winners!` : 'The winner!'}</h2>
      <ol class="pn-steps">
        <li class="pn-step pn-step-1"><span class="pn-medal" aria-hidden="true">1</span><span class="visually-hidden">First: </span>
          <strong data-testid="host-winners">{winners.length ? listNames(winners, count, nameOf, 6) : plural(count, 'player')}</strong></li>
        {steps[0] ? <li class="pn-step pn-step-2"><span class="pn-medal" aria-hidden="true">2</span><span class="visually-hidden">Second: </span>{label(steps[0])}</li> : null}
        {steps[1] ? <li class="pn-step pn-step-3"><span class="pn-medal" aria-hidden="true">3</span><span class="visually-hidden">Third: </span>{label(steps[1])}</li> : null}
      </ol>
      {how ? <p class="pn-how">{how.charAt(0).toUpperCase() + how.slice(1)}.</p> : null}
    </section>
  );
}

interface ControlsProps {
  session: RoomSession;
  state: RoomState;
  mode: HostMode;
  setMode(m: HostMode): void;
  canFire: boolean;
  startFire: boolean;
  firing: boolean;
  unplaced: number;
  players: number;
  over: boolean;
  fire(): void;
  nextCall: string;
  pace: number;
  setPace(p: number): void;
  paused: boolean;
  setPaused(p: boolean): void;
  locked: boolean;
  muted: boolean;
  setMuted(m: boolean): void;
  soundReady: boolean;
  showControlsQr: boolean;
  setShowControlsQr(s: boolean): void;
  command(body: Record<string, Json>, done: string): Promise<Json>;
  goRematch(room: string): void;
}

function HostControls(p: ControlsProps): JSX.Element {
  const summary = p.state.summary!;
  const [who, setWho] = useState('');
  const [confirm, setConfirm] = useState<number | null>(null);
  const hintNow = !p.muted && !p.soundReady;
  const players = summary.seats.filter((s) => s.seat > 0 && s.kind === 'human');
  const token = tokens.get(summary.room)?.token;

  const findSeat = (text: string): number | null => {
    const t = text.trim();
    if (!t) return null;
    if (/^\d+$/.test(t)) return Number(t);
    const lower = t.toLowerCase();
    const exact = players.find((s) => (s.name ?? '').toLowerCase() === lower);
    if (exact) return exact.seat;
    const some = players.filter((s) => (s.name ?? '').toLowerCase().includes(lower));
    return some.length === 1 ? some[0]!.seat : null;
  };
  const chosen = findSeat(who);

  return (
    <section class="pn-controls panel" aria-labelledby="pn-ctl-h" data-testid="host-controls">
      <h2 id="pn-ctl-h">Host controls</h2>
      <div class="row">
        {!p.over ? (
          <button type="button" class="primary pn-fire" data-testid="host-fire" disabled={!p.canFire || p.players === 0} onClick={p.fire}>
            {p.nextCall}
          </button>
        ) : null}
        {!p.over ? <span class="pn-small">{p.startFire ? `Space or Enter fires. ${p.unplaced ? `${plural(p.unplaced, 'player')} not ready will get a random fleet.` : 'Everyone is ready.'}` : 'Space or Enter fires.'}</span> : null}
      </div>
      {!p.over ? (
        <div class="row">
          <label>
            Fire automatically
            <select data-testid="host-pace" value={String(p.pace)} onChange={(e) => p.setPace(Number((e.target as HTMLSelectElement).value))}>
              <option value="0">off (by hand)</option>
              <option value="3">every 3 s</option>
              <option value="5">every 5 s</option>
              <option value="8">every 8 s</option>
            </select>
          </label>
          {p.pace > 0 ? (
            <button type="button" data-testid="host-pause" aria-pressed={p.paused} onClick={() => p.setPaused(!p.paused)}>
              {p.paused ? '▶ Resume' : '❚❚ Pause'}
            </button>
          ) : null}
          {p.pace > 0 && p.startFire ? <span class="pn-small">Automatic firing begins after the first torpedo.</span> : null}
        </div>
      ) : null}
      <div class="row">
        <button type="button" data-testid="host-lock" aria-pressed={p.locked} onClick={() => p.command({ cmd: 'lock', locked: !p.locked }, p.locked ? 'The room is open again.' : 'The room is locked: nobody else can join.')}>
          {p.locked ? 'Unlock the room' : 'Lock the room'}
        </button>
        <button type="button" aria-pressed={!p.muted} onClick={() => p.setMuted(!p.muted)}>
          {p.muted ? 'Sound: off' : 'Sound: on'}
        </button>
        {p.mode === 'controls' ? (
          <button type="button" onClick={() => p.setMode('full')}>Show the screen here too</button>
        ) : (
          <button type="button" data-testid="host-screen-only" onClick={() => p.setMode('screen')}>Screen only (hide the controls)</button>
        )}
        {/* Before the first torpedo the hint is hidden, not removed, once sound runs: sound starts
            with the host's first click, and the controls must not move under the pointer while the
            host goes on to click the next one. While firing (a page reloaded mid-game) it is not
            drawn at all: the controls bar has no room to spare on a 1280x720 projector, and a hint
            that went at the first click would move the controls (docs/web.md). */}
        {p.mode !== 'controls' ? (
          <span class="pn-small" style={p.firing ? { display: 'none' } : hintNow ? undefined : { visibility: 'hidden' }} data-testid="host-sound-hint">
            Sound starts after a click on this page.
          </span>
        ) : null}
        {p.over ? (
          <button type="button" class="primary" data-testid="host-again" onClick={async () => {
            const a = await p.command({ cmd: 'rematch' }, '');
            if (a.type === 'rematch' && a.room) p.goRematch(a.room);
          }}>
            Play again (same players)
          </button>
        ) : null}
      </div>
      <div class="row pn-remove">
        <label for="pn-remove-who">Remove a player</label>
        <input id="pn-remove-who" list="pn-players" placeholder="name or seat number" value={who} data-testid="host-remove-who"
          onInput={(e) => { setWho((e.target as HTMLInputElement).value); setConfirm(null); }} />
        <datalist id="pn-players">
          {players.map((s) => <option value={s.name ?? String(s.seat)}>{`seat ${s.seat}`}</option>)}
        </datalist>
        {confirm === null ? (
          <button type="button" class="danger" disabled={chosen === null} data-testid="host-remove" onClick={() => setConfirm(chosen)}>
            Remove…
          </button>
        ) : (
          <>
            <button type="button" class="danger" data-testid="host-remove-confirm" onClick={async () => {
              const seat = confirm;
              setConfirm(null);
              const a = await p.command({ cmd: 'remove', seat }, `Removed ${p.session.nameOf(seat)} (seat ${seat}); that phone cannot rejoin.`);
              if (a.type !== 'error') setWho('');
            }}>
              Yes, remove {p.session.nameOf(confirm)} (seat {confirm})
            </button>
            <button type="button" onClick={() => setConfirm(null)}>Cancel</button>
          </>
        )}
      </div>
      <details class="pn-more">
        <summary>Run the controls from another device</summary>
        <div class="stack">
          {token ? (
            <>
              <button type="button" onClick={() => p.setShowControlsQr(!p.showControlsQr)}>
                {p.showControlsQr ? 'Hide the controls link' : 'Show the controls link (for your eyes only)'}
              </button>
              {p.showControlsQr ? (
                <div class="pn-controls-qr">
                  <p class="pn-small">Anyone who scans this runs the game: show it only to yourself. Then set this screen to “Screen only”.</p>
                  <QrCode text={controlsLink(summary.room, token, summary.url)} label="QR code of the host controls link" testId="host-controls-qr" />
                </div>
              ) : null}
            </>
          ) : null}
        </div>
      </details>
    </section>
  );
}
