// The log of every event of the game, newest first (the latest lines, and all on request), with
// sinkings emphasised; new shots are read out through announce() (once each, not the history that
// arrives on a reload).
import { useEffect, useRef } from 'preact/hooks';
import type { JSX } from 'preact';
import type { GameEvent } from '../types';
import { describeEvent } from './describe';
import type { Board } from './layout';
import { LogList } from '../../ui/LogList';

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

  // The end is said once, by the room's end panel: the log keeps the moves (the end is still
  // announced above, for a screen reader).
  const ends = new Set(events.filter((e) => e.type === 'game_over').map((e) => e.n));
  const shown = lines.filter((l) => !ends.has(l.n));
  return (
    <section class="cl-log" aria-labelledby="cl-log-title">
      <h2 id="cl-log-title">Log</h2>
      {shown.length === 0 ? (
        <p class="cl-muted">No shots yet.</p>
      ) : (
        <LogList
          class="log cl-log-list"
          testId="shot-log"
          labelledBy="cl-log-title"
          lines={shown
            .slice()
            .reverse()
            .map((l) => ({ key: l.n, text: l.text, strong: l.sinking, class: l.sinking ? 'big cl-log-sunk' : undefined }))}
        />
      )}
    </section>
  );
}
