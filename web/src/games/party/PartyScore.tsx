// The scoreboard: ships afloat per player, this player's standing, and during the tiebreak who
// is still in. A party can have thousands of players, so past a handful the board shows how many
// players have each count instead of a row per player.
import type { JSX } from 'preact';
import type { PartyObservation } from './model';

const LIST_UP_TO = 12;

export function PartyScore(props: { obs: PartyObservation; me: number; nameOf(seat: number): string }): JSX.Element {
  const { obs, me } = props;
  const afloat = obs.scoreboard?.afloat ?? [];
  const players = afloat.map((a, seat) => ({ seat, a: a ?? 0 })).filter((p) => p.seat > 0);
  const mine = me >= 1 ? (afloat[me] ?? obs.my_afloat ?? 0) : null;
  const ahead = mine === null ? 0 : players.filter((p) => p.a > mine).length;
  const level = mine === null ? 0 : players.filter((p) => p.a === mine && p.seat !== me).length;
  const out = new Map((obs.scoreboard?.eliminated ?? []).map((e) => [e.seat, e.super_torpedo]));
  const tied = new Set(obs.scoreboard?.tied ?? []);

  let standing = '';
  if (mine !== null) {
    standing = `You have ${mine} ship${mine === 1 ? '' : 's'} afloat: ${
      ahead === 0 ? (level ? `level first with ${level} other${level > 1 ? 's' : ''}` : 'first') : `${ahead} player${ahead > 1 ? 's' : ''} ahead`
    }.`;
  }

  return (
    <section class="pt-score" aria-label="Scoreboard" data-testid="party-score">
      <h3>Scoreboard</h3>
      {standing && <p data-testid="party-standing">{standing}</p>}
      {players.length <= LIST_UP_TO ? (
        <ol>
          {[...players]
            .sort((x, y) => y.a - x.a || x.seat - y.seat)
            .map((p) => (
              <li key={p.seat} class={p.seat === me ? 'me' : ''}>
                {props.nameOf(p.seat)}
                {p.seat === me ? ' (you)' : ''}: {p.a} afloat
                {tied.has(p.seat) ? ' · in the tiebreak' : ''}
                {out.has(p.seat) ? ` · eliminated by super torpedo ${out.get(p.seat)}` : ''}
              </li>
            ))}
        </ol>
      ) : (
        <ul>
          {[6, 5, 4, 3, 2, 1, 0].map((k) => {
            const n = players.filter((p) => p.a === k).length;
            return n ? <li key={k}>{`${n} player${n > 1 ? 's' : ''} with ${k} afloat`}</li> : null;
          })}
        </ul>
      )}
      {obs.scoreboard?.remaining?.length > 0 && obs.phase === 'tiebreak' && (
        <p>Still in the tiebreak: {obs.scoreboard.remaining.length} player{obs.scoreboard.remaining.length > 1 ? 's' : ''}.</p>
      )}
    </section>
  );
}
