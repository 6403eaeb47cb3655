// The five dice of the turn in play, drawn as faces with words: set aside as ship/captain/mate,
// the two crew dice (a button each when this seat may keep one back), or thrown and not set
// aside. A die's accessible name says its face and what it is ("die showing 4, kept as crew").
import type { JSX } from 'preact';
import type { DieView } from './model';

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export interface CrewDiceProps {
  dice: DieView[];
  /** The crew die (index into `dice`) chosen to keep back, or null. */
  keep: number | null;
  /** When set, crew dice are toggle buttons choosing which to keep. */
  onKeep?: (index: number | null) => void;
  busy: boolean;
}

function what(d: DieView, keeping: boolean): string {
  if (d.kind === 'held') return `set aside as ${d.role}`;
  if (d.kind === 'crew') return keeping ? 'kept as crew' : d.kept ? 'crew, kept from the last throw' : 'crew';
  if (d.kind === 'loose') return 'to throw again';
  return 'not thrown yet';
}

export function CrewDice(props: CrewDiceProps): JSX.Element {
  return (
    <ul class="cr-dice" data-testid="crew-dice" aria-label="The dice">
      {props.dice.map((d, i) => {
        const keeping = props.keep === i;
        const label = d.face === null ? `die ${what(d, false)}` : `die showing ${d.face}, ${what(d, keeping)}`;
        const cls = `cr-die ${d.kind}${keeping ? ' keeping' : ''}`;
        const face = (
          <>
            <span class="cr-face" aria-hidden="true">
              {d.face === null ? '?' : FACES[d.face]}
            </span>
            <span class="cr-die-note" aria-hidden="true">
              {d.face ?? ''} {d.kind === 'held' ? d.role : d.kind === 'crew' ? (keeping ? 'keep' : 'crew') : ''}
            </span>
          </>
        );
        return (
          <li key={i}>
            {d.kind === 'crew' && props.onKeep ? (
              <button
                type="button"
                class={cls}
                aria-pressed={keeping}
                aria-label={label}
                disabled={props.busy}
                data-die={i}
                onClick={() => props.onKeep!(keeping ? null : i)}
              >
                {face}
              </button>
            ) : (
              <span class={cls} role="img" aria-label={label} data-die={i}>
                {face}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
