// A finished game replayed in the page (docs/web.md, "Replays"): /replay/CODE loads the room's
// record from the server, /replay takes a record file (chosen or dropped). The game is drawn by
// the same view as a live game, move by move, from any seat's point of view or the public one.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Json } from '../games/types';
import { GameView } from '../room/GameView';
import { botSeatName, distinctNames, seatLabel } from '../games/royale/names';
import { tokens } from '../net/storage';
import { roomTitle } from '../room/title';
import { endedOutsideTheRules } from '../room/winners';
import { navigate } from '../ui/navigate';
import { ROOM_CODE } from '../lobby/MyRooms';
import { ReplayError, eventsThrough, fetchRecord, fetchReplay, observationAt, parseRecord, seatsOf, type ReplayView } from './replay';
import './replay.css';

function problem(e: unknown): string {
  return e instanceof ReplayError ? e.message : 'Something went wrong while loading the replay. Try again.';
}

export function ReplayPage(props: { code: string | null }): JSX.Element {
  const [record, setRecord] = useState<Json | null>(null);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!props.code) return;
    setRecord(null);
    setError('');
    fetchRecord(props.code).then(setRecord, (e) => setError(problem(e)));
  }, [props.code]);
  // The tab says what is replayed (not the title of the page before: the end screen's "Game over").
  const room = props.code ?? (typeof record?.room === 'string' ? record.room : null);
  const tabTitle = record
    ? `Replay · ${roomTitle(String(record.game ?? ''), record.options)}${room ? ' ' + room : ''} · Broadside`
    : props.code ? `Replay of room ${props.code} · Broadside` : 'Replay a game · Broadside';
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);

  return (
    <main class="replay stack">
      <h1>{props.code ? `Replay of room ${props.code}` : 'Replay a game'}</h1>
      {error ? (
        <p role="alert" class="notice" data-testid="replay-error">
          {error}
        </p>
      ) : null}
      {!props.code ? <RecordPicker onRecord={(r, n) => { setError(''); setNote(n); setRecord(r); }} onError={setError} /> : null}
      {note ? <p role="status" class="muted" data-testid="replay-note">{note}</p> : null}
      {record ? <Replayer key={JSON.stringify([record.room, record.seed])} record={record} code={props.code} /> : props.code && !error ? <p role="status">Loading the record…</p> : null}
    </main>
  );
}

/** A record file, chosen or dropped on the page, or a room code to fetch. */
function RecordPicker(props: { onRecord(record: Json, note: string): void; onError(message: string): void }): JSX.Element {
  const [over, setOver] = useState(false);
  const [code, setCode] = useState('');
  const read = async (file: File | undefined) => {
    if (!file) return;
    try {
      const { record, note } = parseRecord(await file.text());
      props.onRecord(record, note);
    } catch (e) {
      props.onError(problem(e));
    }
  };
  useEffect(() => {
    // A file dropped anywhere on the page is the record to replay, not a page to open.
    const onDragOver = (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    };
    const onDragLeave = () => setOver(false);
    const onDrop = (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      void read(e.dataTransfer?.files[0]);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  const upper = code.trim().toUpperCase();
  return (
    <section class={'panel stack replay-picker' + (over ? ' replay-drop' : '')} aria-labelledby="replay-open-h" data-testid="replay-picker">
      <h2 id="replay-open-h">Open a game</h2>
      <p>Drop a record file (broadside-CODE.json, from a game’s end screen or <code>broadside play --save</code>) anywhere on this page, or choose it:</p>
      <label class="field">
        <span>Record file</span>
        <input type="file" accept=".json,application/json" data-testid="replay-file" onChange={(e) => void read((e.currentTarget as HTMLInputElement).files?.[0])} />
      </label>
      <form class="field" onSubmit={(e) => { e.preventDefault(); if (ROOM_CODE.test(upper)) navigate('/replay/' + upper); else props.onError('A room code is five letters, like KXQRT.'); }}>
        <label for="replay-code">Or a room’s code on this server</label>
        <input id="replay-code" value={code} maxLength={5} autocomplete="off" onInput={(e) => setCode((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit">Replay</button>
      </form>
    </section>
  );
}

// First and Last are drawn, not typed: Debian's default fonts (DejaVu) have no ⏮ or ⏭, which
// showed as empty boxes. A bar and a triangle, in the text's colour, the size of the text.
const FIRST = (
  <svg class="replay-icon" viewBox="0 0 16 16" aria-hidden="true"><rect x="2" y="3" width="2" height="10" /><path d="M14 3v10L5 8z" /></svg>
);
const LAST = (
  <svg class="replay-icon" viewBox="0 0 16 16" aria-hidden="true"><rect x="12" y="3" width="2" height="10" /><path d="M2 3v10l9-5z" /></svg>
);

function Replayer(props: { record: Json; code: string | null }): JSX.Element {
  const record = props.record;
  const room = props.code ?? (typeof record.room === 'string' ? record.room : null);
  const mine = room ? tokens.get(room) : undefined;
  const [seat, setSeat] = useState<number>(mine && mine.seat >= 0 ? mine.seat : -1);
  // The view with the seat it was replayed for: until a newly chosen seat's view arrives, the
  // page keeps drawing the old one as that seat saw it (a view drawn as another seat's would show
  // "(you)" on a seat whose secrets it does not hold).
  const [shown, setShown] = useState<{ view: ReplayView; seat: number } | null>(null);
  const [error, setError] = useState('');
  const [step, setStep] = useState(0);
  const slider = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    setError('');
    fetchReplay(record, seat).then(
      (v) => {
        if (!live) return;
        setShown({ view: v, seat });
        // A new point of view keeps the move; a first load starts at the beginning.
        setStep((s) => Math.min(s, v.steps.length));
      },
      (e) => live && setError(problem(e)),
    );
    return () => {
      live = false;
    };
  }, [record, seat]);

  if (error) return <p role="alert" class="notice" data-testid="replay-error">{error}</p>;
  if (!shown) return <p role="status">Replaying the record…</p>;
  const view = shown.view;
  const seats = seatsOf(record, view.seats);
  const plain = (s: number) => {
    const info = seats[s];
    if (info?.kind === 'bot') return botSeatName(view.game, info.bot ?? 'bot', s);
    return info?.name || seatLabel(view.game, s);
  };
  const nameOf = distinctNames(seats, plain, view.game);
  const total = view.steps.length;
  const at = Math.max(0, Math.min(step, total));
  const last = at === total;
  const go = (to: number) => {
    const next = Math.max(0, Math.min(total, to));
    // At either end two buttons are disabled (First and Previous, Next and Last): the one under
    // the focus would drop it to the page's body and the keys would stop stepping. The slider
    // takes the focus instead.
    const end = next === 0 ? 'first' : next === total ? 'last' : null;
    if (end && (document.activeElement as HTMLElement | null)?.dataset['end'] === end) slider.current?.focus();
    setStep(next);
  };
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total }[e.key];
    if (to === undefined || (e.target as HTMLElement).tagName === 'SELECT') return;
    e.preventDefault();
    go(to);
  };
  const caption = at === 0 ? `Before the first move (${total} moves in all)` : `Move ${at} of ${total}: ${nameOf(view.steps[at - 1]!.seat)}`;
  return (
    <div class="stack" data-testid="replay" data-seat={shown.seat} aria-busy={shown.seat !== seat}>
      <div class="row replay-bar" role="group" aria-label="Replay controls" onKeyDown={onKey}>
        <label class="field">
          <span>Seen by</span>
          <select value={String(seat)} data-testid="replay-seat" onChange={(e) => setSeat(Number((e.currentTarget as HTMLSelectElement).value))}>
            <option value="-1">Everyone (the public view)</option>
            {seats.map((s) => (
              <option value={String(s.seat)}>{nameOf(s.seat)}</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => go(0)} disabled={at === 0} aria-label="First move" data-end="first">{FIRST}</button>
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0} aria-label="Previous move" data-end="first">◀</button>
        <input ref={slider} type="range" min={0} max={total} value={at} aria-label="Move" aria-valuetext={caption} onInput={(e) => go(Number((e.currentTarget as HTMLInputElement).value))} />
        <button type="button" class="primary" onClick={() => go(at + 1)} disabled={last} aria-label="Next move" data-end="last">▶</button>
        <button type="button" onClick={() => go(total)} disabled={last} aria-label="Last move" data-end="last">{LAST}</button>
        <span role="status" aria-live="polite" data-testid="replay-step">
          {caption}
        </span>
      </div>
      {last ? (
        <p class="muted" data-testid="replay-end">
          {endedOutsideTheRules(record.ended, nameOf) && `${endedOutsideTheRules(record.ended, nameOf)}. `}
          {view.game === 'party'
            ? 'Each player’s fleet is shown when seen by that player.'
            : 'Every fleet and hand the record reveals is shown.'}
        </p>
      ) : null}
      <GameView
        game={view.game}
        options={view.options}
        seat={shown.seat}
        seats={seats}
        observation={observationAt(view, at)}
        legal={null}
        toAct={[]}
        events={eventsThrough(view, at)}
        // A game that ended outside its rules (a resignation, the clock, a claim) is over too:
        // its record reveals every fleet and hand, as the live page showed at the end.
        over={last && (view.over || record.ended !== undefined)}
        busy={true}
        act={() => undefined}
        error={null}
        record={last ? record : null}
        announce={() => undefined}
        nameOf={nameOf}
      />
    </div>
  );
}
