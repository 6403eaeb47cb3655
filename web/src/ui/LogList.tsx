// A game's log as a list of whole lines, newest first: the latest ten, and a button that shows
// the earlier ones (the page grows; nothing scrolls inside the list). A scroll box of a fixed height
// cut its last visible line in half (issue 28), so no log here has a height of its own.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';

export interface LogLine {
  key: number;
  text: string;
  /** Shown in bold (a sinking), with this class on its item. */
  strong?: boolean;
  class?: string;
}

export interface LogListProps {
  /** Newest first. */
  lines: LogLine[];
  /** How many lines show until "Show all" is pressed. */
  recent?: number;
  testId: string;
  /** The list's accessible name: the id of its heading, or a text. */
  labelledBy?: string;
  label?: string;
  class?: string;
}

export const RECENT_LINES = 10;

export function LogList(props: LogListProps): JSX.Element {
  const [all, setAll] = useState(false);
  const recent = props.recent ?? RECENT_LINES;
  const shown = all ? props.lines : props.lines.slice(0, recent);
  const hidden = props.lines.length - shown.length;
  return (
    <>
      <ol
        class={props.class}
        reversed
        start={props.lines.length}
        data-testid={props.testId}
        aria-labelledby={props.labelledBy}
        aria-label={props.labelledBy ? undefined : props.label}
      >
        {shown.map((l) => (
          <li key={l.key} class={l.class}>
            {l.strong ? <strong>{l.text}</strong> : l.text}
          </li>
        ))}
      </ol>
      {props.lines.length > recent ? (
        <button type="button" class="log-more" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? `Show only the latest ${recent} lines` : `Show ${hidden} earlier line${hidden === 1 ? '' : 's'}`}
        </button>
      ) : null}
    </>
  );
}
