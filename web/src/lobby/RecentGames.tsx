// "Your recent games": the rooms this browser holds a seat token of that are no longer
// unfinished (not in `my_rooms`), newest first, with the result read from the room's record
// (`GET /rooms/CODE/record`, public once a game is over), so nothing new has to be stored. A
// room with no record (aborted before it began, or a code the server no longer knows) is left
// out: there is nothing to rejoin or review.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Json } from '../games/types';
import { tokens } from '../net/storage';
import { navigate } from '../ui/navigate';
import { roomTitle } from '../room/title';
import { ROOM_CODE } from './MyRooms';

/** How many of the newest finished rooms are looked up (one small request each). */
const SHOWN = 6;

interface Recent {
  room: string;
  /** The game's title; a party by its edition (the record holds the options). */
  title: string;
  result: string;
}

/** The winners of a record: `ended.winner` (resign, timeout, claim) or the game's result. */
function winners(record: Json): number[] {
  const ended = record.ended ?? {};
  if (typeof ended.winner === 'number') return [ended.winner];
  const result = record.result ?? ended.result ?? {};
  if (Array.isArray(result.winners)) return result.winners as number[];
  if (typeof result.winner === 'number') return [result.winner];
  return [];
}

export function resultText(record: Json, seat: number): string {
  if (record.ended?.by === 'abort') return 'called off';
  const won = winners(record);
  const how = record.ended?.by === 'resign' ? ' (resigned)' : record.ended?.by === 'timeout' ? ' (on time)' : record.ended?.by === 'claim' ? ' (claimed)' : '';
  if (seat < 0) return won.length ? `seat ${won.map((s) => s + 1).join(' and ')} won` : 'finished';
  if (won.includes(seat)) return 'you won' + how;
  if (won.length) return 'you lost' + how;
  return record.over ? 'a draw' : 'finished';
}

async function lookUp(room: string, seat: number): Promise<Recent | null> {
  try {
    const answer = await fetch('/rooms/' + room + '/record');
    if (!answer.ok) return null;
    const record = (await answer.json()) as Json;
    return { room, title: roomTitle(String(record.game ?? ''), record.options), result: resultText(record, seat) };
  } catch {
    return null;
  }
}

export function RecentGames(props: { unfinished: Json[] | null }): JSX.Element | null {
  const [recent, setRecent] = useState<Recent[]>([]);
  useEffect(() => {
    if (props.unfinished === null) return;
    const open = new Set(props.unfinished.map((r) => String(r.room)));
    // Tokens are kept in the order the rooms were joined: the last ones are the newest.
    const held = Object.entries(tokens.all())
      .filter(([room, t]) => ROOM_CODE.test(room) && typeof t?.token === 'string' && !open.has(room))
      .reverse()
      .slice(0, SHOWN);
    let live = true;
    void Promise.all(held.map(([room, t]) => lookUp(room, t.seat))).then((list) => {
      if (live) setRecent(list.filter((r): r is Recent => r !== null));
    });
    return () => {
      live = false;
    };
  }, [props.unfinished]);
  if (recent.length === 0) return null;
  return (
    <section class="panel stack" aria-labelledby="recent-h" data-testid="recent-games">
      <h2 id="recent-h">Your recent games</h2>
      <ul class="room-list">
        {recent.map((r) => (
          <li data-room={r.room}>
            <strong>{r.title}</strong> · {r.room} · <span class="result">{r.result}</span>{' '}
            <a class="button" href={'/r/' + r.room} aria-label={`Review ${r.room}`}
              onClick={(e) => { e.preventDefault(); navigate('/r/' + r.room); }}>
              Review
            </a>{' '}
            <a class="button" href={'/replay/' + r.room} aria-label={`Replay ${r.room} move by move`}
              onClick={(e) => { e.preventDefault(); navigate('/replay/' + r.room); }}>
              Replay
            </a>{' '}
            <a href={'/rooms/' + r.room + '/record'} download={`broadside-${r.room}.json`} aria-label={`Download the record of ${r.room}`}>
              Record
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
