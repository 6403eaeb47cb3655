// The log of every event of the game, newest first, with sinkings emphasised; new shots are
// read out through announce() (once each, not the history that arrives on a reload).
import { useEffect, useRef } from 'preact/hooks';
import type { JSX } from 'preact';
import type { GameEvent } from '../types';
import { describeEvent } from './describe';
import type { Board } from './layout';

interface Props {
  events: GameEvent[];
  seat: number;
  nameOf(seat: number): string;
  announce(text: string): void;
  board: Board | null;
}

export function ShotLog({ events, seat, nameOf, announce, board }: Props): JSX.Element {
  const lines = events.map((e) => describeEvent(e, seat, nameOf, board)).filter((l) => l !== null);
  // Events already there when the view appears are history: only later ones are announced.
  const announced = useRef(events.length ? events[events.length - 1]!.n : 0);
  useEffect(() => {
    const fresh = lines.filter((l) => l.n > announced.current && l.shot);
    if (events.length) announced.current = Math.max(announced.current, events[events.length - 1]!.n);
    // A burst (a reconnect) is summed up by its last few lines rather than read out whole.
    for (const l of fresh.slice(-3)) announce(l.text);
  }, [events.length]);

  return (
    <section class="cl-log" aria-labelledby="cl-log-title">
      <h2 id="cl-log-title">Log</h2>
      {lines.length === 0 ? (
        <p class="cl-muted">No shots yet.</p>
      ) : (
        <ol class="log cl-log-list" reversed data-testid="shot-log" tabIndex={0} aria-labelledby="cl-log-title">
          {lines
            .slice()
            .reverse()
            .map((l) => (
              <li key={l.n} class={l.sinking ? "big cl-log-sunk" : ""}>
                {l.sinking ? <strong>{l.text}</strong> : l.text}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
