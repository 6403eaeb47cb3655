// The browser leak scan (issue 29): what a player's page holds — every WebSocket frame it
// received, its DOM (markup, aria-labels, titles, text) and its storage — must not tell the
// other seats' secret cells from water. Secrets are compared cell by cell, not by id strings.
//
// The rule, for each other seat k with secret cells fleet_k (its unhit ships, or the unsunk cards
// it holds) on a board of known cells, where `shot` are the cells already public:
// - a frame or storage value is walked as JSON; every string and every array of strings is a
//   "claim": the set of cell names it names (a placement such as "B2 down" names the cells the
//   ship covers, given the lengths). A claim leaks when it names an unshot cell of fleet_k and no
//   unshot water of k: it singles out ship cells (a list of legal targets names water as well,
//   so it does not). A claim inside the viewer's own cells is the viewer's own fleet, not k's.
// - the DOM's cells ([data-cell]) are compared by signature (aria-label, title, class and text,
//   with the cell's own name taken out), grid by grid: among the unshot cells that are not the
//   viewer's own, a signature that a cell of fleet_k wears and no water of k in the same grid
//   does tells them apart: a leak. (A grid with no unshot water left has nothing to compare.)
// - the rest of the DOM (text, aria-labels and titles outside the cells, the page's title) is
//   checked as claims, like a frame.
import type { Page, WebSocket as PwSocket } from '@playwright/test';

export interface Secret {
  /** Every cell of the board (e.g. A1..J10). */
  cells: string[];
  /** Cells already public (shot by anyone, or called). */
  shot: Set<string>;
  /** The viewer's own cells (its ships or cards): claims inside them are its own. */
  own: Set<string>;
  /** The viewer's own placements ("A1 right"): the strings of its own fleet, never a leak. */
  ownPlacements?: string[];
  /** Per other seat, the cells of its still secret ships or cards. */
  fleets: Map<number, Set<string>>;
  /** Which part of a cell's name grows going "right": the number (classic), the letter (party). */
  right?: 'number' | 'letter';
  /** Strings the same for every seat whatever the fleets (e.g. the party's placement rule). */
  isPublic?: (s: string) => boolean;
}

export interface Snapshot {
  where: string;
  frames: string[];
  storage: string[];
  domCells: Array<{ cell: string; sig: string }>;
  domTexts: string[];
}

const dirs: Record<string, [number, number]> = { right: [1, 0], down: [0, 1], left: [-1, 0], up: [0, -1] };

// A cell is its row's letter and its column's number (docs/rules/classic.md): "right" goes along
// the row (the number grows), "down" along the column (the letter grows).
const row = (c: string) => c.charCodeAt(0) - 65;
const name = (x: number, y: number) => String.fromCharCode(65 + y) + String(x + 1);

/** The cells a string names by their names (A1, J10), and its placements ("B2 down"). */
export function cellsNamed(s: string, board: Set<string>): { named: Set<string>; placements: Array<[string, [number, number]]> } {
  const named = new Set<string>();
  const placements: Array<[string, [number, number]]> = [];
  for (const m of s.matchAll(/\b([A-Z])(\d{1,2})\b(?:\s+(right|down|left|up))?/g)) {
    const c = m[1]! + m[2]!;
    if (!board.has(c)) continue;
    named.add(c);
    if (m[3]) placements.push([c, dirs[m[3]]!]);
  }
  return { named, placements };
}

/** The cells a ship of `length` placed at `first` heading `d` covers (those on the board). */
function covered(first: string, d: [number, number], length: number, board: Set<string>, right: 'number' | 'letter'): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < length; ++i) {
    const [across, down] = right === 'number' ? [d[0], d[1]] : [d[1], d[0]];
    const n = name(Number(first.slice(1)) - 1 + across * i, row(first) + down * i);
    if (board.has(n)) out.add(n);
  }
  return out;
}

function claims(value: unknown, out: string[][]): void {
  if (typeof value === 'string') {
    out.push([value]);
    // Storage and frames may hold JSON inside a string.
    if (/^[[{]/.test(value.trim())) {
      try {
        claims(JSON.parse(value), out);
      } catch {
        /* not JSON: the string itself is the claim */
      }
    }
  } else if (Array.isArray(value)) {
    const strings = value.filter((v): v is string => typeof v === 'string');
    if (strings.length > 0) out.push(strings);
    for (const v of value) if (typeof v !== 'string') claims(v, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([k]);
      claims(v, out);
    }
  }
}

// The legal placement's `format`, the same sentence for every seat ("e.g. \"A1 right\""): its
// example cells are no claim about anyone's fleet.
const placementRule = /^one placement per ship/;

/**
 * What leaks in one snapshot: a sentence per leak, empty when nothing does. `lengths` are the
 * ship lengths a placement string may have (its length is not in the string).
 */
export function findLeaks(snap: Snapshot, secret: Secret, lengths: number[] = [1]): string[] {
  const board = new Set(secret.cells);
  const found: string[] = [];
  const leaks = (cells: Set<string>, fleet: Set<string>): string[] => {
    if ([...cells].every((c) => secret.own.has(c))) return []; // the viewer's own
    const unshot = [...cells].filter((c) => !secret.shot.has(c));
    const ships = unshot.filter((c) => fleet.has(c) && !secret.own.has(c));
    const water = unshot.filter((c) => !fleet.has(c));
    return ships.length > 0 && water.length === 0 ? ships : [];
  };
  const judge = (all: string[], what: string) => {
    const strings = all.filter((s) => !placementRule.test(s) && !secret.isPublic?.(s));
    const named = new Set<string>();
    const placements: Array<[string, [number, number]]> = [];
    for (const s of strings) {
      // The viewer's own placements are its own fleet: taken out of the string before judging.
      const rest = (secret.ownPlacements ?? []).reduce((t, p) => t.split(p).join(' '), s);
      const n = cellsNamed(rest, board);
      for (const c of n.named) named.add(c);
      placements.push(...n.placements);
    }
    for (const [seat, fleet] of secret.fleets) {
      const candidates = [named];
      for (const [first, d] of placements) {
        for (const l of new Set(lengths)) candidates.push(covered(first, d, l, board, secret.right ?? 'number'));
      }
      for (const cells of candidates) {
        const ships = leaks(cells, fleet);
        if (ships.length > 0) {
          found.push(`${snap.where}: ${what} names seat ${seat}'s unshot ship cells ${ships.join(' ')}: ${strings.join(' | ').slice(0, 200)}`);
          return;
        }
      }
    }
  };
  const walk = (text: string, what: string) => {
    const out: string[][] = [];
    claims(text, out);
    for (const c of out) judge(c, what);
  };
  for (const f of snap.frames) walk(f, 'a frame');
  for (const s of snap.storage) walk(s, 'storage');
  for (const t of snap.domTexts) judge([t], 'the DOM');
  // Cells are compared within their grid (the signature starts with it), and only where the grid
  // still has unshot water to compare with: late in a game every unshot cell of a grid may be a
  // ship, and then no signature can tell ship from water.
  const gridOf = (sig: string) => sig.split(' ; ')[0]!;
  const open = (d: { cell: string }) => board.has(d.cell) && !secret.shot.has(d.cell) && !secret.own.has(d.cell);
  for (const [seat, fleet] of secret.fleets) {
    const water = new Map<string, Set<string>>();
    for (const d of snap.domCells.filter((d) => open(d) && !fleet.has(d.cell))) {
      const g = gridOf(d.sig);
      if (!water.has(g)) water.set(g, new Set());
      water.get(g)!.add(d.sig);
    }
    for (const d of snap.domCells) {
      if (!open(d) || !fleet.has(d.cell)) continue;
      const w = water.get(gridOf(d.sig));
      if (w && !w.has(d.sig)) found.push(`${snap.where}: the DOM draws seat ${seat}'s unshot ship cell ${d.cell} unlike water: ${d.sig}`);
    }
  }
  return found;
}

/** Records every frame the page receives from now on (call before the page opens its socket). */
export function captureFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws: PwSocket) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  return frames;
}

/** The page as it stands: frames so far (a copy), storage, the DOM's cells and its texts. */
export async function snapshot(page: Page, frames: string[], where: string): Promise<Snapshot> {
  const inPage = await page.evaluate(() => {
    const storage: string[] = [];
    for (const s of [localStorage, sessionStorage]) {
      for (let i = 0; i < s.length; ++i) {
        const k = s.key(i)!;
        storage.push(k, s.getItem(k) ?? '');
      }
    }
    const domCells: Array<{ cell: string; sig: string }> = [];
    const strip = (s: string | null, cell: string) => (s ?? '').split(cell).join('#');
    for (const el of Array.from(document.querySelectorAll('[data-cell]'))) {
      const cell = el.getAttribute('data-cell')!;
      // Which grid the cell is in, so a signature is compared within its own kind of board.
      const grid = el.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      const inner = Array.from(el.querySelectorAll('[title],[aria-label]'))
        .map((e) => `${e.getAttribute('title') ?? ''}/${e.getAttribute('aria-label') ?? ''}`)
        .join(',');
      const sig = [grid, el.getAttribute('aria-label'), el.getAttribute('title'), el.getAttribute('class'), el.textContent, inner]
        .map((s) => strip(s, cell))
        .join(' ; ');
      domCells.push({ cell, sig });
    }
    const domTexts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const inCell = (n.parentElement as Element | null)?.closest('[data-cell]');
        if (!inCell && n.textContent?.trim()) domTexts.push(n.textContent);
      } else {
        const el = n as Element;
        if (el.closest('[data-cell]')) continue;
        for (const a of ['aria-label', 'title', 'alt', 'data-text', 'value']) {
          const v = el.getAttribute(a);
          if (v) domTexts.push(v);
        }
      }
    }
    return { storage, domCells, domTexts };
  });
  // page.content() as well: markup outside the cells that no text node shows (e.g. <meta>).
  const html = await page.content();
  const markup = html.replace(/<[^>]*data-cell[^>]*>/g, '');
  return { where, frames: [...frames], storage: inPage.storage, domCells: inPage.domCells, domTexts: [...inPage.domTexts, ...markupAttrs(markup)] };
}

function markupAttrs(html: string): string[] {
  return [...html.matchAll(/\s(?:content|title|aria-label)="([^"]*)"/g)].map((m) => m[1]!);
}

/** Every cell of a rows x cols board. */
export function boardCells(rows: number, cols: number): string[] {
  const out: string[] = [];
  for (let y = 0; y < rows; ++y) for (let x = 0; x < cols; ++x) out.push(name(x, y));
  return out;
}

/** The cells a fleet of placements covers, given each ship's length in order. */
export function fleetCells(placements: string[], lengths: number[], right: 'number' | 'letter' = 'number'): Set<string> {
  const out = new Set<string>();
  const board = new Set(boardCells(26, 26));
  placements.forEach((p, i) => {
    const m = /^([A-Z]\d+)\s+(right|down|left|up)$/.exec(p)!;
    for (const c of covered(m[1]!, dirs[m[2]!]!, lengths[i]!, board, right)) out.add(c);
  });
  return out;
}
