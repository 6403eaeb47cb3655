// Every seat's public state: cards afloat of those kept, eliminated, banked bonuses, the sonar
// still usable (Advanced), shots fired, and the cards it has claimed face up.
import type { JSX } from 'preact';
import type { RoyaleObservation } from './model';

export interface RoyaleSeatsProps {
  obs: RoyaleObservation;
  me: number;
  nameOf(seat: number): string;
}

export function RoyaleSeats(props: RoyaleSeatsProps): JSX.Element {
  const { obs } = props;
  const advanced = obs.mode === 'advanced';
  return (
    <section class="ry-seats" aria-label="Players">
      <h3>Players</h3>
      <ul data-testid="royale-seats">
        {obs.seats.map((s) => {
          const name = props.nameOf(s.seat) + (s.seat === props.me ? ' (you)' : '');
          const moving = obs.to_move === s.seat && obs.phase !== 'over';
          const status = s.eliminated
            ? 'eliminated ✝'
            : obs.phase === 'discard'
              ? s.discarded
                ? 'has discarded'
                : 'choosing discards'
              : `${s.cards_afloat} of ${s.cards} cards afloat`;
          return (
            <li key={s.seat} data-seat={s.seat} class={'ry-seat' + (s.eliminated ? ' out' : '') + (moving ? ' moving' : '')}>
              {/* The number the board's latest shots carry (their names say whose). */}
              <span class="ry-seat-no" aria-hidden="true">
                {s.seat + 1}
              </span>
              <span class="ry-seat-name">
                {moving ? '▶ ' : ''}
                {name}
              </span>
              <span>{status}</span>
              {s.bonus_shots > 0 && <span>{s.bonus_shots} bonus shot{s.bonus_shots > 1 ? 's' : ''}</span>}
              {advanced && s.own_sonar && !s.eliminated && <span>sonar ready</span>}
              {advanced && (s.bonus_sonars ?? 0) > 0 && <span>{s.bonus_sonars} bonus sonar</span>}
              <span>{s.shots_fired} shot{s.shots_fired === 1 ? '' : 's'}</span>
              {s.claimed.length > 0 && (
                <span class="ry-claimed">
                  claimed:{' '}
                  {s.claimed
                    .map((c) => `${c.id} ${c.ship} of ${c.from === props.me ? 'yours' : props.nameOf(c.from)}${c.bonus_left ? ` (${c.bonus_left} bonus left)` : ''}`)
                    .join('; ')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
