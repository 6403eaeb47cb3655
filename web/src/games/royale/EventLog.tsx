// A game's log: one sentence per event, newest first, and a live announcement of the events that
// arrive while the page is open (not of the history replayed when it loads, which would flood a
// screen reader). Shared by the Royale, crew and party views (the same author's files).
import { useEffect, useRef } from 'preact/hooks';
import './log.css';
import type { JSX } from 'preact';
import type { GameEvent } from '../types';

/** Announces, once per batch, the sentences of events newer than the last one announced. */
export function useAnnounceEvents(
  events: GameEvent[],
  describe: (e: GameEvent) => string | null,
  announce: (text: string) => void,
): void {
  const last = useRef<number | null>(null);
  useEffect(() => {
    const newest = events.length ? events[events.length - 1]!.n : 0;
    if (last.current === null) {
      last.current = newest;
      return;
    }
    if (newest <= last.current) return;
    const fresh = events.filter((e) => e.n > last.current!);
    last.current = newest;
    const text = fresh
      .map(describe)
      .filter((s): s is string => !!s)
      .join(' ');
    if (text) announce(text);
  }, [events.length, events[events.length - 1]?.n]);
}

export interface EventLogProps {
  events: GameEvent[];
  describe: (e: GameEvent) => string | null;
  /** How many lines to keep on screen (the newest). */
  limit?: number;
  title?: string;
  testId?: string;
}

export function EventLog(props: EventLogProps): JSX.Element {
  const lines: Array<{ n: number; text: string }> = [];
  for (let i = props.events.length - 1; i >= 0 && lines.length < (props.limit ?? 60); --i) {
    const e = props.events[i]!;
    const text = props.describe(e);
    if (text) lines.push({ n: e.n, text });
  }
  return (
    <section class="gv-log" aria-label={props.title ?? 'Game log'}>
      <h3>{props.title ?? 'Log'}</h3>
      <ol data-testid={props.testId ?? 'log'} reversed tabIndex={0} aria-label={props.title ?? 'Game log'}>
        {lines.map((l) => (
          <li key={l.n}>{l.text}</li>
        ))}
      </ol>
    </section>
  );
}
