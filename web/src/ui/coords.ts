// Cell names. Classic, Salvo and Royale name a cell row letter + column number ("B7", rows from
// A); the party game is the other way round: column letter A-F + row number 1-6 ("A1 right" runs
// along row 1). Both use 0-based (row, col) inside the client.

export const letter = (i: number): string => String.fromCharCode(65 + i);

/** "B7" for row 1, column 6 (classic, Salvo, Royale). */
export function rowLetterCell(row: number, col: number): string {
  return letter(row) + String(col + 1);
}

/** The (row, col) of a classic-style cell name, or null. */
export function parseRowLetterCell(name: string): [number, number] | null {
  const m = /^([A-Z])(\d{1,2})$/.exec(name.trim().toUpperCase());
  if (!m) return null;
  return [m[1]!.charCodeAt(0) - 65, Number(m[2]) - 1];
}

/** "A1" for row 0, column 0 of the party game (column letter, row number). */
export function colLetterCell(row: number, col: number): string {
  return letter(col) + String(row + 1);
}

export function parseColLetterCell(name: string): [number, number] | null {
  const m = /^([A-Z])(\d{1,2})$/.exec(name.trim().toUpperCase());
  if (!m) return null;
  return [Number(m[2]) - 1, m[1]!.charCodeAt(0) - 65];
}

/** The cells a ship covers from its placement ("A1 right" / "C3 down"), with a cell namer. */
export function shipCells(
  row: number,
  col: number,
  length: number,
  down: boolean,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < length; ++i) out.push(down ? [row + i, col] : [row, col + i]);
  return out;
}
