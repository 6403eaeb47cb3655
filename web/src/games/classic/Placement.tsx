// Placing the fleet: choose a ship from the list, then tap or click its bow cell, or drag it
// onto the board (pointer events, so mouse, pen and touch alike); rotate with the button or
// "r"; arrows and Enter on the board; random and clear; then send the whole fleet at once.
import { useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { Grid, type PointerPhase } from '../../ui/Grid';
import { letter, rowLetterCell } from '../../ui/coords';
import type { ActError } from '../types';
import { cellsOf, otherCells, placementProblem, randomLayout, type Board } from './layout';
import { placementCells, placementText, type FleetShip, type Placement } from './model';
import { hullClass } from './boards';

interface Props {
  fleet: FleetShip[];
  board: Board;
  noTouch: boolean;
  busy: boolean;
  error: ActError | null;
  act(action: unknown): void;
}

/** A drag in progress: which ship, and which of its segments the pointer holds. */
interface Drag {
  ship: number;
  offset: number;
  startCell: string;
  moved: boolean;
}

export function PlacementPanel(props: Props): JSX.Element {
  const { fleet, board, noTouch, busy } = props;
  const [placed, setPlaced] = useState<Array<Placement | null>>(() => fleet.map(() => null));
  const [selected, setSelected] = useState(0);
  const [down, setDown] = useState(false);
  const [anchor, setAnchor] = useState<[number, number] | null>(null);
  const [note, setNote] = useState('');
  // A placed ship the player picked up to move: its preview follows the pointer.
  const [pickedUp, setPickedUp] = useState(false);
  const drag = useRef<Drag | null>(null);
  const lastPointer = useRef('mouse');
  // Taps are handled at pointer-up here (the grid captures the pointer for drags); the grid does
  // not pass on the click that follows them.

  const owner = new Map<string, number>();
  placed.forEach((p, i) => {
    if (p) for (const [r, c] of cellsOf(p, fleet[i]!.length)) owner.set(rowLetterCell(r, c), i);
  });
  const allPlaced = placed.every((p) => p !== null);

  const problem = (i: number, p: Placement, at: Array<Placement | null> = placed) =>
    placementProblem(p, fleet[i]!.length, board, otherCells(fleet, at, i), noTouch);

  const nextUnplaced = (after: number, at: Array<Placement | null>) => {
    for (let k = 1; k <= fleet.length; ++k) {
      const j = (after + k) % fleet.length;
      if (!at[j]) return j;
    }
    return after;
  };

  /** Puts ship i with its bow at (row, col); says why not when it cannot go there. */
  const put = (i: number, row: number, col: number, isDown: boolean): boolean => {
    const p = { row, col, down: isDown };
    const why = problem(i, p);
    if (why) {
      setNote(`${fleet[i]!.name} cannot go at ${placementText(p)}: ${why}.`);
      return false;
    }
    const next = placed.slice();
    next[i] = p;
    setPlaced(next);
    setNote(`${fleet[i]!.name} placed at ${placementText(p)}.`);
    setSelected(nextUnplaced(i, next));
    setPickedUp(false);
    // Without a hovering mouse the preview would sit on the ship just placed: drop it.
    if (lastPointer.current !== 'mouse') setAnchor(null);
    return true;
  };

  const activate = (row: number, col: number) => {
    if (busy) return;
    const held = owner.get(rowLetterCell(row, col));
    // Tapping a placed ship (other than the one about to be placed) picks it up to move it.
    if (held !== undefined && held !== selected) {
      setSelected(held);
      setDown(placed[held]!.down);
      setPickedUp(true);
      setNote(`${fleet[held]!.name} selected: tap a cell to move it, or rotate it.`);
      return;
    }
    put(selected, row, col, down);
  };

  const rotate = () => {
    const p = placed[selected];
    // A placed ship turns around its bow, if it fits that way.
    if (p) {
      const turned = { ...p, down: !p.down };
      const why = problem(selected, turned);
      if (why) {
        setNote(`${fleet[selected]!.name} cannot turn there: ${why}.`);
        return;
      }
      const next = placed.slice();
      next[selected] = turned;
      setPlaced(next);
      setDown(turned.down);
      setNote(`${fleet[selected]!.name} turned ${turned.down ? 'down' : 'right'}.`);
      return;
    }
    setDown(!down);
    setNote(`Ships now go ${!down ? 'down' : 'right'}.`);
  };

  const onPointer = (phase: PointerPhase, at: [number, number] | null, event: PointerEvent) => {
    if (busy) return;
    lastPointer.current = event.pointerType;
    if (phase === 'down') {
      if (!at) return;
      const name = rowLetterCell(at[0], at[1]);
      const held = owner.get(name);
      if (held !== undefined) {
        const p = placed[held]!;
        drag.current = { ship: held, offset: p.down ? at[0] - p.row : at[1] - p.col, startCell: name, moved: false };
        setDown(p.down);
      } else {
        drag.current = { ship: selected, offset: 0, startCell: name, moved: false };
      }
      setAnchor(at);
      return;
    }
    const d = drag.current;
    if (!d) return;
    if (phase === 'move') {
      if (at && rowLetterCell(at[0], at[1]) !== d.startCell) d.moved = true;
      setAnchor(at);
      return;
    }
    drag.current = null;
    if (phase === 'cancel' || !at) {
      if (event.pointerType !== 'mouse') setAnchor(null);
      return;
    }
    if (!d.moved) {
      activate(at[0], at[1]);
      return;
    }
    const isDown = placed[d.ship]?.down ?? down;
    const row = isDown ? at[0] - d.offset : at[0];
    const col = isDown ? at[1] : at[1] - d.offset;
    if (d.ship !== selected) setSelected(d.ship);
    put(d.ship, row, col, isDown);
  };

  // The preview: the ship being dragged, or the selected one at the hovered/focused cell.
  const previewShip = drag.current?.ship ?? selected;
  const previewDown = placed[previewShip]?.down ?? down;
  const offset = drag.current?.offset ?? 0;
  const showPreview = drag.current !== null || !placed[previewShip] || pickedUp;
  const preview = anchor && showPreview
    ? {
        row: previewDown ? anchor[0] - offset : anchor[0],
        col: previewDown ? anchor[1] : anchor[1] - offset,
        down: previewDown,
      }
    : null;
  const previewWhy = preview ? problem(previewShip, preview) : null;
  const previewCells = new Set(
    preview ? cellsOf(preview, fleet[previewShip]!.length).map(([r, c]) => rowLetterCell(r, c)) : [],
  );

  const cell = (r: number, c: number) => {
    const name = rowLetterCell(r, c);
    const i = owner.get(name);
    const inPreview = previewCells.has(name);
    const classes: string[] = [];
    const parts = [name];
    let text = '';
    // The ship being moved is drawn where it goes, not where it was.
    const moving = i !== undefined && i === previewShip && preview !== null;
    if (i !== undefined && !moving) {
      // A placed ship is drawn as the hull it will be in the game.
      classes.push('ship', hullClass(placementCells(placed[i]!, fleet[i]!.length), name));
      if (i === selected) classes.push('cl-selected');
      text = '■';
      parts.push(fleet[i]!.name + (i === selected ? ', selected' : ''));
    } else if (i !== undefined) {
      classes.push('cl-ghost');
      text = '□';
      parts.push(fleet[i]!.name + ', being moved');
    } else {
      parts.push('water');
    }
    if (inPreview) {
      classes.push(previewWhy ? 'invalid' : 'preview');
      text = previewWhy ? '✕' : '▣';
      parts.push(`preview of ${fleet[previewShip]!.name}${previewWhy ? ', ' + previewWhy : ''}`);
    }
    return { text, className: classes.join(' '), label: parts.join(', ') };
  };

  const random = () => {
    const layout = randomLayout(fleet, board, noTouch);
    if (!layout) {
      setNote('No layout fits this board.');
      return;
    }
    setPlaced(layout);
    setPickedUp(false);
    setNote('Random fleet placed.');
  };

  const clear = () => {
    setPlaced(fleet.map(() => null));
    setSelected(0);
    setPickedUp(false);
    setNote('Board cleared.');
  };

  const send = () => {
    if (!allPlaced) return;
    props.act({ type: 'place', ships: placed.map((p) => placementText(p!)) });
  };

  return (
    <div class="cl-placement">
      <div class="cl-place-board">
        <Grid
          label={`Your ocean: place your fleet (${board.rows} by ${board.cols})`}
          rows={board.rows}
          cols={board.cols}
          rowHeader={letter}
          colHeader={(c) => String(c + 1)}
          cellName={rowLetterCell}
          cell={cell}
          onActivate={activate}
          onPointer={onPointer}
          onFocusCell={(at) => {
            if (!drag.current) setAnchor(at);
          }}
          onKey={(e) => {
            if (e.key === 'r' || e.key === 'R') {
              rotate();
              return true;
            }
            const digit = Number(e.key);
            if (digit >= 1 && digit <= fleet.length) {
              setSelected(digit - 1);
              return true;
            }
            return false;
          }}
          captureTouch
          testId="place-grid"
        />
      </div>
      <div class="cl-side">
        <h2 id="cl-fleet-title">Your fleet</h2>
        <p class="cl-muted">
          Choose a ship, then tap its first cell or drag it onto the board. Keys: arrows, Enter to
          place, R to rotate{noTouch ? '. Ships may not touch, not even at a corner' : ''}.
        </p>
        <div role="group" aria-labelledby="cl-fleet-title" class="cl-fleet-pick">
          {fleet.map((s, i) => (
            <button
              key={s.name}
              type="button"
              aria-pressed={i === selected}
              class={'cl-ship-pick' + (i === selected ? ' cl-on' : '') + (placed[i] ? ' cl-done' : '')}
              disabled={busy}
              onClick={() => {
                setSelected(i);
                setDown(placed[i]?.down ?? down);
                setPickedUp(placed[i] !== null);
              }}
            >
              <span class="cl-ship-name">{s.name}</span>{' '}
              <span class="cl-ship-len" aria-label={`length ${s.length}`}>
                {'■'.repeat(s.length)}
              </span>
              <span class="cl-ship-state">{placed[i] ? ` ${placementText(placed[i]!)}` : ' not placed'}</span>
            </button>
          ))}
        </div>
        <div class="cl-buttons">
          <button type="button" onClick={rotate} disabled={busy}>
            Rotate ({(placed[selected]?.down ?? down) ? 'down' : 'right'})
          </button>
          <button type="button" onClick={random} disabled={busy}>
            Random
          </button>
          <button type="button" onClick={clear} disabled={busy}>
            Clear
          </button>
        </div>
        <button type="button" class="primary" onClick={send} disabled={busy || !allPlaced}>
          Place fleet
        </button>
        <p class="cl-note" role="status">
          {note}
        </p>
        {props.error && (
          <p class="cl-error" role="alert">
            {props.error.message}
          </p>
        )}
      </div>
    </div>
  );
}
