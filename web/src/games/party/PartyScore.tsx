// The scoreboard: ships afloat per player, this player's standing, and during the tiebreak who
// is still in. A party can have thousands of players, so past a handful the board shows how many
// players have each count instead of a row per player.
import type { JSX } from 'preact';
import type { PartyObservation } from './model';

const LIST_UP_TO = 12;

export function PartyScore(props: { obs: PartyObservation; me: number; nameOf(seat: number): string }): JSX.Element {
  const { obs, me } = props;
  const board = obs.scoreboard;
  const afloat = board?.afloat ?? [];
  const players = afloat.map((a, seat) => ({ seat, a: a ?? 0 })).filter((p) => p.seat > 0);
  const counts = board?.afloat_counts ?? [];
  const mine = me >= 1 && obs.my_afloat !== null && obs.my_afloat !== undefined ? obs.my_afloat : null;
  // From the counts, so that it is right at any size: players with more ships, and level.
  const ahead = mine === null ? 0 : counts.slice(mine + 1).reduce((a, b) => a + b, 0);
  const level = mine === null ? 0 : Math.max(0, (counts[mine] ?? 0) - 1);
  const out = new Map((board?.eliminated ?? []).map((e) => [e.seat, e.super_torpedo]));
  const tied = new Set(board?.tied ?? []);

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
      {players.length > 0 && players.length <= LIST_UP_TO ? (
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
            const n = counts[k] ?? 0;
            return n ? <li key={k}>{`${n} player${n > 1 ? 's' : ''} with ${k} afloat`}</li> : null;
          })}
        </ul>
      )}
      {(board?.remaining_count ?? 0) > 0 && obs.phase === 'tiebreak' && (
        <p>Still in the tiebreak: {board.remaining_count} player{board.remaining_count > 1 ? 's' : ''}.</p>
      )}
    </section>
  );
}
