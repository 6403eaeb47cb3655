// After the game: every hand from the record (`reveal.hands`: dealt, discarded, kept ids), with
// each kept card's ship and cells looked up in the (public) deck.
import type { JSX } from 'preact';
import type { Json } from '../types';
import { findCard } from './decks';

interface Hand {
  dealt?: string[];
  discarded?: string[];
  kept?: string[];
}

/** The record's reveal, whether the shell passes the record itself or the server's answer. */
function revealOf(record: Json): { hands?: Hand[] } | null {
  return record?.reveal ?? record?.record?.reveal ?? null;
}

export function RoyaleReveal(props: { record: Json; deck: Json; me: number; nameOf(seat: number): string }): JSX.Element | null {
  const hands = revealOf(props.record)?.hands;
  if (!Array.isArray(hands)) return null;
  return (
    <section class="ry-reveal" aria-label="Every hand" data-testid="royale-reveal">
      <h3>Every hand</h3>
      <ul>
        {hands.map((h, seat) => (
          <li key={seat}>
            <b>{props.nameOf(seat) + (seat === props.me ? ' (you)' : '')}</b>: kept{' '}
            {(h.kept ?? [])
              .map((id) => {
                const card = findCard(id, props.deck);
                return card ? `${id} ${card.ship} (${card.cells.join(' ')})` : id;
              })
              .join('; ')}
            {h.discarded?.length ? `; discarded ${h.discarded.join(', ')}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
