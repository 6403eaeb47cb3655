// A form for one game's options, built from the server's descriptions (no raw JSON): a select
// for listed values, a number field for ranges, a checkbox for yes/no, checkboxes for lists
// (the weapons), presets for the fleet. Options left at their default are not sent.
import type { JSX } from 'preact';
import type { Json } from '../games/types';
import { OPTION_HELP, optionLabel, valueLabel, type GameInfo, type OptionSpec } from './games';

/** Fleets offered instead of a JSON box; the first is the rules' fleet. */
export const FLEET_PRESETS: Array<{ label: string; fleet: Json | undefined }> = [
  { label: 'Standard: 5 ships (5, 4, 3, 3, 2)', fleet: undefined },
  {
    label: 'Short: 3 ships (Cruiser 3, Submarine 3, Destroyer 2)',
    fleet: [
      { name: 'Cruiser', length: 3 },
      { name: 'Submarine', length: 3 },
      { name: 'Destroyer', length: 2 },
    ],
  },
  {
    label: 'Quick: 2 ships (Submarine 3, Destroyer 2)',
    fleet: [
      { name: 'Submarine', length: 3 },
      { name: 'Destroyer', length: 2 },
    ],
  },
];

// Options that need more than a field (decks as objects) keep their default in the browser;
// `broadside engine` and the protocol accept them.
const HIDDEN = new Set(['deck']);
// Shown under "More options": rarely changed.
const ADVANCED = new Set(['carrier', 'submarine', 'dice', 'torpedo_bonus', 'announce', 'no_touch', 'crew_reroll']);

// The order of the form: the shape of the game first, then who starts.
const ORDER = ['players', 'mode', 'edition', 'rows', 'cols', 'fleet', 'weapons', 'rounds', 'target', 'stake', 'first', 'host'];
function rank(key: string): number {
  const i = ORDER.indexOf(key);
  return i < 0 ? ORDER.length : i;
}

function seatLabel(v: Json): string {
  return typeof v === 'number' ? `Seat ${v + 1}` : valueLabel(v);
}

export function OptionsForm(props: {
  info: GameInfo;
  values: Record<string, Json>;
  onChange(values: Record<string, Json>): void;
}): JSX.Element {
  const { info, values } = props;
  const set = (key: string, value: Json | undefined) => {
    const next = { ...values };
    if (value === undefined) delete next[key];
    else next[key] = value;
    props.onChange(next);
  };

  const field = (key: string, spec: OptionSpec): JSX.Element | null => {
    const id = `opt-${key}`;
    const current = values[key] ?? spec.default;
    const about = OPTION_HELP[key];
    const help = about ? <span class="muted option-about">{about}</span> : null;
    if (key === 'fleet') {
      const index = Math.max(0, FLEET_PRESETS.findIndex((p) => JSON.stringify(p.fleet) === JSON.stringify(values[key])));
      return (
        <div class="field">
          <label for={id}>Fleet</label>
          <select id={id} value={String(index)} onChange={(e) => set(key, FLEET_PRESETS[Number((e.target as HTMLSelectElement).value)]!.fleet)}>
            {FLEET_PRESETS.map((p, i) => (
              <option value={String(i)}>{p.label}</option>
            ))}
          </select>
        </div>
      );
    }
    if (Array.isArray(spec.default) && spec.values) {
      const chosen = new Set<Json>(current === 'all' ? spec.values : (current as Json[]));
      return (
        <fieldset class="option-set">
          <legend>{optionLabel(key)}</legend>
          {spec.values.map((v) => (
            <label>
              <input
                type="checkbox"
                checked={chosen.has(v)}
                onChange={(e) => {
                  const on = (e.target as HTMLInputElement).checked;
                  const next = spec.values!.filter((x) => (x === v ? on : chosen.has(x)));
                  set(key, next.length ? next : undefined);
                }}
              />
              {valueLabel(v)}
            </label>
          ))}
          {help}
        </fieldset>
      );
    }
    if (spec.values) {
      return (
        <div class="field">
          <label for={id}>{key === 'first' ? 'First player' : optionLabel(key)}</label>
          <select
            id={id}
            value={JSON.stringify(current)}
            onChange={(e) => {
              const v = JSON.parse((e.target as HTMLSelectElement).value) as Json;
              set(key, JSON.stringify(v) === JSON.stringify(spec.default) ? undefined : v);
            }}
          >
            {spec.values.map((v) => (
              <option value={JSON.stringify(v)}>{seatLabel(v)}</option>
            ))}
          </select>
          {help}
        </div>
      );
    }
    if (spec.range) {
      return (
        <div class="field">
          <label for={id}>{optionLabel(key)}</label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={spec.range[0]}
            max={spec.range[1]}
            value={String(current)}
            onInput={(e) => {
              const n = Number((e.target as HTMLInputElement).value);
              if (Number.isInteger(n) && n >= spec.range![0] && n <= spec.range![1]) set(key, n === spec.default ? undefined : n);
            }}
          />
          {help}
        </div>
      );
    }
    if (typeof spec.default === 'boolean') {
      return (
        <label>
          <input type="checkbox" checked={Boolean(current)} onChange={(e) => set(key, (e.target as HTMLInputElement).checked || undefined)} />
          {optionLabel(key)}
          {help}
        </label>
      );
    }
    if (key === 'first') {
      // Royale's starting seat: "random" or a seat number.
      const players = Number(values['players'] ?? info.options['players']?.default ?? 2);
      const choices: Json[] = ['random', ...Array.from({ length: players }, (_, i) => i)];
      return (
        <div class="field">
          <label for={id}>First player</label>
          <select id={id} value={JSON.stringify(current)} onChange={(e) => {
            const v = JSON.parse((e.target as HTMLSelectElement).value) as Json;
            set(key, v === 'random' ? undefined : v);
          }}>
            {choices.map((v) => (
              <option value={JSON.stringify(v)}>{seatLabel(v)}</option>
            ))}
          </select>
        </div>
      );
    }
    if (typeof spec.default === 'string') {
      return (
        <div class="field">
          <label for={id}>{optionLabel(key)}</label>
          <input id={id} type="text" maxLength={40} value={String(current)} onInput={(e) => {
            const v = (e.target as HTMLInputElement).value.trim();
            set(key, v === '' || v === spec.default ? undefined : v);
          }} />
          {help}
        </div>
      );
    }
    return null;
  };

  const keys = Object.keys(info.options)
    .filter((k) => !HIDDEN.has(k))
    .sort((a, b) => rank(a) - rank(b));
  const main = keys.filter((k) => !ADVANCED.has(k));
  const more = keys.filter((k) => ADVANCED.has(k));
  return (
    <div class="stack options-form">
      {main.map((k) => field(k, info.options[k]!))}
      {more.length ? (
        <details>
          <summary>More options</summary>
          <div class="stack">{more.map((k) => field(k, info.options[k]!))}</div>
        </details>
      ) : null}
    </div>
  );
}
