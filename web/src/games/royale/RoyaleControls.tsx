// The turn's buttons that are not on the board: the opening discard, Advanced sonar and roll,
// which shots the board fires (the die's or a bonus card's), sending an aimed shot or volley,
// and ending the turn. Each is shown only when `legal` offers it.
import type { JSX } from 'preact';
import { bonusChoices, findAction, lineName, type RoyaleLegal } from './model';

export type ShotKind = 'die' | string; // 'die' or a bonus card id

export interface RoyaleControlsProps {
  legal: RoyaleLegal;
  advanced: boolean;
  busy: boolean;
  discardChosen: number;
  onDiscard(): void;
  sonarLine: string;
  sonarSource: string;
  onSonarLine(line: string): void;
  onSonarSource(source: string): void;
  onSonar(): void;
  onRoll(): void;
  kind: ShotKind;
  onKind(kind: ShotKind): void;
  /** Cells aimed and how many the chosen shot needs. */
  aimed: string[];
  needed: number;
  /** Aiming is shown (volleys, or a tap-to-aim single shot). */
  aiming: boolean;
  onFire(): void;
  onClearAim(): void;
  onEnd(): void;
}

export function RoyaleControls(p: RoyaleControlsProps): JSX.Element {
  const discard = findAction(p.legal, 'discard');
  const sonar = findAction(p.legal, 'sonar');
  const roll = findAction(p.legal, 'roll');
  const fire = findAction(p.legal, 'fire');
  const end = findAction(p.legal, 'end');
  const bonuses = bonusChoices(p.legal);
  const shotKinds = (fire ? 1 : 0) + bonuses.length;

  return (
    <div class="ry-controls" data-testid="royale-controls">
      {discard && (
        <div class="ry-row">
          <button
            type="button"
            class="primary"
            disabled={p.busy || p.discardChosen !== discard.count}
            onClick={p.onDiscard}
          >
            Discard {p.discardChosen} of {discard.count} cards
          </button>
        </div>
      )}
      {sonar && (
        <div class="ry-row" role="group" aria-label="Sonar">
          <label>
            Sonar line{' '}
            <select value={p.sonarLine} disabled={p.busy} onChange={(e) => p.onSonarLine((e.currentTarget as HTMLSelectElement).value)}>
              {(sonar.lines ?? []).map((l) => (
                <option key={l} value={l}>
                  {lineName(l)}
                </option>
              ))}
            </select>
          </label>
          {(sonar.sources ?? []).length > 1 && (
            <label>
              from{' '}
              <select value={p.sonarSource} disabled={p.busy} onChange={(e) => p.onSonarSource((e.currentTarget as HTMLSelectElement).value)}>
                {(sonar.sources ?? []).map((s) => (
                  <option key={s} value={s}>
                    {s === 'own' ? 'your Submarine' : 'a bonus sonar'}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="button" disabled={p.busy} onClick={p.onSonar}>
            Use sonar on {lineName(p.sonarLine)}
          </button>
        </div>
      )}
      {roll && (
        <div class="ry-row">
          <button type="button" class="primary" disabled={p.busy} onClick={p.onRoll}>
            Roll the die
          </button>
        </div>
      )}
      {shotKinds > 1 && (
        <fieldset class="ry-row ry-kinds">
          <legend>Shoot with</legend>
          {fire && (
            <label>
              <input type="radio" name="ry-kind" checked={p.kind === 'die'} disabled={p.busy} onChange={() => p.onKind('die')} /> the die (
              {fire.count})
            </label>
          )}
          {bonuses.map((b) => (
            <label key={b.card}>
              <input type="radio" name="ry-kind" checked={p.kind === b.card} disabled={p.busy} onChange={() => p.onKind(b.card)} /> bonus{' '}
              {b.card} ({b.count})
            </label>
          ))}
        </fieldset>
      )}
      {p.aiming && p.needed > 0 && (
        <div class="ry-row">
          <button
            type="button"
            class="primary"
            data-testid="royale-fire"
            disabled={p.busy || p.aimed.length !== p.needed}
            onClick={p.onFire}
          >
            {p.aimed.length === p.needed
              ? `Fire at ${p.aimed.join(', ')}`
              : `Choose ${p.needed - p.aimed.length} more cell${p.needed - p.aimed.length > 1 ? 's' : ''}`}
          </button>
          <button type="button" disabled={p.busy || p.aimed.length === 0} onClick={p.onClearAim}>
            Clear aim
          </button>
        </div>
      )}
      {end && (
        <div class="ry-row">
          <button type="button" disabled={p.busy} onClick={p.onEnd}>
            End turn{bonuses.length ? ' (bonuses stay banked)' : ''}
          </button>
        </div>
      )}
    </div>
  );
}
