// The shared 10x10 Royale grid: every shot with its pegs (0 miss, 1 hit, 2 double hit), cells
// that show Sunk, the sonar marks in the row/column headers, this seat's own cards highlighted,
// and the cells aimed at for the next shot or volley. Symbols and words carry every state;
// colour only repeats them.
import type { JSX } from 'preact';
import { Grid } from '../../ui/Grid';
import { letter, rowLetterCell } from '../../ui/coords';
import { claimedByCell, type BoardShot, type Card, type RoyaleObservation, type SonarMark } from './model';

export interface RoyaleBoardProps {
  obs: RoyaleObservation;
  me: number;
  nameOf(seat: number): string;
  /** Cells chosen for the next shot or volley. */
  aimed: string[];
  /** Cells that may be shot now (empty when this seat cannot shoot). */
  open: Set<string>;
  onCell(cell: string): void;
}

function sonarSymbol(marks: SonarMark[]): string {
  if (marks.length === 0) return '';
  return marks.some((m) => m.ping) ? '◉' : '○';
}

export function RoyaleBoard(props: RoyaleBoardProps): JSX.Element {
  const { obs } = props;
  const shots = new Map<string, BoardShot>(obs.board.shots.map((s) => [s.cell, s]));
  const mine = new Map<string, Card>();
  for (const c of obs.my_cards ?? []) for (const cell of c.cells) mine.set(cell, c);
  const claimed = claimedByCell(obs.seats ?? []);
  const sonar = obs.board.sonar ?? [];
  const marksOn = (line: string) => sonar.filter((m) => m.line === line);
  const aimed = new Set(props.aimed);

  const cell = (r: number, c: number) => {
    const name = rowLetterCell(r, c);
    const shot = shots.get(name);
    const own = mine.get(name);
    const parts: string[] = [name];
    const classes: string[] = [];
    let text = '';
    if (!shot) {
      parts.push('not shot');
    } else if (shot.sunk) {
      parts.push(shot.pegs > 1 ? 'sunk, double hit' : 'sunk');
      classes.push('sunk');
      text = shot.pegs > 1 ? '■■' : '■';
    } else if (shot.pegs > 0) {
      parts.push(shot.pegs > 1 ? 'double hit' : 'hit');
      classes.push('hit');
      text = shot.pegs > 1 ? '✕✕' : '✕';
    } else {
      parts.push('miss');
      classes.push('miss');
      text = '•';
    }
    for (const c of claimed.get(name) ?? []) {
      parts.push(`${c.ship} ${c.id} of ${c.from === props.me ? 'yours' : props.nameOf(c.from)}`);
    }
    if (own) {
      parts.push(`your ${own.ship} ${own.id}${own.sunk ? ' (sunk)' : ''}`);
      classes.push('ry-own');
      if (!shot) text = '▢';
    }
    if (aimed.has(name)) {
      parts.push('aimed');
      classes.push('aim');
      text = '◎';
    } else if (props.open.has(name)) {
      classes.push('ry-open');
    }
    return { text, className: classes.join(' '), label: parts.join(', ') };
  };

  return (
    <div class="ry-board">
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
      <p class="ry-legend" aria-hidden="true">
        • miss · ✕ hit · ✕✕ double hit · ■ sunk · ▢ your card · ◎ aimed · ◉/○ sonar ping/none
      </p>
    </div>
  );
}
