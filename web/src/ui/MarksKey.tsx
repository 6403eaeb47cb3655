// The key under a board: what each mark means, drawn with the boards' own cell styles (marks.css)
// so that the key looks exactly like the board (symbols and outlines, never colour alone).
import type { JSX } from 'preact';
import './marks.css';

export interface KeyEntry {
  /** The cell's classes on the board ("ship hit hull hull-one"). */
  className: string;
  /** The cell's symbol. */
  text: string;
  /** What it means, in words. */
  what: string;
  /** The corner number, where the board has one (Royale's latest shots). */
  badge?: string;
}

export function MarksKey(props: { entries: KeyEntry[]; label?: string; testId: string; className?: string }): JSX.Element {
  return (
    <section class={`marks marks-key ${props.className ?? ''}`.trim()} aria-label={props.label ?? 'Key to the boards'} data-testid={props.testId}>
      <ul>
        {props.entries.map((k) => (
          <li key={k.what}>
            <span class={'cell marks-key-cell ' + k.className} aria-hidden="true">
              <span>{k.text}</span>
              {k.badge && <small class="cell-badge">{k.badge}</small>}
            </span>
            {k.what}
          </li>
        ))}
      </ul>
    </section>
  );
}
