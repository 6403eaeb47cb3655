// A player's sea during the firing: their ships, every torpedo called (with its number), what it
// did to them (miss, hit, sunk), the super torpedoes, and the latest call marked.
import type { JSX } from 'preact';
import { Grid } from '../../ui/Grid';
import { colLetterCell, letter } from '../../ui/coords';
import { SIZE, type PartyObservation, type PartyShip } from './model';
import { shipMark } from './PartyPlacement';
import { lookOf } from '../../party/editions';

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
      classes.push('ship', 'pn-ship', `pn-ship-${index.get(ship)}`);
      if (ship.sunk) {
        classes.push('sunk');
        text = '■';
      } else if (fired) {
        classes.push('hit');
        text = sn !== undefined ? '★' : '✕';
      } else {
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
      classes.push('pt-latest');
    }
    return { text, className: classes.join(' '), label: parts.join(', ') };
  };

  return (
    <div class={`pt-board pn-${obs.edition}`}>
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
      <p class="pt-legend" aria-hidden="true">
        • miss · ✕ hit · ■ sunk · ★ super torpedo · ▲▼●◆▶✚: your ships, longest first
      </p>
    </div>
  );
}
