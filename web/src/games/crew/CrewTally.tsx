// The tally sheet: one row per round (playoffs marked), one column per seat, the running totals
// from the observation. A seat that has not played the round yet shows a dash; the seat at the
// dice, an ellipsis.
import type { JSX } from 'preact';
import type { CrewObservation } from './model';

export interface CrewTallyProps {
  obs: CrewObservation;
  me: number;
  nameOf(seat: number): string;
}

export function CrewTally(props: CrewTallyProps): JSX.Element {
  const { obs } = props;
  const seats = Array.from({ length: obs.players }, (_, s) => s);
  const current = obs.over ? null : (obs.turn?.seat ?? obs.to_move);
  const rounds = obs.tally ?? [];
  return (
    <div class="cr-tally-frame">
      <table class="cr-tally" data-testid="crew-tally">
        <caption>Tally sheet</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            {seats.map((s) => (
              <th scope="col" key={s}>
                {props.nameOf(s)}
                {s === props.me ? ' (you)' : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rounds.map((r, i) => {
            const last = i === rounds.length - 1;
            return (
              <tr key={i} class={r.playoff ? 'playoff' : ''}>
                <th scope="row">{r.playoff ? `Playoff ${r.round}` : r.round}</th>
                {seats.map((s) => {
                  const at = r.seats.indexOf(s);
                  const score = at >= 0 ? r.scores[at] : undefined;
                  let text = '';
                  if (at < 0) text = '·'; // not in this (playoff) round
                  else if (score !== null && score !== undefined) text = String(score);
                  else text = last && current === s ? '…' : '—';
                  return <td key={s}>{text}</td>;
                })}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {seats.map((s) => (
              <td key={s} data-testid={`crew-total-${s}`}>
                <b>{obs.totals?.[s] ?? 0}</b>
                {obs.over && obs.winner === s ? ' (winner)' : ''}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
