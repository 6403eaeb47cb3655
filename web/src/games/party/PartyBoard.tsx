// A player's sea during the firing, in the marks of every board (ui/marks.css): their ships as
// hulls in the edition's colours and symbols, every torpedo called (with its number in the cell's
// name), what it did to them (• miss, ✕ hit drawn on the hull, ☠ sunk), the super torpedoes
// (☆ miss, ★ hit), the latest call framed, its splash / fire / sinking, and a key.
import type { JSX } from 'preact';
import { Grid } from '../../ui/Grid';
import { colLetterCell, letter, parseColLetterCell } from '../../ui/coords';
import { hullClass } from '../../ui/marks';
import { MarksKey, type KeyEntry } from '../../ui/MarksKey';
import { SIZE, type PartyObservation, type PartyShip } from './model';
import { shipMark } from './PartyPlacement';
import { lookOf } from '../../party/editions';

const KEYS: KeyEntry[] = [
  { className: 'ship hull hull-one pn-ship pn-ship-0', text: '▲', what: 'your ship' },
  { className: 'miss', text: '•', what: 'miss' },
  { className: 'ship hit hull hull-one pn-ship pn-ship-0', text: '✕', what: 'your ship, hit' },
  { className: 'sunk hull hull-one pn-ship pn-ship-0', text: '☠', what: 'sunk' },
  { className: 'miss', text: '☆', what: 'super torpedo, missed' },
  { className: 'ship hit hull hull-one pn-ship pn-ship-0', text: '★', what: 'super torpedo, hit' },
  { className: 'last', text: '', what: 'the latest torpedo (dashed outline)' },
];

export function PartyBoard(props: { obs: PartyObservation }): JSX.Element {
  const { obs } = props;
  const ships = new Map<string, PartyShip>();
  const index = new Map<PartyShip, number>();
  (obs.my_fleet ?? []).forEach((s, i) => {
    index.set(s, i);
    for (const c of s.cells) ships.set(c, s);
  });
  const number = new Map<string, number>(obs.torpedoes.map((c, i) => [c, i + 1]));
  const superNumber = new Map<string, number>(obs.super_torpedoes.map((c, i) => [c, i + 1]));
  const latest = obs.super_torpedoes.length
    ? obs.super_torpedoes[obs.super_torpedoes.length - 1]
    : obs.torpedoes[obs.torpedoes.length - 1];

  const cell = (r: number, c: number) => {
    const name = colLetterCell(r, c);
    const ship = ships.get(name);
    const n = number.get(name);
    const sn = superNumber.get(name);
    const parts = [name];
    const classes: string[] = [];
    let text = '';
    if (n !== undefined) parts.push(`torpedo ${n}`);
    if (sn !== undefined) parts.push(`super torpedo ${sn}`);
    const fired = n !== undefined || sn !== undefined;
    if (ship) {
      const state = ship.sunk ? 'sunk' : ship.destroyed_by_super_torpedo && sn !== undefined ? 'destroyed' : fired ? 'hit' : 'afloat';
      parts.push(`${state === 'afloat' ? '' : state + ', '}your ${ship.name}`);
      // The edition's colour and symbol (party night, party-night.css), the letter otherwise.
      classes.push('pn-ship', `pn-ship-${index.get(ship)}`, hullClass(ship.cells, name, parseColLetterCell));
      if (ship.sunk && latest !== undefined && ship.cells.includes(latest)) classes.push('sinking');
      if (ship.sunk) {
        classes.push('sunk');
        text = '☠';
      } else if (fired) {
        classes.push('ship');
        classes.push('hit');
        text = sn !== undefined ? '★' : '✕';
      } else {
        classes.push('ship');
        text = lookOf(obs.edition, ship.name)?.symbol ?? shipMark(ship.name);
      }
    } else if (fired) {
      parts.push('miss');
      classes.push('miss');
      text = sn !== undefined ? '☆' : '•';
    } else {
      parts.push('not fired');
    }
    if (name === latest) {
      parts.push('latest');
      classes.push('last');
    }
    return { text, className: classes.join(' '), label: parts.join(', ') };
  };

  return (
    <div class={`pt-board marks pn-${obs.edition}`}>
      <Grid
        label="Your sea"
        testId="party-board"
        rows={SIZE}
        cols={SIZE}
        rowHeader={(r) => String(r + 1)}
        colHeader={(c) => letter(c)}
        cellName={colLetterCell}
        cell={cell}
      />
      <MarksKey testId="party-legend" entries={KEYS} label="Key to your sea" />
      <p class="pt-legend" aria-hidden="true">
        Your ships, longest first: ▲ ▼ ● ◆ ▶ ✚
      </p>
    </div>
  );
}
