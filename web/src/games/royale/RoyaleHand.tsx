// This seat's ship cards (id, ship, cells, which are hit, sunk) and its discards. During the
// opening discard each discardable card is a toggle button; the Submarine (Advanced) is not.
import type { JSX } from 'preact';
import type { Card } from './model';

export interface RoyaleHandProps {
  cards: Card[];
  discards: string[];
  /** Ids that may be chosen for the discard (empty outside the discard). */
  discardable: string[];
  chosen: string[];
  busy: boolean;
  onToggle(id: string): void;
}

function CardFace(props: { card: Card }): JSX.Element {
  const { card } = props;
  const hits = new Set(card.hits ?? []);
  return (
    <>
      <span class="ry-card-title">
        <b>{card.id}</b> {card.ship}
        {card.bonus ? ` (bonus ${card.bonus})` : ''}
        {card.sunk ? ' — sunk ■' : ''}
      </span>
      <span class="ry-card-cells">
        {card.cells.map((c) => (
          <span key={c} class={hits.has(c) ? 'ry-chip hit' : 'ry-chip'}>
            {c}
            {hits.has(c) ? ' ✕' : ''}
          </span>
        ))}
      </span>
    </>
  );
}

function cardLabel(card: Card): string {
  const hits = card.hits ?? [];
  const state = card.sunk ? 'sunk' : hits.length ? `hit at ${hits.join(', ')}` : 'not hit';
  return `${card.id}, ${card.ship}, ${card.cells.join(' ')}, ${state}`;
}

export function RoyaleHand(props: RoyaleHandProps): JSX.Element {
  const discardable = new Set(props.discardable);
  return (
    <section class="ry-hand" aria-label="Your cards">
      <h3>Your cards</h3>
      <ul data-testid="royale-hand">
        {props.cards.map((card) => {
          const chosen = props.chosen.includes(card.id);
          const cls = 'ry-card' + (card.sunk ? ' sunk' : '') + (chosen ? ' chosen' : '');
          return (
            <li key={card.id} data-card={card.id}>
              {discardable.size > 0 ? (
                <button
                  type="button"
                  class={cls}
                  aria-pressed={chosen}
                  disabled={props.busy || !discardable.has(card.id)}
                  aria-label={cardLabel(card) + (discardable.has(card.id) ? (chosen ? ', to discard' : ', to keep') : ', cannot be discarded')}
                  onClick={() => props.onToggle(card.id)}
                >
                  <CardFace card={card} />
                  <span class="ry-card-mark">{chosen ? 'discard' : discardable.has(card.id) ? 'keep' : 'must keep'}</span>
                </button>
              ) : (
                <div class={cls} aria-label={cardLabel(card)} role="group">
                  <CardFace card={card} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {props.discards.length > 0 && <p class="ry-discards">Discarded: {props.discards.join(', ')}</p>}
    </section>
  );
}
