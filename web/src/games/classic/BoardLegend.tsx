// The key under the classic boards (the shared key of ui/MarksKey with classic's marks).
import type { JSX } from 'preact';
import { MarksKey, type KeyEntry } from '../../ui/MarksKey';
import { SYMBOL } from './boards';

const KEYS: Array<KeyEntry & { own?: boolean }> = [
  { className: 'ship hull hull-one', text: SYMBOL.ship, what: 'your ship', own: true },
  { className: 'miss', text: SYMBOL.miss, what: 'miss' },
  { className: 'hit', text: SYMBOL.hit, what: 'hit' },
  { className: 'ship hit hull hull-one', text: SYMBOL.hit, what: 'your ship, hit', own: true },
  { className: 'sunk hull hull-one', text: SYMBOL.sunk, what: 'sunk' },
  { className: 'last', text: '', what: 'the latest shot of each side (dashed outline)' },
];

/** `own`: the page shows this seat's own ocean (a spectator's key has no "your ship"). */
export function BoardLegend(props: { own: boolean }): JSX.Element {
  return <MarksKey testId="board-legend" entries={KEYS.filter((k) => props.own || !k.own)} />;
}
