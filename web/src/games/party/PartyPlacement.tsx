// Placing the six ships on the 6x6 sea with pointer events (mouse, pen and touch alike): choose
// a ship, then tap or drag it onto the sea; drag a placed ship to move it; Rotate (or "r") turns
// the chosen ship; Random and Clear; Lock in sends the placement. The keyboard works too: arrows
// move on the sea, Enter puts the chosen ship there (or picks up the ship under the focus).
import { useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { Grid, type PointerPhase } from '../../ui/Grid';
import { colLetterCell, letter, parseColLetterCell } from '../../ui/coords';
import { hullClass } from '../../ui/marks';
import { editionOf, lookOf } from '../../party/editions';
import { fits, placementCells, placementText, randomFleet, shipAt, SIZE, type FleetShip, type Placement } from './model';

export interface PartyPlacementProps {
  fleet: FleetShip[];
  /** The edition ("rainbow", "european"): placed ships are drawn in its colours and symbols. */
  edition?: string;
  busy: boolean;
  onLockIn(ships: string[]): void;
}

/** The letter drawn on a ship's cells (C for Carrier ... P for Patrol Boat; S/s for the two 3s). */
export function shipMark(name: string): string {
  if (name === 'Submarine') return 'S';
  if (name === 'Aircraft Carrier') return 'A';
  return name.charAt(0);
}

export function PartyPlacement(props: PartyPlacementProps): JSX.Element {
  const { fleet } = props;
  const [placed, setPlaced] = useState<Array<Placement | null>>(() => fleet.map(() => null));
  const [chosen, setChosen] = useState<number>(0);
  const [down, setDown] = useState(false);
  const [preview, setPreview] = useState<Placement | null>(null);
  const [note, setNote] = useState('');
  // Undo: the placements before each change.
  const history = useRef<Array<Array<Placement | null>>>([]);
  const change = (list: Array<Placement | null>) => {
    history.current.push(placed);
    setPlaced(list);
  };
  // A drag in progress: which ship, where it was (to put back on a bad drop), and the grip offset.
  const drag = useRef<{ ship: number; from: Placement | null; dr: number; dc: number; down: boolean } | null>(null);

  const nextUnplaced = (list: Array<Placement | null>, after: number) => {
    for (let k = 1; k <= fleet.length; ++k) {
      const i = (after + k) % fleet.length;
      if (!list[i]) return i;
    }
    return after;
  };

  const put = (ship: number, p: Placement): boolean => {
    if (!fits(fleet, placed, ship, p)) {
      setNote(`The ${fleet[ship]!.name} does not fit at ${placementText(p)}.`);
      return false;
    }
    const list = placed.slice();
    list[ship] = p;
    change(list);
    setNote(`${fleet[ship]!.name} at ${placementText(p)}.`);
    // A ship newly placed hands over to the next one; a moved ship stays chosen (to rotate it).
    setChosen(placed[ship] ? ship : nextUnplaced(list, ship));
    return true;
  };

  const onPointer = (phase: PointerPhase, at: [number, number] | null) => {
    if (props.busy) return;
    if (phase === 'down') {
      if (!at) return;
      const under = shipAt(fleet, placed, at[0], at[1]);
      if (under >= 0) {
        const from = placed[under]!;
        drag.current = { ship: under, from, dr: at[0] - from.row, dc: at[1] - from.col, down: from.down };
        setChosen(under);
        setDown(from.down);
        setPreview(from);
      } else {
        drag.current = { ship: chosen, from: placed[chosen] ?? null, dr: 0, dc: 0, down };
        setPreview({ row: at[0], col: at[1], down });
      }
      return;
    }
    const d = drag.current;
    if (!d) return;
    const p = at ? { row: at[0] - d.dr, col: at[1] - d.dc, down: d.down } : null;
    if (phase === 'move') {
      setPreview(p);
    } else {
      drag.current = null;
      setPreview(null);
      if (phase === 'up' && p) put(d.ship, p);
    }
  };

  // Enter/Space, and clicks no press on the board began (the grid keeps a tap's click from here).
  const onActivate = (r: number, c: number) => {
    if (props.busy) return;
    const under = shipAt(fleet, placed, r, c);
    if (under >= 0 && under !== chosen) {
      setChosen(under);
      setDown(placed[under]!.down);
      return;
    }
    put(chosen, { row: r, col: c, down });
  };

  const rotate = () => {
    const next = !down;
    setDown(next);
    const p = placed[chosen];
    if (p) {
      const turned = { ...p, down: next };
      if (fits(fleet, placed, chosen, turned)) {
        const list = placed.slice();
        list[chosen] = turned;
        change(list);
        setNote(`${fleet[chosen]!.name} at ${placementText(turned)}.`);
      } else {
        setNote(`The ${fleet[chosen]!.name} has no room to turn there.`);
      }
    }
  };

  // What each cell shows: the placed ships (the dragged one at its preview spot) and the preview.
  const showing = placed.slice();
  if (preview && drag.current) showing[drag.current.ship] = null;
  const previewShip = drag.current?.ship ?? chosen;
  const previewOk = preview ? fits(fleet, showing, previewShip, preview) : false;
  const previewCells = new Set(
    preview ? placementCells(preview, fleet[previewShip]!.length).map(([r, c]) => `${r},${c}`) : [],
  );

  // Each ship's symbol in the edition (▲ for the carrier ...), as on the sea during the game.
  const mark = (ship: string) => lookOf(props.edition, ship)?.symbol ?? shipMark(ship);

  const cell = (r: number, c: number) => {
    const name = colLetterCell(r, c);
    const i = shipAt(fleet, showing, r, c);
    if (previewCells.has(`${r},${c}`)) {
      return {
        text: previewOk ? mark(fleet[previewShip]!.name) : '✕',
        className: previewOk ? 'ship preview' : 'invalid',
        label: `${name}, ${fleet[previewShip]!.name} here${previewOk ? '' : ', does not fit'}`,
      };
    }
    if (i >= 0) {
      // Drawn as it will be in the game (PartyBoard): a hull in the edition's colour and symbol.
      const ship = fleet[i]!;
      const cells = placementCells(showing[i]!, ship.length).map(([cr, cc]) => colLetterCell(cr, cc));
      return {
        text: mark(ship.name),
        className: `ship pn-ship pn-ship-${i} ${hullClass(cells, name, parseColLetterCell)}`,
        label: `${name}, ${ship.name}`,
      };
    }
    return { text: '', label: `${name}, water` };
  };

  const all = placed.every((p) => p);
  return (
    <div class="pt-place">
      <p class="pt-status">
        Place your six ships: choose a ship, then tap or drag it onto the sea. Columns A–F, rows 1–6.
      </p>
      <div class="pt-place-main">
        <div class={`pt-place-board marks pn-${editionOf(props.edition).key}`}>
          <Grid
            label="Your sea: placement"
            testId="party-placement"
            rows={SIZE}
            cols={SIZE}
            rowHeader={(r) => String(r + 1)}
            colHeader={(c) => letter(c)}
            cellName={colLetterCell}
            cell={cell}
            onActivate={onActivate}
            onPointer={onPointer}
            onKey={(e) => {
              if (e.key === 'r' || e.key === 'R') {
                rotate();
                return true;
              }
              return false;
            }}
            captureTouch
          />
        </div>
        <div class="pt-ships">
          <ul role="list" aria-label="Ships to place">
            {fleet.map((s, i) => (
              <li key={s.name}>
                <button
                  type="button"
                  class={'pt-ship' + (i === chosen ? ' chosen' : '') + (placed[i] ? ' placed' : '')}
                  aria-pressed={i === chosen}
                  disabled={props.busy}
                  data-ship={s.name}
                  onClick={() => {
                    setChosen(i);
                    if (placed[i]) setDown(placed[i]!.down);
                  }}
                >
                  <span aria-hidden="true">{mark(s.name).repeat(s.length)}</span> {s.name} ({s.length})
                  {placed[i] ? ` — ${placementText(placed[i]!)}` : ' — not placed'}
                </button>
              </li>
            ))}
          </ul>
          <div class="pt-buttons">
            <button type="button" disabled={props.busy} onClick={rotate}>
              Rotate ({down ? 'down' : 'across'})
            </button>
            <button
              type="button"
              disabled={props.busy}
              onClick={() => {
                change(randomFleet(fleet));
                setNote('A random fleet.');
              }}
            >
              Random
            </button>
            <button
              type="button"
              disabled={props.busy}
              onClick={() => {
                change(fleet.map(() => null));
                setChosen(0);
                setNote('Cleared.');
              }}
            >
              Clear
            </button>
            <button
              type="button"
              disabled={props.busy || history.current.length === 0}
              onClick={() => {
                const before = history.current.pop();
                if (!before) return;
                setPlaced(before);
                const i = before.findIndex((p) => !p);
                if (i >= 0) setChosen(i);
                setNote('Undone.');
              }}
            >
              Undo
            </button>
            <button
              type="button"
              class="primary"
              disabled={props.busy || !all}
              onClick={() => props.onLockIn((placed as Placement[]).map(placementText))}
            >
              Lock in
            </button>
          </div>
          <p class="pt-note" aria-live="polite">
            {note}
          </p>
        </div>
      </div>
    </div>
  );
}
