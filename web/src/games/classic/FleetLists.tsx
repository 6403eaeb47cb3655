// The fleets as lists: yours (hits taken, sunk, captured) and the enemy's (afloat, sunk where,
// destroyed, captured). A captured ship changes sides, so it is listed with its captor too.
import type { JSX } from 'preact';
import type { EnemyShip, MyShip } from './model';

function enemyState(s: EnemyShip, prize: string): string {
  if (s.captured) return 'captured: ' + prize;
  if (s.destroyed) return 'destroyed';
  if (s.sunk) return s.sunk_by ? `sunk at ${s.sunk_by}` : 'sunk';
  return 'afloat';
}

export function MyFleetList({ fleet, prizes }: { fleet: MyShip[]; prizes: EnemyShip[] }): JSX.Element {
  return (
    <ul class="cl-fleet" aria-label="Your fleet">
      {fleet.map((s) => (
        <li key={s.name} class={s.sunk ? 'cl-fleet-sunk' : s.captured ? 'cl-fleet-captured' : ''}>
          <span class="cl-ship-name">{s.name}</span> ({s.length}):{' '}
          {s.captured
            ? '⚑ captured by the enemy'
            : s.sunk
              ? '☠ sunk'
              : `${s.hits.length ? `✕ ${s.hits.length} hit${s.hits.length > 1 ? 's' : ''}` : 'afloat'}`}
        </li>
      ))}
      {prizes.map((s) => (
        <li key={'prize-' + s.name} class="cl-fleet-prize">
          <span class="cl-ship-name">{s.name}</span> ({s.length}): ⚑ your prize, captured from the enemy
        </li>
      ))}
    </ul>
  );
}

export function EnemyFleetList({
  fleet,
  label,
  theirPrizes = [],
  prize = 'your prize',
}: {
  fleet: EnemyShip[];
  label: string;
  /** Ships of the viewer's fleet that this side holds as prizes. */
  theirPrizes?: MyShip[];
  /** Whose prize a captured ship is ("your prize", "Ann's prize"). */
  prize?: string;
}): JSX.Element {
  const sunk = fleet.filter((s) => s.sunk).length;
  return (
    <div>
      <p class="cl-muted">
        {sunk} of {fleet.length} sunk
      </p>
      <ul class="cl-fleet" aria-label={label}>
        {fleet.map((s) => (
          <li key={s.name} class={s.sunk ? 'cl-fleet-sunk' : s.captured ? 'cl-fleet-captured' : ''}>
            <span class="cl-ship-name">{s.name}</span> ({s.length}):{' '}
            {s.sunk ? <strong>☠ {enemyState(s, prize)}</strong> : s.captured ? '⚑ ' + enemyState(s, prize) : enemyState(s, prize)}
          </li>
        ))}
        {theirPrizes.map((s) => (
          <li key={'prize-' + s.name} class="cl-fleet-prize">
            <span class="cl-ship-name">{s.name}</span> ({s.length}): ⚑ their prize, captured from you
          </li>
        ))}
      </ul>
    </div>
  );
}
