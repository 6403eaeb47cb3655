// The party game's two editions as the host screen shows them: each ship's themed name, its
// colour and a symbol (so that nothing is told by colour alone). The themes are the rulings of
// docs/rules/party.md; the protocol itself always uses the seed's ship names.

export interface ShipLook {
  /** The seed's name, as the protocol writes it. */
  ship: string;
  length: number;
  theme: string;
  /** The colour's name (as the engine's observation `colour`) and a CSS colour. */
  colour: string;
  css: string;
  /** A text colour readable on `css`. */
  ink: string;
  symbol: string;
}

export interface Edition {
  key: 'rainbow' | 'european';
  title: string;
  ships: ShipLook[];
}

const SHIPS: Array<[string, number, string]> = [
  ['Aircraft Carrier', 5, '▲'],
  ['Battleship', 4, '▼'],
  ['Cruiser', 3, '●'],
  ['Submarine', 3, '◆'],
  ['Destroyer', 2, '▶'],
  ['Patrol Boat', 1, '✚'],
];

function edition(key: Edition['key'], title: string, looks: Array<[string, string, string, string]>): Edition {
  return {
    key,
    title,
    ships: SHIPS.map(([ship, length, symbol], i) => {
      const [theme, colour, css, ink] = looks[i]!;
      return { ship, length, symbol, theme, colour, css, ink };
    }),
  };
}

export const EDITIONS: Record<string, Edition> = {
  rainbow: edition('rainbow', 'Rainbow Armada', [
    ['Red Aircraft Carrier', 'red', '#d7263d', '#fff'],
    ['Orange Battleship', 'orange', '#f77f00', '#000'],
    ['Yellow Cruiser', 'yellow', '#fcd116', '#000'],
    ['Green Submarine', 'green', '#2a9d3f', '#fff'],
    ['Blue Destroyer', 'blue', '#1f6fd1', '#fff'],
    ['Violet Patrol Boat', 'violet', '#7b3fb5', '#fff'],
  ]),
  european: edition('european', 'European Navy', [
    ['British Aircraft Carrier', 'navy blue', '#012169', '#fff'],
    ['French Battleship', 'blue', '#0055a4', '#fff'],
    ['German Cruiser', 'gold', '#ffce00', '#000'],
    ['Italian Submarine', 'green', '#008c45', '#fff'],
    ['Spanish Destroyer', 'red', '#c60b1e', '#fff'],
    ['Dutch Patrol Boat', 'orange', '#ff7f00', '#000'],
  ]),
};

export function editionOf(key: string | undefined): Edition {
  return EDITIONS[key ?? 'rainbow'] ?? EDITIONS['rainbow']!;
}

/** The look of a ship by the seed's name, in an edition. */
export function lookOf(edition: string | undefined, ship: string): ShipLook | undefined {
  return editionOf(edition).ships.find((s) => s.ship === ship);
}
