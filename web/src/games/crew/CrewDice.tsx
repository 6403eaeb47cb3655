// The five dice of the turn in play, drawn as dice (pips on a face, crew.css) with words under
// them, in two trays: the dice set aside as ship, captain and mate on the left, and on the right
// the thrown ones: the two crew dice (a button each when this seat may keep one back) and those
// to throw again. A die's accessible name says its face and what it is ("die showing 4, kept as
// crew"). The dice of a new throw roll in (not under prefers-reduced-motion).
import type { JSX } from 'preact';
import type { DieView } from './model';

/** Which of the 3x3 spots of a face carry a pip, for faces 1 to 6 (row by row from the top). */
export const PIPS: number[][] = [[], [4], [0, 8], [0, 4, 8], [0, 2, 6, 8], [0, 2, 4, 6, 8], [0, 2, 3, 5, 6, 8]];

export interface CrewDiceProps {
  dice: DieView[];
  /** The crew die (index into `dice`) chosen to keep back, or null. */
  keep: number | null;
  /** When set, crew dice are toggle buttons choosing which to keep. */
  onKeep?: (index: number | null) => void;
  busy: boolean;
  /** How many throws this turn so far: a new number rolls the thrown dice in again. */
  throwNo: number;
}

function what(d: DieView, keeping: boolean): string {
  if (d.kind === 'held') return `set aside as ${d.role}`;
  if (d.kind === 'crew') return keeping ? 'kept as crew' : d.kept ? 'crew, kept from the last throw' : 'crew';
  if (d.kind === 'loose') return 'to throw again';
  return 'not thrown yet';
}

/** A die's face: its pips, or a question mark before its first throw. */
export function DieFace(props: { face: number | null }): JSX.Element {
  if (props.face === null) {
    return (
      <span class="cr-face cr-face-blank" aria-hidden="true">
        ?
      </span>
    );
  }
  const on = PIPS[props.face] ?? [];
  return (
    <span class="cr-face" aria-hidden="true" data-face={props.face}>
      {Array.from({ length: 9 }, (_, k) => (
        <span key={k} class={on.includes(k) ? 'cr-pip' : 'cr-spot'} />
      ))}
    </span>
  );
}

export function CrewDice(props: CrewDiceProps): JSX.Element {
  const die = (d: DieView, i: number) => {
    const keeping = props.keep === i;
    const label = d.face === null ? `die ${what(d, false)}` : `die showing ${d.face}, ${what(d, keeping)}`;
    // A die of the latest throw rolls in; kept crew dice and those set aside lie still.
    const rolled = d.face !== null && (d.kind === 'loose' || (d.kind === 'crew' && !d.kept));
    const cls = `cr-die ${d.kind}${keeping ? ' keeping' : ''}${rolled ? ' cr-rolled' : ''}`;
    const face = (
      <>
        <DieFace face={d.face} />
        <span class="cr-die-note" aria-hidden="true">
          {d.kind === 'held' ? d.role : d.kind === 'crew' ? (keeping ? 'keep' : 'crew') : d.kind === 'loose' ? 'again' : ''}
        </span>
      </>
    );
    return (
      <li key={d.kind === 'held' ? `held-${i}` : `${props.throwNo}-${i}`}>
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
  };
  const held = props.dice.map((d, i) => [d, i] as const).filter(([d]) => d.kind === 'held');
  const rest = props.dice.map((d, i) => [d, i] as const).filter(([d]) => d.kind !== 'held');
  return (
    <div class="cr-dice" data-testid="crew-dice" role="group" aria-label="The dice">
      <div class="cr-tray cr-aside">
        <p class="cr-tray-name" id="cr-aside-name">
          Set aside
        </p>
        <ul aria-labelledby="cr-aside-name" data-testid="crew-aside">
          {held.map(([d, i]) => die(d, i))}
          {held.length === 0 && <li class="cr-none">none yet</li>}
        </ul>
      </div>
      <div class="cr-tray cr-thrown">
        <p class="cr-tray-name" id="cr-thrown-name">
          Thrown
        </p>
        <ul aria-labelledby="cr-thrown-name" data-testid="crew-thrown">
          {rest.map(([d, i]) => die(d, i))}
        </ul>
      </div>
    </div>
  );
}
