// Ship, Captain and Crew in the browser. Everything is public: every seat (and a spectator) sees
// the same dice, tally sheet and log. The seat at the dice gets the choices of `legal.choices`:
// throw, throw keeping one crew die (tap the die, then Throw), or stop.
import { useEffect, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { GameEvent, GameViewProps } from '../types';
import { useDistinctNames } from '../royale/names';
import { EventLog, useAnnounceEvents } from '../royale/EventLog';
import { CrewDice } from './CrewDice';
import { CrewTally } from './CrewTally';
import { describe, type Namer } from './events';
import { diceOf, type CrewChoice, type CrewLegal, type CrewObservation } from './model';
import './crew.css';

function sameChoice(a: CrewChoice, b: CrewChoice): boolean {
  return a.type === b.type && JSON.stringify(a.keep ?? []) === JSON.stringify(b.keep ?? []);
}

function OrderThrowOff(props: { obs: CrewObservation; nameOf(seat: number): string }): JSX.Element | null {
  const rolls = props.obs.order_rolls ?? [];
  if (rolls.length === 0) return null;
  return (
    <details class="cr-order">
      <summary>
        Order of play: {props.obs.order.map((s) => props.nameOf(s)).join(' → ')}
      </summary>
      <p>Lowest total goes first; ties for the lowest throw again.</p>
      <ol>
        {rolls.map((r, i) => (
          <li key={i}>{r.seats.map((s, j) => `${props.nameOf(s)} ${r.totals[j]}`).join(', ')}</li>
        ))}
      </ol>
    </details>
  );
}

/** How the game ended, beside the room's end panel (which says who won, once) and the tally
 * (which has the totals): the playoffs and the pot, if any. */
function GameEnd(props: { obs: CrewObservation; events: GameEvent[]; namer: Namer }): JSX.Element | null {
  const end = [...props.events].reverse().find((e) => e.type === 'game_over');
  const payouts = (end?.['payouts'] as number[] | undefined) ?? [];
  const pot = (end?.['pot'] as number | undefined) ?? props.obs.pot;
  const playoffs = Number(end?.['playoffs'] ?? 0);
  const n = props.namer;
  if (!playoffs && !(pot > 0)) return null;
  return (
    <section class="cr-over" data-testid="crew-over" aria-label="How the game ended">
      {playoffs > 0 && (
        <p>
          Decided after {playoffs} playoff round{playoffs > 1 ? 's' : ''}.
        </p>
      )}
      {pot > 0 && (
        <p>
          Pot {pot}
          {payouts.length ? ': ' + payouts.map((p, s) => `${s === n.me ? 'you take' : n.nameOf(s) + ' takes'} ${p}`).join(', ') : ''}.
        </p>
      )}
    </section>
  );
}

export function CrewView(props: GameViewProps): JSX.Element {
  const obs = props.observation as CrewObservation | null;
  const legal = (props.seat >= 0 ? props.legal : null) as CrewLegal | null;
  const nameOf = useDistinctNames(props.seats, props.nameOf);
  const namer: Namer = { me: props.seat, nameOf };
  const say = (e: GameEvent) => describe(namer, e);
  useAnnounceEvents(props.events, say, props.announce);
  const [keep, setKeep] = useState<number | null>(null);
  const lastN = props.events.length ? props.events[props.events.length - 1]!.n : 0;
  useEffect(() => setKeep(null), [lastN]);

  if (!obs || !obs.tally) return <p>Waiting for the dice…</p>;
  const over = props.over || obs.over;
  const turn = over ? undefined : obs.turn;
  const dice = turn ? diceOf(turn, props.events) : [];
  const choices = legal?.choices ?? [];
  const canKeep = choices.some((c) => c.type === 'throw' && c.keep);
  const keptFace = keep !== null ? dice[keep]?.face : null;
  const throwChoice: CrewChoice | undefined =
    keptFace !== null && keptFace !== undefined
      ? choices.find((c) => sameChoice(c, { type: 'throw', keep: [keptFace] }))
      : choices.find((c) => c.type === 'throw' && !c.keep);
  const stop = choices.find((c) => c.type === 'stop');
  const crewSum = turn?.crew ? turn.crew[0] + turn.crew[1] : 0;
  const rounds = obs.options?.rounds ?? 0;
  const mode = obs.options?.mode === 'target' ? `First to ${obs.options.target} points` : `${rounds} round${rounds === 1 ? '' : 's'}`;
  const atDice = turn ? turn.seat : null;

  const throwLabel = () => {
    if (keptFace) return `Throw, keeping the ${keptFace}`;
    if (turn?.crew) return 'Throw both crew dice';
    if (!turn || turn.throws === 0) return 'Throw the dice';
    return `Throw ${5 - turn.held.length} dice`;
  };

  return (
    <div class="cr">
      <header class="cr-head">
        <p>
          {mode}
          {obs.playoff ? ' · playoff round' : ` · round ${obs.round}`}
          {obs.pot > 0 ? ` · pot ${obs.pot} (stake ${obs.options.stake} each)` : ''}
          {obs.target_reached ? ' · the target is reached: this is the last round' : ''}
        </p>
        {obs.playoff && <p>Playoff between {obs.playing.map((s) => nameOf(s)).join(' and ')}.</p>}
        <OrderThrowOff obs={obs} nameOf={nameOf} />
      </header>
      {turn && atDice !== null && (
        <section class="cr-turn" aria-label="The turn">
          {/* Whose turn it is is the turn bar's line (docs/web.md, "Logs"): not said again here. */}
          <p class="cr-status" data-testid="crew-status">
            {turn.throws_left} throw{turn.throws_left === 1 ? '' : 's'} left
            {turn.crew ? ` · crew ${turn.crew[0]} + ${turn.crew[1]} = ${crewSum}` : ''}
          </p>
          <CrewDice dice={dice} keep={keep} busy={props.busy} onKeep={canKeep ? setKeep : undefined} throwNo={turn.throws} />
          {choices.length > 0 && (
            <div class="cr-choices">
              {throwChoice && (
                <button type="button" class="primary" disabled={props.busy} onClick={() => props.act(throwChoice)}>
                  {throwLabel()}
                </button>
              )}
              {stop && (
                <button type="button" disabled={props.busy} onClick={() => props.act(stop)}>
                  Stop (score {crewSum})
                </button>
              )}
              {canKeep && <p class="cr-hint">Tap a crew die to keep it, then throw the other.</p>}
            </div>
          )}
        </section>
      )}
      {props.error && (
        <p class="gv-error" role="alert" data-testid="crew-error">
          {props.error.message}
        </p>
      )}
      {over && <GameEnd obs={obs} events={props.events} namer={namer} />}
      <CrewTally obs={obs} me={props.seat} nameOf={nameOf} />
      <EventLog events={props.events} describe={say} testId="crew-log" />
    </div>
  );
}
