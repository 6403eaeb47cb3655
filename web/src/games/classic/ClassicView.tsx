// The classic Battleship and Salvo view (with the optional weapons): placement, then your ocean
// and the target ocean side by side (stacked on a phone, the target first on your turn), the
// fleets, and the log. A spectator sees both players' target oceans, read-only. At the end the
// record's fleets are drawn on the boards.
import type { JSX } from 'preact';
import { Grid } from '../../ui/Grid';
import { letter, rowLetterCell } from '../../ui/coords';
import type { GameViewProps, Json } from '../types';
import { lastShots, ownCells, targetCell } from './boards';
import { BoardLegend } from './BoardLegend';
import { TargetPanel } from './Firing';
import { EnemyFleetList, MyFleetList } from './FleetLists';
import type { Board } from './layout';
import {
  WEAPON_ORDER,
  WEAPON_TITLE,
  fleetOf,
  parsePlacement,
  placementCells,
  targetCells,
  type ClassicObservation,
  type EnemyShip,
  type SpectatorSide,
} from './model';
import { PlacementPanel } from './Placement';
import { ShotLog } from './ShotLog';
import './classic.css';
import '../../ui/marks.css';

/** Enemy ship cells known without a shot: mishap reveals, and every ship once the record is out. */
function revealedCells(enemyFleet: EnemyShip[] | undefined, record: Json | null, enemy: number, options: Json) {
  const out = new Map<string, string>();
  for (const s of enemyFleet ?? []) for (const c of s.cells ?? []) out.set(c, s.name);
  const placements: unknown = record?.reveal?.fleets?.[enemy];
  if (Array.isArray(placements)) {
    const fleet = fleetOf(record.options ?? options);
    placements.forEach((text, i) => {
      const p = typeof text === 'string' ? parsePlacement(text) : null;
      const ship = fleet[i];
      if (p && ship) for (const c of placementCells(p, ship.length)) out.set(c, ship.name);
    });
  }
  return out;
}

/** What the end screen says about the reveal: only what the record really shows. */
function revealNote(record: Json | null, me: number, enemy: number, enemyName: string): string {
  const fleets: unknown = record?.reveal?.fleets;
  if (!Array.isArray(fleets)) return '';
  const placed = (seat: number) => Array.isArray(fleets[seat]) && (fleets[seat] as unknown[]).length > 0;
  if (!placed(enemy)) return ` ${enemyName} never placed a fleet: there is nothing of theirs to reveal.`;
  return placed(me) ? ' Both fleets are revealed.' : ` ${enemyName}'s fleet is revealed.`;
}

function boardOf(obs: ClassicObservation, options: Json): Board {
  return obs.board ?? { rows: Number(options?.rows ?? 10), cols: Number(options?.cols ?? 10) };
}

const headers = { rowHeader: letter, colHeader: (c: number) => String(c + 1), cellName: rowLetterCell };

/**
 * Whether the other side has moved since this seat's latest shot. The target panel is mounted
 * afresh for every event, which would play that shot's landing again on the other side's move:
 * the latest shot lands once (docs/web.md, "Animations").
 */
function landedBefore(events: GameViewProps['events'], me: number): boolean {
  for (let i = events.length - 1; i >= 0; --i) {
    const e = events[i]!;
    const seat = typeof e.seat === 'number' ? e.seat : -1;
    if (seat === me && (e.type === 'shots' || e.type === 'blast' || e.type === 'weapon')) return false;
    if (seat >= 0 && seat !== me) return true;
  }
  return false;
}

export function ClassicView(props: GameViewProps): JSX.Element {
  const obs = props.observation as ClassicObservation | null;
  if (!obs) return <p class="cl-muted">Loading the game…</p>;
  const log = (
    <ShotLog
      events={props.events}
      seat={props.seat}
      nameOf={props.nameOf}
      announce={props.announce}
      board={boardOf(obs, props.options)}
    />
  );
  if (props.seat < 0 || obs.sides) {
    return (
      <div class="cl-view marks">
        <SpectatorBoards {...props} obs={obs} />
        <BoardLegend own={false} />
        {log}
      </div>
    );
  }

  const board = boardOf(obs, props.options);
  const legal = props.legal;
  if (legal?.type === 'place') {
    return (
      <div class="cl-view marks">
        <PlacementPanel
          fleet={(legal.ships as Json[]).map((s) => ({ name: String(s.name), length: Number(s.length) }))}
          board={board}
          noTouch={!!legal.no_touch}
          busy={props.busy}
          error={props.error}
          act={props.act}
        />
        {log}
      </div>
    );
  }

  const me = props.seat;
  const enemy = 1 - me;
  const enemyName = props.nameOf(enemy);
  const myFleet = obs.my_fleet ?? [];
  const enemyFleet = obs.enemy_fleet ?? [];
  const myTurn = legal?.type === 'fire' || legal?.type === 'blast';
  const lastN = props.events.length ? props.events[props.events.length - 1]!.n : 0;
  const latest = lastShots(props.events);

  // What to do now. Whose turn it is is the turn bar's line, and at the end the room's end panel
  // says who won (once): this line says neither again.
  let status: string;
  if (props.over) status = '';
  else if (obs.phase === 'placement') status = 'Your fleet is placed.';
  else if (legal?.type === 'blast') status = `Choose ${legal.count} touching cells for the blast.`;
  else if (myTurn) status = legal.count > 1 ? `Choose ${legal.count} cells for your salvo.` : `Fire at a cell of ${enemyName}'s ocean.`;
  else status = '';

  return (
    <div class="cl-view marks">
      <p class="cl-status" aria-live="off">
        {(status + revealNote(props.record, me, enemy, enemyName)).trim()}
      </p>
      <div class={'cl-boards' + (myTurn ? ' cl-my-turn' : '')}>
        <section class="cl-board cl-own" aria-labelledby="cl-own-title">
          <h2 id="cl-own-title">Your ocean</h2>
          <Grid
            label="Your ocean: your fleet and the enemy's shots"
            rows={board.rows}
            cols={board.cols}
            {...headers}
            cell={ownCells(myFleet, obs.incoming, latest.get(enemy))}
            testId="own-grid"
          />
          <MyFleetList fleet={myFleet} prizes={enemyFleet.filter((s) => s.captured)} />
        </section>
        <section class={'cl-board cl-target' + (landedBefore(props.events, me) ? ' marks-landed' : '')} aria-labelledby="cl-target-title">
          <h2 id="cl-target-title">{enemyName}'s ocean</h2>
          <TargetPanel
            // A fresh panel for every new event: last turn's aim and picks do not carry over.
            key={lastN}
            board={board}
            enemyName={enemyName}
            shots={targetCells(obs.targets, enemyFleet)}
            revealed={revealedCells(enemyFleet, props.record, enemy, props.options)}
            last={latest.get(me)}
            legal={obs.phase === 'placement' ? null : legal}
            weapons={obs.weapons}
            busy={props.busy}
            error={props.error}
            act={props.act}
          />
          <EnemyFleetList
            fleet={enemyFleet}
            label={`${enemyName}'s fleet`}
            theirPrizes={myFleet.filter((s) => s.captured)}
          />
        </section>
      </div>
      <BoardLegend own />
      {log}
    </div>
  );
}

function SpectatorBoards(props: GameViewProps & { obs: ClassicObservation }): JSX.Element {
  const obs = props.obs;
  const board = boardOf(obs, props.options);
  const sides: SpectatorSide[] = obs.sides ?? [];
  const latest = lastShots(props.events);
  return (
    <div class="cl-boards">
      {sides.map((side) => {
        const shooter = props.nameOf(side.seat);
        const target = props.nameOf(1 - side.seat);
        const marks = {
          shots: targetCells(side.targets, side.enemy_fleet),
          revealed: revealedCells(side.enemy_fleet, props.record, 1 - side.seat, props.options),
          picked: new Set<string>(),
          pattern: new Set<string>(),
          patternName: '',
          patternBad: false,
          last: latest.get(side.seat),
        };
        const left = side.weapons_left;
        return (
          <section class="cl-board" key={side.seat} aria-label={`${shooter}'s shots at ${target}'s ocean`}>
            <h2>
              {shooter}'s shots at {target}'s ocean
            </h2>
            <Grid
              label={`${shooter}'s shots at ${target}'s ocean`}
              rows={board.rows}
              cols={board.cols}
              {...headers}
              cell={(r, c) => targetCell(marks, r, c)}
              testId={`side-grid-${side.seat}`}
            />
            {left && (
              <p class="cl-muted">
                Weapons left:{' '}
                {WEAPON_ORDER.filter((w) => left[w] !== undefined)
                  .map((w) => `${WEAPON_TITLE[w]} ${left[w]}`)
                  .join(', ')}
              </p>
            )}
            <EnemyFleetList fleet={side.enemy_fleet} label={`${target}'s fleet`} prize={`${shooter}'s prize`} />
          </section>
        );
      })}
    </div>
  );
}
