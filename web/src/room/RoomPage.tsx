// A room at /r/CODE: the waiting room before the start, then the game's view with the turn bar,
// resign/claim, notices and the offline banner, and the end of the game below the final boards.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useRoom } from './useRoom';
import { WaitingRoom } from './WaitingRoom';
import { TurnBar } from './TurnBar';
import { GameOver } from './GameOver';
import { GameView } from './GameView';
import { ShareLink } from './ShareLink';
import { distinctNames } from '../games/royale/names';
import { roomTitle } from './title';
import { navigate } from '../ui/navigate';
import { observationIsCurrent } from '../net/room_session';
import { PhoneRoom } from '../party/PhoneRoom';
import './room.css';

export function RoomPage(props: { code: string; watch: boolean }): JSX.Element {
  const [session, state] = useRoom(props.code, props.watch);
  const [said, setSaid] = useState('');
  const [message, setMessage] = useState('');
  const live = useRef(0);
  const queued = useRef<string[]>([]);
  // Screen-reader announcements: a polite live region whose text changes each time. What is
  // said in one burst (several shots at once) is read as one message, not just the last line.
  const announce = (text: string) => {
    queued.current.push(text);
    if (queued.current.length > 1) return;
    queueMicrotask(() => {
      live.current += 1;
      setSaid(queued.current.join(' ') + (live.current % 2 ? '' : '\u200b'));
      queued.current = [];
    });
  };
  useEffect(() => {
    if (state.error) announce(state.error.message);
  }, [state.error]);
  // The tab's title in the waiting room (the turn bar sets it once the game is on, a party phone
  // its own): not the title of the page before, which after a rematch was the old room's "Game over".
  const waitingTitle = state.summary?.phase === 'waiting' && !(state.summary.game === 'party' && state.summary.options?.seating === 'open')
    ? `${roomTitle(state.summary.game, state.summary.options)} ${state.summary.room} · Broadside`
    : null;
  useEffect(() => {
    if (waitingTitle) document.title = waitingTitle;
  }, [waitingTitle]);

  if (state.missing) {
    return (
      <main>
        <h1>No room {props.code}</h1>
        <p>This server has no room with that code (check the letters, or it may have expired).</p>
        <a class="button" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>Back to the lobby</a>
      </main>
    );
  }
  const summary = state.summary;
  const offline = state.link === 'offline' ? (
    <div class="banner-offline" role="status" data-testid="offline">
      Offline: reconnecting… the move you sent, if any, is sent again.
    </div>
  ) : null;
  if (!summary) {
    return (
      <main>
        {offline}
        <p role="status">Connecting to room {props.code}…</p>
      </main>
    );
  }
  const seat = state.you?.seat ?? -1;
  // Party night (an open-seating party room): the host's seat has the host screen, everyone
  // else the phone's page.
  if (summary.game === 'party' && summary.options?.seating === 'open') {
    if (seat === 0 && !props.watch) return <ToHost code={summary.room} />;
    return <PhoneRoom session={session} state={state} announce={announce} said={said} />;
  }
  // Every name this page shows tells the seats apart (games/royale/names.ts).
  const nameOf = distinctNames(summary.seats, (s: number) => session.nameOf(s), summary.game);
  const title = roomTitle(summary.game, summary.options);
  const playing = summary.phase === 'playing';
  const over = summary.phase === 'over' || summary.phase === 'aborted';
  const twoSeats = summary.seats.length === 2;
  const opponentAway = twoSeats && seat >= 0 && summary.seats[1 - seat]?.kind === 'human' && summary.seats[1 - seat]?.connected === false;

  const command = async (body: Record<string, unknown>, confirmText?: string) => {
    if (confirmText && !window.confirm(confirmText)) return;
    const answer = await session.command(body);
    setMessage(answer.type === 'error' ? answer.error?.message ?? 'Refused.' : '');
  };

  return (
    <main class="room">
      {offline}
      <div class="visually-hidden" aria-live="polite" role="status" data-testid="announcer">
        {said}
      </div>
      <div class="row room-head">
        <h1>
          {title} <span class="muted">· room {summary.room}</span>
        </h1>
        {seat < 0 ? <span class="badge" data-testid="spectating">Watching</span> : null}
        {summary.spectators > 0 ? <span class="muted">{summary.spectators} watching</span> : null}
      </div>
      {state.notices.length ? (
        <ul class="notices" aria-live="polite">
          {state.notices.map((n) => (
            <li class="notice">{n}</li>
          ))}
        </ul>
      ) : null}
      {summary.phase === 'waiting' ? <WaitingRoom session={session} state={state} /> : null}
      {playing || over ? (
        <>
          <TurnBar title={title} code={summary.room} seat={seat} toAct={state.toAct} over={over || state.over}
            nameOf={nameOf} deadlines={summary.deadlines} />
          {over ? <GameOver session={session} state={state} nameOf={nameOf} /> : null}
          {state.observation ? (
            <GameView
              game={summary.game}
              options={summary.options}
              seat={seat}
              seats={summary.seats}
              observation={state.observation}
              legal={seat >= 0 && !over ? state.legal : null}
              toAct={state.toAct}
              events={state.events}
              over={over || state.over}
              // An observation older than the events shown offers stale actions: after a shot,
              // the old one still says "your turn" and shows the cell unfired until the next
              // observation arrives. Nothing is offered until it does.
              busy={state.busy || state.link !== 'open' || !observationIsCurrent(state)}
              act={(a) => session.act(a)}
              error={state.error}
              record={state.record}
              announce={announce}
              nameOf={nameOf}
            />
          ) : (
            <p role="status">Loading the game…</p>
          )}
          {playing && seat >= 0 ? (
            <div class="row game-actions">
              {opponentAway ? (
                <button type="button" onClick={() => command({ cmd: 'claim' })}>
                  Claim the win (opponent left)
                </button>
              ) : null}
              <button type="button" class="danger" onClick={() => command({ cmd: 'resign' }, 'Resign this game?')}>
                Resign
              </button>
            </div>
          ) : null}
          {playing && seat < 0 ? <ShareLink code={summary.room} url={summary.url} /> : null}
          {message ? <p role="status" class="notice">{message}</p> : null}
        </>
      ) : null}
    </main>
  );
}

function ToHost(props: { code: string }): JSX.Element {
  useEffect(() => {
    history.replaceState(null, '', `/r/${props.code}?host`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, [props.code]);
  return <p role="status">Opening the host screen…</p>;
}
