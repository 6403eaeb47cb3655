// A phone at a party night (/r/CODE of an open-seating party room, any seat but the host's):
// join with a name (typed or generated; the server makes it unique and strips what it must), then
// the player view of the party game (games/party/: placing by taps, the sea under fire) with the
// phone's rank on top, and at the end your place and the podium. Joining works until the first
// torpedo; later, or in a locked room, the phone watches. "Play again" on the host's side brings
// the phone to the new room by itself.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomSession, RoomState } from '../net/room_session';
import { savedName, saveName } from '../net/storage';
import { goToRematch } from '../room/rematch';
import { roomTitle } from '../room/title';
import type { Json } from '../games/types';
import { PartyView } from '../games/party/PartyView';
import { HOW } from '../games/party/events';
import { deviceId, generatedName } from './identity';
import { editionOf } from './editions';
import './party-night.css';

function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return n + (s[(v - 20) % 10] ?? s[v] ?? s[0])!;
}

const REFUSED: Record<string, string> = {
  room_locked: 'The host has locked the room: you can watch.',
  game_started: 'The torpedoes are already flying: you can watch this game and join the next one.',
  removed: 'The host removed you from this room.',
};

export function PhoneRoom(props: { session: RoomSession; state: RoomState; announce(text: string): void; said: string }): JSX.Element {
  const { session, state } = props;
  const summary = state.summary!;
  const obs = state.observation as Json | null;
  const seat = state.you?.seat ?? -1;
  const seated = seat >= 1;
  const over = summary.phase === 'over' || summary.phase === 'aborted' || state.over || obs?.phase === 'over';
  const started = (obs?.torpedoes?.length ?? 0) > 0 || (obs && obs.phase !== 'placement') || over;
  const canJoin = !seated && !started && !summary.locked && (summary.phase === 'waiting' || summary.phase === 'playing');
  const [name, setName] = useState(() => savedName() || generatedName());
  const [message, setMessage] = useState('');
  const [joining, setJoining] = useState(false);
  const lastRank = useRef<string>('');

  // The host's "play again": follow to the new room (the same token holds the seat there; its
  // seat is stored once the new room's welcome says it).
  useEffect(() => {
    if (summary.rematch) goToRematch(summary.room, summary.rematch, session.watch);
  }, [summary.rematch]);

  const join = async (e: Event) => {
    e.preventDefault();
    const wanted = name.trim() || generatedName();
    setJoining(true);
    const a = await session.join(wanted, undefined, { device: deviceId() });
    setJoining(false);
    if (a.type === 'joined') {
      saveName(wanted);
      setMessage(a.name && a.name !== wanted ? `That name was taken or changed: you are ${a.name}.` : '');
    } else {
      setMessage(REFUSED[a.error?.code] ?? a.error?.message ?? 'The room refused.');
    }
  };

  // The rank, afloat and players, for the card on top (announced when it changes).
  const rank = typeof obs?.my_rank === 'number' ? (obs.my_rank as number) : null;
  const afloat = typeof obs?.my_afloat === 'number' ? (obs.my_afloat as number) : null;
  const inGame = ((obs?.scoreboard?.afloat_counts ?? []) as number[]).reduce((a, b) => a + b, 0);
  const players = inGame || Number(obs?.players ?? summary.players_count ?? 0);
  const firing = obs && (obs.phase === 'firing' || obs.phase === 'tiebreak') && (obs.torpedoes?.length ?? 0) > 0;
  // While torpedoes fall; at the end the end card says the place (a rank card left there said
  // "1st of 5 (tied)" beside a tiebreak win).
  const rankText = seated && rank !== null && afloat !== null && firing && !over
    ? `${ordinal(rank)} of ${players}${rank > 1 ? '' : Number(obs?.scoreboard?.afloat_counts?.[afloat] ?? 1) > 1 ? ' (tied)' : ''} · ${afloat} ship${afloat === 1 ? '' : 's'} afloat`
    : '';
  useEffect(() => {
    if (rankText && rankText !== lastRank.current) lastRank.current = rankText;
  }, [rankText]);

  const edition = editionOf(summary.options?.edition ?? obs?.edition);
  const you = state.you?.name ?? (seated ? session.nameOf(seat) : '');
  // The tab is named by the edition, as a party room's page is (docs/web.md, "Playing").
  const tabTitle = `${over ? 'Game over · ' : ''}${roomTitle('party', { edition: edition.key })} ${summary.room} · Broadside`;
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);

  return (
    <main class="pn-phone" data-testid="phone">
      {state.link === 'offline' ? (
        <div class="banner-offline" role="status" data-testid="offline">Offline: reconnecting… your board comes back as it was.</div>
      ) : null}
      <div class="visually-hidden" aria-live="polite" role="status" data-testid="announcer">{props.said}</div>
      <div class="pn-phone-head">
        <h1>
          {edition.title} <span class="muted">· party {summary.room}</span>
        </h1>
        {seated ? <p class="pn-you" data-testid="phone-you">You are <strong>{you}</strong></p> : null}
        {!seated && !canJoin ? <span class="badge" data-testid="spectating">Watching</span> : null}
      </div>
      {state.notices.length ? (
        <ul class="notices">{state.notices.map((n) => <li class="notice">{n}</li>)}</ul>
      ) : null}

      {canJoin ? (
        <form class="panel stack pn-join-form" onSubmit={join} data-testid="phone-join">
          <h2>Join the party</h2>
          <div class="field">
            <label for="pn-name">Your name</label>
            <input id="pn-name" type="text" maxLength={24} autoComplete="nickname" value={name}
              onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </div>
          <div class="row">
            <button type="button" onClick={() => setName(generatedName())}>Another name</button>
            <button type="submit" class="primary" disabled={joining || state.link !== 'open'}>Join</button>
          </div>
          <p class="muted">{Number(summary.players_count ?? 0)} already in. Ships go on a 6×6 sea; the host fires 30 torpedoes; most ships afloat wins.</p>
        </form>
      ) : null}
      {!seated && !canJoin && !over ? (
        <p class="notice" data-testid="phone-watching">
          {message || (summary.locked ? REFUSED['room_locked'] : started ? REFUSED['game_started'] : 'You are watching.')}
        </p>
      ) : null}
      {message && (canJoin || seated) ? <p role="status" class="notice" data-testid="phone-message">{message}</p> : null}

      {seated && obs?.phase === 'placement' && state.legal?.type !== 'place' && !state.busy ? (
        <p class="pn-ready" data-testid="phone-ready">✔ You are ready. Watch the big screen: the host fires soon.</p>
      ) : null}
      {rankText ? (
        <p class="pn-rank" aria-live="polite" aria-atomic="true" data-testid="phone-rank">{rankText}</p>
      ) : null}
      {over && obs ? <PhoneEnd obs={obs} seat={seat} players={players} nameOf={(s) => session.nameOf(s)} /> : null}

      {obs && (seated || started || over) ? (
        <PartyView
          game="party"
          options={summary.options}
          seat={seat}
          seats={summary.seats}
          observation={obs}
          legal={seated && !over ? state.legal : null}
          toAct={state.toAct}
          events={state.events}
          over={over}
          endElsewhere
          busy={state.busy || state.link !== 'open'}
          act={(a) => session.act(a)}
          error={state.error}
          record={state.record}
          announce={props.announce}
          nameOf={(s) => session.nameOf(s)}
        />
      ) : null}
    </main>
  );
}

/** Your place and the winners, on the phone. */
function PhoneEnd(props: { obs: Json; seat: number; players: number; nameOf(s: number): string }): JSX.Element {
  const { obs, seat } = props;
  const winners: number[] = obs.winners ?? [];
  const count = Number(obs.winners_count ?? winners.length);
  const won = Boolean(obs.my_won ?? winners.includes(seat));
  let place = '';
  if (seat >= 1) {
    if (won) place = count > 1 ? `You share first place with ${count - 1} other${count > 2 ? 's' : ''}!` : 'You win!';
    else if (obs.my_eliminated_by) place = `You were in the tiebreak, out by super torpedo ${obs.my_eliminated_by}.`;
    else if (typeof obs.my_rank === 'number') place = `Your place: ${ordinal(obs.my_rank)} of ${props.players}.`;
  }
  const how = obs.how ? HOW[obs.how] ?? obs.how : '';
  // The heading says this phone's result; the line below does not say it again: a winner reads
  // how it was won (and who else was first), anyone else who won.
  let line: string;
  if (won) {
    const others = winners.filter((s) => s !== seat).slice(0, 5).map(props.nameOf);
    const rest = count - 1 - others.length;
    if (rest > 0) others.push(others.length ? `${rest} more` : `${rest} other${rest > 1 ? 's' : ''}`);
    line = others.length
      ? `Also first: ${others.join(', ')}${how ? ` (${how})` : ''}.`
      : how ? `How it was won: ${how}.` : '';
  } else {
    const names = winners.slice(0, 5).map(props.nameOf);
    if (count > names.length) names.push(`${count - names.length} more`);
    line = `${names.join(', ') || `${count} players`} ${count > 1 ? 'share the win' : 'wins'}${how ? ` (${how})` : ''}.`;
  }
  return (
    <section class="panel pn-phone-end" data-testid="phone-end" aria-labelledby="pn-end-h">
      <h2 id="pn-end-h">{place || 'Game over'}</h2>
      {line ? <p>{line}</p> : null}
      <p class="muted">If the host plays again, this phone follows.</p>
    </section>
  );
}
