// The party game (Rainbow Armada / European Navy) as a player: placing the fleet, then the sea
// as the host's torpedoes fall, the ships afloat, the scoreboard, the tiebreak and the end. The
// host (seat 0, a bot or a person) has a screen of its own; a spectator here sees the torpedoes
// and the scoreboard only.
import type { JSX } from 'preact';
import type { GameEvent, GameViewProps } from '../types';
import { useDistinctNames } from '../royale/names';
import { EventLog, useAnnounceEvents } from '../royale/EventLog';
import { describe, HOW, myResult, seatList, type Namer } from './events';
import type { FleetShip, PartyObservation } from './model';
import { PartyBoard } from './PartyBoard';
import { PartyPlacement } from './PartyPlacement';
import { PartyScore } from './PartyScore';
import './party.css';

// Regular torpedoes still to come after the last one called (the 6 super torpedoes of a
// tiebreak are counted apart: the call says "super torpedo N of 6").
function LastTorpedo(props: { events: GameEvent[]; namer: Namer; over: boolean }): JSX.Element | null {
  const last = [...props.events].reverse().find((e) => e.type === 'torpedo' || e.type === 'super_torpedo');
  if (!last) return null;
  const isSuper = last.type === 'super_torpedo';
  const mine = isSuper ? null : myResult(props.namer, last);
  return (
    <p class="pt-call" data-testid="party-call">
      <span class="pt-call-cell">{last['cell']}</span>{' '}
      {isSuper ? `super torpedo ${last['number']} of 6` : `torpedo ${last['number']} of 30`}
      {mine ? ` — you: ${mine}` : ''}
      {isSuper && (last['eliminated'] as number[] | undefined)?.length
        ? ` — eliminated: ${seatList(props.namer, last['eliminated'] as number[])}`
        : ''}
      {!isSuper && !props.over ? ` · ${leftAfter(Number(last['number']))}` : ''}
    </p>
  );
}

function leftAfter(number: number): string {
  const left = 30 - number;
  if (left <= 0) return 'the last torpedo';
  return `${left} torpedo${left === 1 ? '' : 'es'} left`;
}

function Fleet(props: { obs: PartyObservation }): JSX.Element | null {
  const fleet = props.obs.my_fleet;
  if (!fleet) return null;
  return (
    <section class="pt-fleet" aria-label="Your ships">
      <h3>Your ships: {props.obs.my_afloat ?? fleet.filter((s) => !s.sunk).length} afloat</h3>
      <ul data-testid="party-fleet">
        {fleet.map((s) => (
          <li key={s.name} class={s.sunk ? 'sunk' : ''}>
            {s.sunk ? '■ ' : s.hits.length ? '✕ ' : '▢ '}
            {s.theme ?? s.name} ({s.length}) at {s.placement}:{' '}
            {s.sunk
              ? 'sunk'
              : s.destroyed_by_super_torpedo
                ? 'destroyed by a super torpedo'
                : s.hits.length
                  ? `afloat, hit at ${s.hits.join(', ')}`
                  : 'afloat'}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `endElsewhere`: the page shows the result itself (the party phone's end card), so this view
 * does not say it a second time. */
export function PartyView(props: GameViewProps & { endElsewhere?: boolean }): JSX.Element {
  const obs = props.observation as PartyObservation | null;
  const nameOf = useDistinctNames(props.seats, props.nameOf, 'party');
  const namer: Namer = { me: props.seat, nameOf };
  const say = (e: GameEvent) => describe(namer, e);
  useAnnounceEvents(props.events, say, props.announce);

  if (!obs || !obs.scoreboard) return <p>Waiting for the game…</p>;
  const over = props.over || obs.phase === 'over';
  const placing = props.legal?.type === 'place' && Array.isArray(props.legal.ships);
  const player = props.seat >= 1;

  let status = '';
  if (over) status = '';
  else if (placing) status = '';
  else if (obs.phase === 'placement')
    status = `Waiting for every fleet: ${obs.scoreboard.placed} of ${obs.players} placed.`;
  else if (obs.phase === 'tiebreak')
    status = obs.my_eliminated_by
      ? `You were eliminated by super torpedo ${obs.my_eliminated_by}.`
      : `Tiebreak: super torpedoes for ${obs.scoreboard.tied ? seatList(namer, obs.scoreboard.tied) : `${obs.scoreboard.tied_count} players`}.`;
  else status = `The host is firing: ${obs.torpedoes.length} of 30 torpedoes.`;

  return (
    <div class="pt">
      {status && (
        <p class="pt-status" data-testid="party-status">
          {status}
        </p>
      )}
      {props.error && (
        <p class="gv-error" role="alert" data-testid="party-error">
          {props.error.message}
        </p>
      )}
      {props.legal?.type === 'fire' && (
        // A person hosting from this page: the projector-sized host screen is issue 20; until
        // then the host fires from here, one torpedo at a time.
        <div class="row">
          <button type="button" class="primary" disabled={props.busy} onClick={() => props.act({ type: 'fire' })}>
            {props.legal.super ? 'Fire a super torpedo' : `Fire torpedo ${obs.torpedoes.length + 1}`}
          </button>
        </div>
      )}
      {over && !props.endElsewhere && obs.how && (
        // Who won is the room's end panel's line (said once); here, how it was decided.
        <p class="pt-over" data-testid="party-over">
          How it was won: {HOW[obs.how] ?? obs.how}.
        </p>
      )}
      {placing && (
        <PartyPlacement
          fleet={props.legal.ships as FleetShip[]}
          edition={obs.edition}
          busy={props.busy}
          onLockIn={(ships) => props.act({ type: 'place', ships })}
        />
      )}
      {!placing && (
        <>
          <LastTorpedo events={props.events} namer={namer} over={obs.phase === 'over'} />
          <div class="pt-main">
            {player && obs.my_fleet && <PartyBoard obs={obs} />}
            <div class="pt-side">
              <Fleet obs={obs} />
              <PartyScore obs={obs} me={props.seat} nameOf={nameOf} />
            </div>
          </div>
        </>
      )}
      <EventLog events={props.events} describe={say} testId="party-log" />
    </div>
  );
}
