// An accessible board: role="grid" with row and column headers, one focusable cell at a time
// (roving tabindex), arrows, Home/End (the row's ends) and PageUp/PageDown (the column's) to
// move, Enter or Space to act, and pointer events that work for mouse, pen and touch alike. A drag (for placing ships) reports the cell under the
// pointer as it moves: on touch the pointer is captured, so the cell is found by position.
// The focused cell outlives the grid: views remount their boards after every move (a fresh
// panel per turn), so each grid remembers its last cell by name and, when focus was on it (or on
// its panel, marked data-focus-home) as it went away, the next grid of that name takes it back.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';

export interface CellView {
  /** What the cell shows (a symbol, so that nothing is told by colour alone). */
  text?: string;
  /** Classes for colour and shape (see app.css: .ship, .hit, .miss, .sunk, .aim ...). */
  className?: string;
  /** The screen-reader name: "B7, hit, Cruiser". */
  label: string;
  /** A small mark in the cell's corner (Royale: the number of the seat whose latest shot it is). */
  badge?: string;
}

export type PointerPhase = 'down' | 'move' | 'up' | 'cancel';

export interface GridProps {
  label: string;
  rows: number;
  cols: number;
  rowHeader(row: number): string;
  colHeader(col: number): string;
  /** The cell's name as the protocol writes it ("B7"); also its data-cell attribute. */
  cellName(row: number, col: number): string;
  cell(row: number, col: number): CellView;
  /**
   * Click, tap, Enter or Space on a cell. With onPointer given, a press and release on one cell
   * is onPointer's to handle (at 'up'), and the click the browser sends after it is not passed
   * here, however late it comes: Enter, Space and clicks no press on the board began still are.
   */
  onActivate?(row: number, col: number): void;
  /** Taps and drags: called with the cell under the pointer (null when it is off the board). */
  onPointer?(phase: PointerPhase, at: [number, number] | null, event: PointerEvent): void;
  /** Keys other than movement ("r" to rotate ...); return true when handled. */
  onKey?(event: KeyboardEvent, row: number, col: number): boolean;
  /** The focused (keyboard) or hovered (mouse) cell, for previews. */
  onFocusCell?(at: [number, number] | null): void;
  /** When true the board takes touch drags instead of scrolling the page. */
  captureTouch?: boolean;
  className?: string;
  /** The test id of the grid element. */
  testId?: string;
}

function cellAt(x: number, y: number): [number, number] | null {
  const el = document.elementFromPoint(x, y);
  const cell = el instanceof HTMLElement ? el.closest<HTMLElement>('[data-row]') : null;
  if (!cell) return null;
  return [Number(cell.dataset['row']), Number(cell.dataset['col'])];
}

/** Per grid name (its test id, else its label): the last cell used, and whether focus was there. */
const memory = new Map<string, { cell: [number, number]; focused: boolean }>();

export function Grid(props: GridProps): JSX.Element {
  const name = props.testId ?? props.label;
  const [focus, setFocusState] = useState<[number, number]>(() => memory.get(name)?.cell ?? [0, 0]);
  const root = useRef<HTMLDivElement>(null);
  const dragging = useRef<string | null>(null);
  // A press and release on one cell that onPointer took as a tap: the browser still sends a
  // click to that cell afterwards, on a busy phone long afterwards (a time window is not enough:
  // the late click would count as a second tap and pick up the ship just placed).
  const clickTakenByTap = useRef(false);
  const [fr, fc] = [Math.min(focus[0], props.rows - 1), Math.min(focus[1], props.cols - 1)];
  const setFocus = (at: [number, number]) => {
    setFocusState(at);
    memory.set(name, { cell: at, focused: memory.get(name)?.focused ?? false });
  };

  useLayoutEffect(() => {
    const grid = root.current!;
    const home: HTMLElement = grid.closest<HTMLElement>('[data-focus-home]') ?? grid;
    const mark = (focused: boolean) => memory.set(name, { cell: memory.get(name)?.cell ?? [0, 0], focused });
    // Take focus back only from nobody (the page's body): never from a control the player chose.
    const active = document.activeElement;
    if (memory.get(name)?.focused && (!active || active === document.body)) {
      grid.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    }
    // Focus that goes nowhere (a pressed button disabled while the move is in flight, the board
    // remounted) still counts as on the board; only focus moved to another control leaves it.
    const onIn = () => mark(true);
    const onOut = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !home.contains(e.relatedTarget)) mark(false);
    };
    // A click anywhere else is the player leaving the board, even when it focuses nothing.
    const onPointer = (e: PointerEvent) => {
      if (!(e.target instanceof Node && home.contains(e.target))) mark(false);
    };
    home.addEventListener('focusin', onIn);
    home.addEventListener('focusout', onOut);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      home.removeEventListener('focusin', onIn);
      home.removeEventListener('focusout', onOut);
      document.removeEventListener('pointerdown', onPointer, true);
      if (home.contains(document.activeElement)) mark(true);
    };
  }, []);

  // After any redraw: focus that fell to nobody while this board stayed mounted (the pressed
  // "Fire salvo" button went away after the board was drawn) comes back to the cell.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (memory.get(name)?.focused && (!active || active === document.body)) {
      root.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    }
  });

  const moveFocus = (row: number, col: number) => {
    const r = Math.max(0, Math.min(props.rows - 1, row));
    const c = Math.max(0, Math.min(props.cols - 1, col));
    setFocus([r, c]);
    props.onFocusCell?.([r, c]);
    const el = root.current?.querySelector<HTMLElement>(`[data-row="${r}"][data-col="${c}"]`);
    el?.focus();
  };

  const onKeyDown = (e: KeyboardEvent, r: number, c: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      Home: [r, 0],
      End: [r, props.cols - 1],
      PageUp: [0, c],
      PageDown: [props.rows - 1, c],
    };
    const to = moves[e.key];
    if (to) {
      e.preventDefault();
      moveFocus(to[0], to[1]);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      props.onActivate?.(r, c);
    } else if (props.onKey?.(e, r, c)) {
      e.preventDefault();
    }
  };

  const pointer = (phase: PointerPhase) => (e: PointerEvent) => {
    if (!props.onPointer) return;
    const at = cellAt(e.clientX, e.clientY);
    const name = at ? props.cellName(at[0], at[1]) : '';
    if (phase === 'down') {
      clickTakenByTap.current = false;
      dragging.current = name;
      (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    } else if (dragging.current === null) {
      return;
    }
    if (phase === 'up' || phase === 'cancel') {
      clickTakenByTap.current = phase === 'up' && at !== null && name === dragging.current;
      dragging.current = null;
    }
    props.onPointer(phase, at, e);
  };

  const header = (
    <div role="row" class="grid-row">
      <span role="columnheader" class="grid-corner">
        <span class="visually-hidden">Row</span>
      </span>
      {Array.from({ length: props.cols }, (_, c) => (
        <span role="columnheader" class="grid-head" key={c}>
          {props.colHeader(c)}
        </span>
      ))}
    </div>
  );

  return (
    <div class={'grid-frame ' + (props.className ?? '')}>
      <div
        ref={root}
        role="grid"
        aria-label={props.label}
        class={'grid' + (props.captureTouch ? ' grid-drag' : '')}
        style={{ '--cols': String(props.cols) }}
        data-testid={props.testId}
        onPointerDown={pointer('down')}
        onPointerMove={pointer('move')}
        onPointerUp={pointer('up')}
        onPointerCancel={pointer('cancel')}
        onPointerLeave={() => props.onFocusCell?.(null)}
      >
        {header}
        {Array.from({ length: props.rows }, (_, r) => (
          <div role="row" class="grid-row" key={r}>
            <span role="rowheader" class="grid-head">
              {props.rowHeader(r)}
            </span>
            {Array.from({ length: props.cols }, (_, c) => {
              const view = props.cell(r, c);
              return (
                <span
                  key={c}
                  role="gridcell"
                  class={'cell ' + (view.className ?? '')}
                  tabIndex={r === fr && c === fc ? 0 : -1}
                  aria-label={view.label}
                  data-row={r}
                  data-col={c}
                  data-cell={props.cellName(r, c)}
                  onClick={() => {
                    setFocus([r, c]);
                    if (clickTakenByTap.current) {
                      clickTakenByTap.current = false;
                      return;
                    }
                    props.onActivate?.(r, c);
                  }}
                  onKeyDown={(e) => onKeyDown(e, r, c)}
                  onFocus={() => {
                    if (r !== fr || c !== fc) setFocus([r, c]);
                    props.onFocusCell?.([r, c]);
                  }}
                  onPointerEnter={(e) => {
                    if (e.pointerType === 'mouse') props.onFocusCell?.([r, c]);
                  }}
                >
                  <span aria-hidden="true">{view.text ?? ''}</span>
                  {view.badge && (
                    <small class="cell-badge" aria-hidden="true">
                      {view.badge}
                    </small>
                  )}
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
