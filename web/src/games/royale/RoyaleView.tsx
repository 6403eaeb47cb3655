// Battleship Royale (Standard and Advanced) in the browser: the shared board, this seat's hand,
// the turn's controls, every seat's public state, the die, the log, and at the end every hand.
// Standard fires one shot per click (tap-to-aim then confirm on touch screens, so that a mis-tap
// never wastes a shot); Advanced chooses a whole volley of cells and sends it at once.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { GameViewProps } from '../types';
import { useDistinctNames } from './names';
import { EventLog, useAnnounceEvents } from './EventLog';
import { describe, type Namer } from './events';
import { bonusChoices, findAction, type RoyaleLegal, type RoyaleObservation } from './model';
import { RoyaleBoard } from './RoyaleBoard';
import { RoyaleControls, type ShotKind } from './RoyaleControls';
import { RoyaleHand } from './RoyaleHand';
import { RoyaleReveal } from './RoyaleReveal';
import { RoyaleSeats } from './RoyaleSeats';
import './royale.css';

const DIE = ['', '⚀', '⚁', '⚂'];

/** Coarse pointers (touch) aim first; a mouse or the keyboard fires at once. */
function useInputKind() {
  const last = useRef<string>('');
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  return {
    onPointerDown: (e: PointerEvent) => (last.current = e.pointerType),
    onKeyDown: () => (last.current = 'keyboard'),
    aimFirst: () =>
      last.current === 'touch' || last.current === 'pen' || (coarse && last.current !== 'keyboard' && last.current !== 'mouse'),
  };
}

export function RoyaleView(props: GameViewProps): JSX.Element {
  const obs = props.observation as RoyaleObservation | null;
  const legal = (props.seat >= 0 ? props.legal : null) as RoyaleLegal | null;
  const nameOf = useDistinctNames(props.seats, props.nameOf);
  const namer: Namer = { me: props.seat, nameOf };
  const say = (e: Parameters<typeof describe>[1]) => describe(namer, e);
  useAnnounceEvents(props.events, say, props.announce);

  const [discards, setDiscards] = useState<string[]>([]);
  const [aimed, setAimed] = useState<string[]>([]);
  const [kind, setKind] = useState<ShotKind>('die');
  const [sonarLine, setSonarLine] = useState('A');
  const [sonarSource, setSonarSource] = useState('own');
  const input = useInputKind();

  // A new event means the last choice was applied (or the turn moved on): start afresh.
  const lastN = props.events.length ? props.events[props.events.length - 1]!.n : 0;
  useEffect(() => setAimed([]), [lastN]);

  if (!obs || !obs.board) return <p>Waiting for the deal…</p>;
  const advanced = obs.mode === 'advanced';

  const discardAct = findAction(legal, 'discard');
  const fireAct = findAction(legal, 'fire');
  const sonarAct = findAction(legal, 'sonar');
  const bonuses = bonusChoices(legal);
  // The shot the board fires now: the chosen kind if still offered, else the die, else a bonus.
  const bonusNow = bonuses.find((b) => b.card === kind);
  const effKind: ShotKind = bonusNow ? kind : fireAct ? 'die' : (bonuses[0]?.card ?? 'die');
  const needed = effKind === 'die' ? (fireAct?.count ?? 0) : (bonuses.find((b) => b.card === effKind)?.count ?? 0);
  const open = new Set<string>(needed > 0 ? (legal?.cells ?? []) : []);
  const aimNow = aimed.filter((c) => open.has(c));
  const volley = advanced && needed > 0;
  const lines = sonarAct?.lines ?? [];
  const line = lines.includes(sonarLine) ? sonarLine : (lines[0] ?? 'A');
  const sources = sonarAct?.sources ?? [];
  const source = sources.includes(sonarSource) ? sonarSource : (sources[0] ?? 'own');

  const send = (action: object) => {
    if (!props.busy) props.act(action);
  };
  const shoot = (cells: string[]) => {
    if (effKind === 'die') send(advanced ? { type: 'fire', cells } : { type: 'fire', cell: cells[0] });
    else send(advanced ? { type: 'bonus', card: effKind, cells } : { type: 'bonus', card: effKind, cell: cells[0] });
  };
  const onCell = (cell: string) => {
    if (props.busy || !open.has(cell)) return;
    if (volley) {
      if (aimNow.includes(cell)) setAimed(aimNow.filter((c) => c !== cell));
      // A full volley drops its oldest cell rather than refusing the tap.
      else setAimed([...aimNow, cell].slice(-needed));
    } else if (input.aimFirst()) {
      setAimed(aimNow[0] === cell ? [] : [cell]);
    } else {
      shoot([cell]);
    }
  };

  const toMove = obs.to_move;
  const over = props.over || obs.phase === 'over';
  const myMove = toMove !== null && toMove === props.seat;
  // What this page's player is to do now. Whose turn it is is the turn bar's line, and the roll
  // the die line's: neither is said again here.
  const status = (() => {
    if (over) return null;
    if (props.seat < 0) return obs.phase === 'discard' ? 'The players are discarding.' : null;
    if (discardAct) return `Choose ${discardAct.count} cards to discard (secretly).`;
    if (obs.phase === 'discard') return 'Waiting for the others to discard.';
    if (sonarAct && findAction(legal, 'roll')) return 'Use sonar, or roll the die.';
    if (sonarAct) return 'Use your bonus sonar now, or go on.';
    if (needed > 0) {
      if (effKind !== 'die') return volley ? `Choose ${needed} cells for a volley with bonus ${effKind}.` : `Fire a shot with bonus ${effKind}.`;
      const left = `${obs.shots_left} die shot${obs.shots_left === 1 ? '' : 's'} left`;
      return volley ? `Choose ${needed} cells for a volley with the die.` : `Fire a shot with the die: ${left}.`;
    }
    if (findAction(legal, 'end')) return 'Your die shots are spent: end your turn.';
    return null;
  })();
  // The roll: who rolled what, and (on another seat's turn, where no status line says it) the
  // shots left.
  const dieText =
    obs.roll !== null && toMove !== null && !over
      ? `${myMove ? 'You' : nameOf(toMove)} rolled ${obs.roll}` +
        (!myMove && obs.shots_left > 0 ? `: ${obs.shots_left} shot${obs.shots_left > 1 ? 's' : ''} left` : '') +
        '.'
      : null;
  const myState = obs.seats.find((s) => s.seat === props.seat);

  return (
    <div class="ry" onPointerDownCapture={input.onPointerDown} onKeyDownCapture={input.onKeyDown}>
      <div class="ry-top">
        <p class="ry-status" data-testid="royale-status" aria-live="off">
          {status}
          {myState?.eliminated && !over ? `${status ? ' ' : ''}You are eliminated; watching.` : ''}
        </p>
        {dieText && (
          <p class="ry-die" data-testid="royale-die" aria-label={dieText}>
            <span aria-hidden="true">{DIE[obs.roll ?? 0] ?? ''}</span> {dieText}
          </p>
        )}
        {props.error && (
          <p class="gv-error" role="alert" data-testid="royale-error">
            {props.error.message}
          </p>
        )}
      </div>
      {over && (obs.elimination_order.length > 0 || props.record) && (
        // Who won is the room's end panel's line (said once); here, how it went.
        <section class="ry-over" data-testid="royale-over" aria-label="How the game went">
          {obs.elimination_order.length > 0 && (
            <p>Eliminated, in order: {obs.elimination_order.map((s) => nameOf(s)).join(', ')}.</p>
          )}
          {props.record && <RoyaleReveal record={props.record} deck={props.options?.deck} me={props.seat} nameOf={nameOf} />}
        </section>
      )}
      <div class="ry-main">
        <RoyaleBoard
          obs={obs}
          me={props.seat}
          nameOf={nameOf}
          events={props.events}
          aimed={aimNow}
          open={open}
          onCell={onCell}
        />
        <div class="ry-side">
          {legal && (
            <RoyaleControls
              legal={legal}
              advanced={advanced}
              busy={props.busy}
              discardChosen={discards.length}
              onDiscard={() => send({ type: 'discard', cards: discards })}
              sonarLine={line}
              sonarSource={source}
              onSonarLine={setSonarLine}
              onSonarSource={setSonarSource}
              onSonar={() => send(sources.length > 1 ? { type: 'sonar', line, source } : { type: 'sonar', line })}
              onRoll={() => send({ type: 'roll' })}
              kind={effKind}
              onKind={(k) => {
                setKind(k);
                setAimed([]);
              }}
              aimed={aimNow}
              needed={needed}
              aiming={volley || aimNow.length > 0}
              onFire={() => shoot(aimNow)}
              onClearAim={() => setAimed([])}
              onEnd={() => send({ type: 'end' })}
            />
          )}
          {obs.my_cards && (
            <RoyaleHand
              cards={obs.my_cards}
              discards={obs.my_discards ?? []}
              discardable={(discardAct?.cards as string[] | undefined) ?? []}
              chosen={discards}
              busy={props.busy}
              onToggle={(id) =>
                setDiscards((d) =>
                  d.includes(id) ? d.filter((x) => x !== id) : [...d, id].slice(-(discardAct?.count ?? 2)),
                )
              }
            />
          )}
          <RoyaleSeats obs={obs} me={props.seat} nameOf={nameOf} />
        </div>
      </div>
      <EventLog events={props.events} describe={say} testId="royale-log" />
    </div>
  );
}
