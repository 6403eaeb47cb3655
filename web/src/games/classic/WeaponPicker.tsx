// The weapon buttons: the plain shot (or salvo) and each weapon of the game with its uses left
// (yours and the enemy's), disabled when the rules do not allow it now (legal.weapons).
import type { JSX } from 'preact';
import { WEAPON_ORDER, WEAPON_TITLE, type WeaponName, type WeaponUses } from './model';

export type FireMode = 'shot' | WeaponName;

const HOW: Record<WeaponName, string> = {
  nuke: 'a diamond of 13 cells around the centre (all 25 on a top roll)',
  bomber: 'the 3 by 3 square around the centre; needs your Carrier',
  torpedo: 'from an edge cell straight across: hits the first ship on its way; needs your Submarine',
  scuba: "sinks or captures the enemy's smallest ship afloat, or recaptures yours",
  experimental: 'roll a D6, then blast that many touching cells (a 1 costs you a ship)',
};

interface Props {
  weapons: Partial<Record<WeaponName, WeaponUses>>;
  usable: string[];
  mode: FireMode;
  salvo: boolean;
  disabled: boolean;
  choose(mode: FireMode): void;
}

export function WeaponPicker(props: Props): JSX.Element {
  const names = WEAPON_ORDER.filter((w) => props.weapons[w]);
  return (
    <div class="cl-weapons" role="group" aria-label="Weapons">
      <button
        type="button"
        aria-pressed={props.mode === 'shot'}
        class={props.mode === 'shot' ? 'cl-on' : ''}
        disabled={props.disabled}
        onClick={() => props.choose('shot')}
      >
        {props.salvo ? 'Salvo' : 'Shot'}
      </button>
      {names.map((w) => {
        const uses = props.weapons[w]!;
        return (
          <button
            key={w}
            type="button"
            aria-pressed={props.mode === w}
            class={props.mode === w ? 'cl-on' : ''}
            disabled={props.disabled || !props.usable.includes(w)}
            title={HOW[w]}
            data-weapon={w}
            onClick={() => props.choose(w)}
          >
            {WEAPON_TITLE[w]}
            <span class="cl-uses">
              {' '}
              {uses.mine} left · enemy {uses.enemy}
            </span>
          </button>
        );
      })}
      {props.mode !== 'shot' && <p class="cl-muted cl-how">{HOW[props.mode]}</p>}
    </div>
  );
}
