// The target board on your turn: a plain shot, a salvo, a weapon or an Experimental blast.
// On a touch screen a tap only aims (a mis-tap must not waste a shot) and a button confirms; with
// a mouse a click fires at once; Enter fires (or toggles a salvo cell) from the keyboard. Weapons
// always show their pattern first and fire from a confirm button (or a second click/Enter).
import { useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { Grid } from '../../ui/Grid';
import { letter, parseRowLetterCell, rowLetterCell } from '../../ui/coords';
import type { ActError, Json } from '../types';
import { targetCell, type TargetMarks } from './boards';
import type { Board } from './layout';
import { WEAPON_TITLE, weaponNeedsCell, type ShotCell, type WeaponName, type WeaponUses } from './model';
import { bomberCells, bravoCells, connected, nukeCells, torpedoHeadings, torpedoPath, type Heading } from './patterns';
import { WeaponPicker, type FireMode } from './WeaponPicker';

interface Props {
  board: Board;
  enemyName: string;
  shots: Map<string, ShotCell>;
  revealed: Map<string, string>;
  /** The cells of this seat's latest shot or volley. */
  last: Set<string> | undefined;
  /** This seat's legal object (null when it is not its turn). */
  legal: Json | null;
  weapons: Partial<Record<WeaponName, WeaponUses>> | undefined;
  busy: boolean;
  error: ActError | null;
  act(action: Json): void;
}

const coarsePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

const names = (cells: Array<[number, number]>) => cells.map(([r, c]) => rowLetterCell(r, c));

export function TargetPanel(props: Props): JSX.Element {
  const { board, legal, busy } = props;
  const [mode, setMode] = useState<FireMode>('shot');
  const [aim, setAim] = useState<string | null>(null);
  const [picks, setPicks] = useState<string[]>([]);
  const [heading, setHeading] = useState<Heading | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const [note, setNote] = useState('');
  // Enter/Space on the grid fires at once even on a touch screen: remember the last key.
  const lastKeyAt = useRef(-1e9);

  const blasting = legal?.type === 'blast';
  const myTurn = legal?.type === 'fire' || blasting;
  const open = new Set<string>(legal?.type === 'fire' ? legal.cells ?? [] : []);
  const count: number = blasting ? legal.count : Math.min(legal?.count ?? 1, open.size || 1);
  const salvo = !blasting && mode === 'shot' && count > 1;
  const picking = blasting || salvo;
  const usable: string[] = legal?.weapons ?? [];

  const fire = (action: Json) => {
    setNote('');
    props.act(action);
  };

  // The weapon's pattern around the aimed (or else hovered/focused) cell.
  const centre = aim ?? hover;
  const at = centre ? parseRowLetterCell(centre) : null;
  let pattern: string[] = [];
  let patternBad = false;
  let maybe: string[] = [];
  let headings: Heading[] = [];
  if (myTurn && !blasting && at && mode !== 'shot' && weaponNeedsCell(mode)) {
    if (mode === 'nuke') {
      pattern = names(nukeCells(board, at[0], at[1]));
      // A top roll (Condition Bravo) widens it to the 5x5 square: its corners drawn fainter.
      maybe = names(bravoCells(board, at[0], at[1])).filter((c) => !pattern.includes(c));
    }
    else if (mode === 'bomber') pattern = names(bomberCells(board, at[0], at[1]));
    else {
      headings = torpedoHeadings(board, at[0], at[1]);
      if (headings.length === 0) {
        pattern = [centre!];
        patternBad = true;
      } else {
        const ways = heading && headings.includes(heading) ? [heading] : headings;
        pattern = ways.flatMap((h) => names(torpedoPath(board, at[0], at[1], h)));
      }
    }
  }

  const toggle = (name: string) => {
    if (picks.includes(name)) setPicks(picks.filter((p) => p !== name));
    else if (picks.length >= count) setNote(`Already ${count} cell${count === 1 ? '' : 's'} chosen: remove one first.`);
    else setPicks([...picks, name]);
  };

  const useWeapon = (w: WeaponName, cell: string | null, h: Heading | null) => {
    if (!weaponNeedsCell(w)) return fire({ type: w });
    if (!cell) return;
    const action: Json = { type: w, cell };
    if (h) action.heading = h;
    fire(action);
  };

  const activate = (r: number, c: number) => {
    if (!myTurn || busy) return;
    const name = rowLetterCell(r, c);
    const fromKey = performance.now() - lastKeyAt.current < 300;
    setNote('');
    if (blasting) return toggle(name);
    if (mode === 'shot') {
      if (!open.has(name)) return setNote(`${name} was already fired at.`);
      if (salvo) return toggle(name);
      if (coarsePointer() && !fromKey) return setAim(name);
      return fire({ type: 'fire', cells: [name] });
    }
    if (!weaponNeedsCell(mode)) return setNote(`${WEAPON_TITLE[mode]} needs no cell: use the button below.`);
    const hs = mode === 'torpedo' ? torpedoHeadings(board, r, c) : [];
    if (mode === 'torpedo' && hs.length === 0) return setNote('A torpedo starts on a cell of the board’s edge.');
    // A second click or Enter on the aimed cell launches (a touch screen uses the button).
    if (aim === name && (fromKey || !coarsePointer()) && (mode !== 'torpedo' || heading)) {
      return useWeapon(mode, name, heading);
    }
    setAim(name);
    setHeading(hs.length === 1 ? hs[0]! : null);
  };

  const choose = (m: FireMode) => {
    setMode(m);
    setAim(null);
    setPicks([]);
    setHeading(null);
    setNote('');
  };

  const marks: TargetMarks = {
    shots: props.shots,
    revealed: props.revealed,
    picked: new Set(picking ? picks : aim ? [aim] : []),
    pattern: new Set(pattern),
    patternName: mode === 'torpedo' ? "on the torpedo's path" : mode === 'shot' ? '' : `in the ${WEAPON_TITLE[mode as WeaponName]}'s pattern`,
    patternBad,
    patternMaybe: new Set(maybe),
    last: props.last,
  };
  // Hovering shows where a plain shot would land, too.
  if (myTurn && mode === 'shot' && !picking && !aim && hover && open.has(hover) && !coarsePointer()) marks.picked.add(hover);

  const blastOk = picks.length === count && connected(picks.map((p) => parseRowLetterCell(p)!));

  let bar: JSX.Element | null = null;
  if (myTurn && blasting) {
    bar = (
      <div class="cl-confirm">
        <p>
          Blast: choose {count} touching cell{count === 1 ? '' : 's'} ({picks.length} chosen)
          {picks.length === count && !blastOk ? ': they must touch as one group' : ''}.
        </p>
        <button type="button" class="primary" disabled={busy || !blastOk} onClick={() => fire({ type: 'blast', cells: picks })}>
          Fire blast
        </button>
        <button type="button" disabled={busy || !picks.length} onClick={() => setPicks([])}>
          Clear
        </button>
      </div>
    );
  } else if (myTurn && salvo) {
    bar = (
      <div class="cl-confirm">
        <p>
          Choose {count} cell{count === 1 ? '' : 's'} ({picks.length} chosen{picks.length ? ': ' + picks.join(', ') : ''}).
        </p>
        <button
          type="button"
          class="primary"
          disabled={busy || picks.length !== count}
          onClick={() => fire({ type: 'fire', cells: picks })}
        >
          Fire salvo
        </button>
        <button type="button" disabled={busy || !picks.length} onClick={() => setPicks([])}>
          Clear
        </button>
      </div>
    );
  } else if (myTurn && mode === 'shot') {
    bar = aim ? (
      <div class="cl-confirm">
        <button type="button" class="primary" disabled={busy} onClick={() => fire({ type: 'fire', cells: [aim] })}>
          Fire at {aim}
        </button>
        <button type="button" disabled={busy} onClick={() => setAim(null)}>
          Cancel
        </button>
      </div>
    ) : (
      <p class="cl-muted">{coarsePointer() ? 'Tap a cell to aim, then confirm.' : 'Click a cell to fire.'}</p>
    );
  } else if (myTurn && mode !== 'shot' && !weaponNeedsCell(mode)) {
    bar = (
      <div class="cl-confirm">
        <button type="button" class="primary" disabled={busy} onClick={() => useWeapon(mode, null, null)}>
          Use {WEAPON_TITLE[mode]}
        </button>
      </div>
    );
  } else if (myTurn && mode !== 'shot') {
    const corner = aim !== null && mode === 'torpedo' && headings.length > 1;
    bar = (
      <div class="cl-confirm">
        {!aim && <p>{mode === 'torpedo' ? 'Choose an edge cell to launch from.' : 'Choose the centre cell.'}</p>}
        {corner && (
          <div role="group" aria-label="Torpedo heading" class="cl-headings">
            {headings.map((h) => (
              <button key={h} type="button" aria-pressed={heading === h} class={heading === h ? 'cl-on' : ''} onClick={() => setHeading(h)}>
                {h}
              </button>
            ))}
          </div>
        )}
        <button
          type="button"
          class="primary"
          disabled={busy || !aim || (mode === 'torpedo' && !heading)}
          onClick={() => useWeapon(mode, aim, heading)}
        >
          Launch {WEAPON_TITLE[mode]}
          {aim ? ` at ${aim}` : ''}
          {heading && mode === 'torpedo' ? ` heading ${heading}` : ''}
        </button>
        {aim && (
          <button type="button" disabled={busy} onClick={() => setAim(null)}>
            Cancel
          </button>
        )}
      </div>
    );
  }

  return (
    <div
      class="cl-target-panel"
      data-focus-home
      onKeyDownCapture={(e) => {
        if (e.key === 'Enter' || e.key === ' ') lastKeyAt.current = performance.now();
      }}
    >
      <Grid
        label={`${props.enemyName}'s ocean: your shots`}
        rows={board.rows}
        cols={board.cols}
        rowHeader={letter}
        colHeader={(c) => String(c + 1)}
        cellName={rowLetterCell}
        cell={(r, c) => targetCell(marks, r, c)}
        onActivate={activate}
        onFocusCell={(at) => setHover(at ? rowLetterCell(at[0], at[1]) : null)}
        className={myTurn ? 'cl-armed' : ''}
        testId="target-grid"
      />
      {props.weapons && myTurn && !blasting && (
        <WeaponPicker weapons={props.weapons} usable={usable} mode={mode} salvo={count > 1} disabled={busy} choose={choose} />
      )}
      {bar}
      {note && (
        <p class="cl-note" role="status">
          {note}
        </p>
      )}
      {props.error && (
        <p class="cl-error" role="alert">
          {props.error.message}
        </p>
      )}
    </div>
  );
}
