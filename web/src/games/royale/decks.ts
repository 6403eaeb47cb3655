// The default Royale decks (data/decks/royale-*.json, public by the rules: "the deck is public"),
// used to show the cells of every revealed hand at the end (the record names cards by id only).
// Generated from the JSON files; a room with a deck of its own uses options.deck instead.

export interface DeckCard {
  id: string;
  ship: string;
  cells: string[];
  bonus?: number;
  submarine?: boolean;
}

export const STANDARD_DECK: DeckCard[] = [
  { id: "S01", ship: "Submarine", cells: ["A1", "B1", "C1"] },
  { id: "S02", ship: "Destroyer", cells: ["A2", "A3", "A4"] },
  { id: "S03", ship: "Patrol Boat", cells: ["A5", "B5"] },
  { id: "S04", ship: "Battleship", cells: ["A6", "B6", "C6", "D6"] },
  { id: "S05", ship: "Destroyer", cells: ["A7", "A8", "A9"] },
  { id: "S06", ship: "Battleship", cells: ["A10", "B10", "C10", "D10"] },
  { id: "S07", ship: "Submarine", cells: ["B2", "B3", "B4"] },
  { id: "S08", ship: "Patrol Boat", cells: ["B7", "C7"] },
  { id: "S09", ship: "Battleship", cells: ["B8", "C8", "D8", "E8"] },
  { id: "S10", ship: "Aircraft Carrier", cells: ["C2", "D2", "E2", "F2", "G2"] },
  { id: "S11", ship: "Destroyer", cells: ["C3", "C4", "C5"] },
  { id: "S12", ship: "Aircraft Carrier", cells: ["C9", "D9", "E9", "F9", "G9"] },
  { id: "S13", ship: "Submarine", cells: ["D1", "E1", "F1"] },
  { id: "S14", ship: "Patrol Boat", cells: ["D3", "D4"] },
  { id: "S15", ship: "Battleship", cells: ["D5", "E5", "F5", "G5"] },
  { id: "S16", ship: "Battleship", cells: ["D7", "E7", "F7", "G7"] },
  { id: "S17", ship: "Battleship", cells: ["E3", "F3", "G3", "H3"] },
  { id: "S18", ship: "Destroyer", cells: ["E4", "F4", "G4"] },
  { id: "S19", ship: "Aircraft Carrier", cells: ["E6", "F6", "G6", "H6", "I6"] },
  { id: "S20", ship: "Patrol Boat", cells: ["E10", "F10"] },
  { id: "S21", ship: "Patrol Boat", cells: ["F8", "G8"] },
  { id: "S22", ship: "Submarine", cells: ["G1", "H1", "I1"] },
  { id: "S23", ship: "Destroyer", cells: ["G10", "H10", "I10"] },
  { id: "S24", ship: "Patrol Boat", cells: ["H2", "I2"] },
  { id: "S25", ship: "Patrol Boat", cells: ["H4", "H5"] },
  { id: "S26", ship: "Submarine", cells: ["H7", "H8", "H9"] },
  { id: "S27", ship: "Destroyer", cells: ["I3", "I4", "I5"] },
  { id: "S28", ship: "Submarine", cells: ["I7", "I8", "I9"] },
  { id: "S29", ship: "Aircraft Carrier", cells: ["J1", "J2", "J3", "J4", "J5"] },
  { id: "S30", ship: "Aircraft Carrier", cells: ["J6", "J7", "J8", "J9", "J10"] },
];

export const ADVANCED_DECK: DeckCard[] = [
  { id: "R01", ship: "Battleship", cells: ["A1", "A2", "A3", "A4"], bonus: 3 },
  { id: "R02", ship: "Patrol Boat", cells: ["A6", "A7"], bonus: 1 },
  { id: "R03", ship: "Patrol Boat", cells: ["A9", "B9"], bonus: 1 },
  { id: "R04", ship: "Patrol Boat", cells: ["A10", "B10"], bonus: 1 },
  { id: "R05", ship: "Patrol Boat", cells: ["B3", "B4"], bonus: 1 },
  { id: "R06", ship: "Battleship", cells: ["B5", "B6", "B7", "B8"], bonus: 3 },
  { id: "R07", ship: "Patrol Boat", cells: ["C1", "D1"], bonus: 1 },
  { id: "R08", ship: "Aircraft Carrier", cells: ["C3", "C4", "C5", "C6", "C7"], bonus: 4 },
  { id: "R09", ship: "Patrol Boat", cells: ["C9", "C10"], bonus: 1 },
  { id: "R10", ship: "Aircraft Carrier", cells: ["D2", "E2", "F2", "G2", "H2"], bonus: 4 },
  { id: "R11", ship: "Aircraft Carrier", cells: ["D4", "E4", "F4", "G4", "H4"], bonus: 4 },
  { id: "R12", ship: "Battleship", cells: ["D5", "E5", "F5", "G5"], bonus: 3 },
  { id: "R13", ship: "Battleship", cells: ["D6", "D7", "D8", "D9"], bonus: 3 },
  { id: "R14", ship: "Destroyer", cells: ["E1", "F1", "G1"], bonus: 2 },
  { id: "R15", ship: "Battleship", cells: ["E3", "F3", "G3", "H3"], bonus: 3 },
  { id: "R16", ship: "Battleship", cells: ["E6", "F6", "G6", "H6"], bonus: 3 },
  { id: "R17", ship: "Destroyer", cells: ["E8", "F8", "G8"], bonus: 2 },
  { id: "R18", ship: "Aircraft Carrier", cells: ["E9", "F9", "G9", "H9", "I9"], bonus: 4 },
  { id: "R19", ship: "Destroyer", cells: ["E10", "F10", "G10"], bonus: 2 },
  { id: "R20", ship: "Destroyer", cells: ["F7", "G7", "H7"], bonus: 2 },
  { id: "R21", ship: "Destroyer", cells: ["H1", "I1", "J1"], bonus: 2 },
  { id: "R22", ship: "Aircraft Carrier", cells: ["I2", "I3", "I4", "I5", "I6"], bonus: 4 },
  { id: "R23", ship: "Aircraft Carrier", cells: ["J2", "J3", "J4", "J5", "J6"], bonus: 4 },
  { id: "R24", ship: "Destroyer", cells: ["J7", "J8", "J9"], bonus: 2 },
  { id: "U1", ship: "Submarine", cells: ["A2", "A3", "A4"], submarine: true },
  { id: "U2", ship: "Submarine", cells: ["B4", "B5", "B6"], submarine: true },
  { id: "U3", ship: "Submarine", cells: ["B7", "C7", "D7"], submarine: true },
  { id: "U4", ship: "Submarine", cells: ["F3", "G3", "H3"], submarine: true },
  { id: "U5", ship: "Submarine", cells: ["H9", "I9", "J9"], submarine: true },
  { id: "U6", ship: "Submarine", cells: ["I4", "I5", "I6"], submarine: true },
];

/** The card with this id: from the room's own deck when it has one, else the default decks. */
export function findCard(id: string, deckOption: unknown): DeckCard | undefined {
  const own = (deckOption as { cards?: DeckCard[] } | null)?.cards;
  if (Array.isArray(own)) return own.find((c) => c.id === id);
  return STANDARD_DECK.find((c) => c.id === id) ?? ADVANCED_DECK.find((c) => c.id === id);
}
