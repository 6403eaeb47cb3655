// A game's log: one sentence per event, newest first (the latest lines, and all on request; the
// end is left to the room's end panel), and a live announcement of the events that
// arrive while the page is open (not of the history replayed when it loads, which would flood a
// screen reader). Shared by the Royale, crew and party views (the same author's files).
import { useEffect, useRef } from 'preact/hooks';
import './log.css';
import type { JSX } from 'preact';
import type { GameEvent } from '../types';
import { LogList, type LogLine } from '../../ui/LogList';

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
  title?: string;
  testId?: string;
}

export function EventLog(props: EventLogProps): JSX.Element {
  const lines: LogLine[] = [];
  // Every event has its line: LogList shows the latest ten and the rest on request (docs/web.md,
  // "Logs"); a cap here dropped the start of a long Royale game or party.
  for (let i = props.events.length - 1; i >= 0; --i) {
    const e = props.events[i]!;
    // The end is said once, by the room's end panel (it is still announced when it happens).
    if (e.type === 'game_over') continue;
    const text = props.describe(e);
    if (text) lines.push({ key: e.n, text });
  }
  const title = props.title ?? 'Log';
  const id = `${props.testId ?? 'log'}-title`;
  return (
    <section class="gv-log" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <LogList lines={lines} testId={props.testId ?? 'log'} labelledBy={id} />
    </section>
  );
}
