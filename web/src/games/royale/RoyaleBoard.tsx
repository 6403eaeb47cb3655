// The shared 10x10 Royale grid, in the marks of every board (ui/marks.css): this seat's cards
// drawn as ships (one hull each, hits drawn on them), every shot with its pegs (• miss, ✕ hit,
// ✕✕ double hit), sunk cards as hulls in the sunk colour (☠), each player's latest shot or volley
// framed and numbered with its seat (so that at 2 to 6 players it is plain whose shot it was),
// the splash / fire / sinking of the shot that lands, the sonar marks in the row/column headers,
// and the cells aimed at. Symbols and words carry every state; colour only repeats them.
import type { JSX } from 'preact';
import { Grid, type CellView } from '../../ui/Grid';
import { letter, rowLetterCell } from '../../ui/coords';
import { hullClass, lastShots, latestVolley } from '../../ui/marks';
import { MarksKey, type KeyEntry } from '../../ui/MarksKey';
import type { GameEvent } from '../types';
import { claimedByCell, type BoardShot, type Card, type RoyaleObservation, type SonarMark } from './model';

export interface RoyaleBoardProps {
  obs: RoyaleObservation;
  me: number;
  nameOf(seat: number): string;
  /** The events so far: each seat's latest shot is taken from them. */
  events: GameEvent[];
  /** Cells chosen for the next shot or volley. */
  aimed: string[];
  /** Cells that may be shot now (empty when this seat cannot shoot). */
  open: Set<string>;
  onCell(cell: string): void;
}

export const ROYALE_SYMBOL = { miss: '•', hit: '✕', double: '✕✕', sunk: '☠', card: '■', aim: '◎' };

function sonarSymbol(marks: SonarMark[]): string {
  if (marks.length === 0) return '';
  return marks.some((m) => m.ping) ? '◉' : '○';
}

/** The key: the board's own cells (a seat's key has "your card"; a spectator's does not). */
function keyEntries(own: boolean): KeyEntry[] {
  const S = ROYALE_SYMBOL;
  return [
    ...(own ? [{ className: 'ship hull hull-one', text: S.card, what: 'your card' }] : []),
    { className: 'miss', text: S.miss, what: 'miss' },
    { className: 'hit', text: S.hit, what: 'hit' },
    { className: 'hit', text: S.double, what: 'double hit (two cards)' },
    ...(own ? [{ className: 'ship hit hull hull-one', text: S.hit, what: 'your card, hit' }] : []),
    { className: 'sunk hull hull-one', text: S.sunk, what: 'sunk' },
    { className: 'last', text: '', badge: '2', what: "each player's latest shot (dashed outline, with their seat's number)" },
    { className: 'aim', text: S.aim, what: 'aimed' },
  ];
}

export function RoyaleBoard(props: RoyaleBoardProps): JSX.Element {
  const { obs } = props;
  const S = ROYALE_SYMBOL;
  const shots = new Map<string, BoardShot>(obs.board.shots.map((s) => [s.cell, s]));
  const mine = new Map<string, Card>();
  for (const c of obs.my_cards ?? []) for (const cell of c.cells) if (!mine.has(cell)) mine.set(cell, c);
  const claimed = claimedByCell(obs.seats ?? []);
  const sonar = obs.board.sonar ?? [];
  const marksOn = (line: string) => sonar.filter((m) => m.line === line);
  const aimed = new Set(props.aimed);
  // Each cell of a seat's latest shot -> that seat; the volley landing now sinks what it sank.
  const lastBy = new Map<string, number>();
  for (const [seat, cells] of lastShots(props.events)) for (const c of cells) lastBy.set(c, seat);
  const landing = latestVolley(props.events);
  const sinking = (cells: string[]) => cells.some((c) => landing.has(c));

  const cell = (r: number, c: number): CellView => {
    const name = rowLetterCell(r, c);
    const shot = shots.get(name);
    const own = mine.get(name);
    const sunkCard = claimed.get(name)?.[0];
    const parts: string[] = [name];
    const classes: string[] = [];
    let text = '';
    let badge: string | undefined;
    const double = (shot?.pegs ?? 0) > 1;
    if (!shot) {
      parts.push('not shot');
    } else if (shot.sunk) {
      parts.push(double ? 'sunk, double hit' : 'sunk');
      classes.push('sunk');
      text = double ? S.sunk + S.sunk : S.sunk;
    } else if (shot.pegs > 0) {
      parts.push(double ? 'double hit' : 'hit');
      classes.push('hit');
      text = double ? S.double : S.hit;
    } else {
      parts.push('miss');
      classes.push('miss');
      text = S.miss;
    }
    for (const k of claimed.get(name) ?? []) {
      parts.push(`${k.ship} ${k.id} of ${k.from === props.me ? 'yours' : props.nameOf(k.from)}`);
    }
    // The hull: your own card (afloat, hit or sunk), else a sunk card in the open.
    const hullCells = own?.cells ?? (shot?.sunk ? sunkCard?.cells : undefined);
    if (own) {
      parts.push(`your ${own.ship} ${own.id}${own.sunk ? ' (sunk)' : ''}`);
      if (!shot?.sunk) classes.push('ship');
      if (!shot) text = S.card;
    }
    if (hullCells) {
      classes.push(hullClass(hullCells, name));
      if (shot?.sunk && sinking(hullCells)) classes.push('sinking');
    }
    const by = lastBy.get(name);
    if (by !== undefined && shot) {
      classes.push('last');
      parts.push(by === props.me ? 'your last shot' : `last shot of ${props.nameOf(by)}`);
      badge = String(by + 1);
    }
    if (aimed.has(name)) {
      parts.push('aimed');
      classes.push('aim');
      text = S.aim;
    } else if (props.open.has(name)) {
      classes.push('ry-open');
    }
    return { text, className: classes.join(' '), label: parts.join(', '), ...(badge ? { badge } : {}) };
  };

  return (
    <div class="ry-board marks">
      <Grid
        label="Shared board"
        testId="royale-board"
        rows={10}
        cols={10}
        rowHeader={(r) => letter(r) + sonarSymbol(marksOn(letter(r)))}
        colHeader={(c) => String(c + 1) + sonarSymbol(marksOn(String(c + 1)))}
        cellName={rowLetterCell}
        cell={cell}
        onActivate={(r, c) => props.onCell(rowLetterCell(r, c))}
      />
      <MarksKey testId="royale-legend" entries={keyEntries(props.me >= 0)} label="Key to the shared board" />
      <p class="ry-legend" aria-hidden="true">
        In the row and column headers: ◉ sonar ping, ○ sonar, no ping.
      </p>
    </div>
  );
}
