// Before the start: who sits where, a seat to take, and for the room's creator bots to add,
// players to remove and the start (with bots in the empty seats, if they choose).
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { RoomSession, RoomState } from '../net/room_session';
import { savedName, saveName } from '../net/storage';
import { ShareLink } from './ShareLink';

export function WaitingRoom(props: { session: RoomSession; state: RoomState }): JSX.Element {
  const { session, state } = props;
  const summary = state.summary!;
  const you = state.you;
  const [name, setName] = useState(savedName());
  const [message, setMessage] = useState('');
  const [level, setLevel] = useState('normal');
  const open = summary.seats.filter((s) => s.kind === 'open');
  const seated = you !== null && you.seat >= 0;

  const run = async (body: Record<string, unknown>, done: string) => {
    const answer = await session.command(body);
    setMessage(answer.type === 'error' ? answer.error?.message ?? 'Refused.' : done);
  };

  const seatName = (s: number) => (summary.game === 'party' ? (s === 0 ? 'Host' : `Player ${s}`) : `Seat ${s + 1}`);

  return (
    <section class="panel stack waiting" aria-labelledby="waiting-h">
      <h2 id="waiting-h">Waiting for players</h2>
      <ShareLink code={summary.room} url={summary.url} />
      <ul class="seats" data-testid="seats">
        {summary.seats.map((s) => (
          <li>
            <strong>{seatName(s.seat)}:</strong>{' '}
            {s.kind === 'open' ? (
              <span class="muted">open</span>
            ) : (
              <span>
                {s.name}
                {s.kind === 'human' ? (s.connected ? ' · online' : ' · away') : ''}
                {you && s.seat === you.seat ? ' (you)' : ''}
              </span>
            )}
            {!seated && s.kind === 'open' ? (
              <button type="button" onClick={async () => {
                saveName(name);
                const a = await session.join(name.trim(), s.seat);
                setMessage(a.type === 'joined' ? `You sit in ${seatName(a.seat)}.` : a.error?.message ?? 'Refused.');
              }}>
                Take {seatName(s.seat).toLowerCase()}
              </button>
            ) : null}
            {you?.owner && s.kind === 'open' ? (
              <button type="button" onClick={() => run({ cmd: 'add_bot', seat: s.seat, level }, 'Bot added.')}>
                Add a {level} bot
              </button>
            ) : null}
            {you?.owner && s.kind !== 'open' && s.seat !== you.seat ? (
              <button type="button" class="danger" onClick={() => run({ cmd: 'remove', seat: s.seat }, 'Removed.')}>
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {!seated && open.length > 0 ? (
        <div class="field">
          <label for="join-name">Your name</label>
          <input id="join-name" type="text" maxLength={24} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </div>
      ) : null}
      {!seated && open.length === 0 ? <p>Every seat is taken: you are watching.</p> : null}
      {you?.owner ? (
        <div class="row">
          <div class="field">
            <label for="bot-level">Bot level</label>
            <select id="bot-level" value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
              <option value="easy">easy</option>
              <option value="normal">normal</option>
              <option value="hard">hard</option>
            </select>
          </div>
          <button type="button" class="primary" disabled={open.length > 0} onClick={() => run({ cmd: 'start' }, 'Started.')}>
            Start
          </button>
          {open.length > 0 ? (
            <button type="button" onClick={() => run({ cmd: 'start', fill: true }, 'Started.')}>
              Start with bots in the open seats
            </button>
          ) : null}
        </div>
      ) : (
        <p class="muted">The room’s creator starts the game.</p>
      )}
      {seated ? (
        <div class="row">
          <button type="button" onClick={async () => {
            const a = await session.leave();
            setMessage(a.type === 'left' ? 'You left your seat.' : a.error?.message ?? 'Refused.');
          }}>Leave seat</button>
        </div>
      ) : null}
      {message ? <p role="status" class="notice">{message}</p> : null}
    </section>
  );
}
