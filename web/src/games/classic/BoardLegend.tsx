// The key under the boards: what each mark means, drawn with the boards' own cell styles so
// that the key looks exactly like the board (symbols and outlines, never colour alone).
import type { JSX } from 'preact';
import { SYMBOL } from './boards';

const KEYS: Array<{ className: string; text: string; what: string; own?: boolean }> = [
  { className: 'ship hull hull-one', text: SYMBOL.ship, what: 'your ship', own: true },
  { className: 'miss', text: SYMBOL.miss, what: 'miss' },
  { className: 'hit', text: SYMBOL.hit, what: 'hit' },
  { className: 'ship hit hull hull-one', text: SYMBOL.hit, what: 'your ship, hit', own: true },
  { className: 'sunk hull hull-one', text: SYMBOL.sunk, what: 'sunk' },
  { className: 'last', text: '', what: 'the latest shot of each side (dashed outline)' },
];

/** `own`: the page shows this seat's own ocean (a spectator's key has no "your ship"). */
export function BoardLegend(props: { own: boolean }): JSX.Element {
  return (
    <section class="cl-legend" aria-label="Key to the boards" data-testid="board-legend">
      <ul>
        {KEYS.filter((k) => props.own || !k.own).map((k) => (
          <li key={k.what}>
            <span class={'cell cl-key ' + k.className} aria-hidden="true">
              <span>{k.text}</span>
            </span>
            {k.what}
          </li>
        ))}
      </ul>
    </section>
  );
}
