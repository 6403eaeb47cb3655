// The default decks, compiled in so that a `broadside` binary copied anywhere still has them.
// The text is exactly data/decks/royale-standard.json and royale-advanced.json; a test checks
// that they have not drifted apart (regenerate this file from the JSON if they have).
#include "games/royale/deck.h"

namespace broadside::royale {

namespace {

constexpr const char* kStandard = R"deck(
{
  "format": "broadside-royale-deck",
  "version": 1,
  "mode": "standard",
  "name": "Broadside default Standard deck",
  "about": "Our own design (Hasbro's card coordinates are not public): 30 ship cards, 7 Patrol Boats, 6 Destroyers, 6 Submarines, 6 Battleships, 5 Aircraft Carriers, no two sharing a coordinate; they cover 99 of the 100 cells and leave B9 empty, as in the rules' example. See docs/rules/royale.md.",
  "cards": [
    {"id": "S01", "ship": "Submarine", "cells": ["A1", "B1", "C1"]},
    {"id": "S02", "ship": "Destroyer", "cells": ["A2", "A3", "A4"]},
    {"id": "S03", "ship": "Patrol Boat", "cells": ["A5", "B5"]},
    {"id": "S04", "ship": "Battleship", "cells": ["A6", "B6", "C6", "D6"]},
    {"id": "S05", "ship": "Destroyer", "cells": ["A7", "A8", "A9"]},
    {"id": "S06", "ship": "Battleship", "cells": ["A10", "B10", "C10", "D10"]},
    {"id": "S07", "ship": "Submarine", "cells": ["B2", "B3", "B4"]},
    {"id": "S08", "ship": "Patrol Boat", "cells": ["B7", "C7"]},
    {"id": "S09", "ship": "Battleship", "cells": ["B8", "C8", "D8", "E8"]},
    {"id": "S10", "ship": "Aircraft Carrier", "cells": ["C2", "D2", "E2", "F2", "G2"]},
    {"id": "S11", "ship": "Destroyer", "cells": ["C3", "C4", "C5"]},
    {"id": "S12", "ship": "Aircraft Carrier", "cells": ["C9", "D9", "E9", "F9", "G9"]},
    {"id": "S13", "ship": "Submarine", "cells": ["D1", "E1", "F1"]},
    {"id": "S14", "ship": "Patrol Boat", "cells": ["D3", "D4"]},
    {"id": "S15", "ship": "Battleship", "cells": ["D5", "E5", "F5", "G5"]},
    {"id": "S16", "ship": "Battleship", "cells": ["D7", "E7", "F7", "G7"]},
    {"id": "S17", "ship": "Battleship", "cells": ["E3", "F3", "G3", "H3"]},
    {"id": "S18", "ship": "Destroyer", "cells": ["E4", "F4", "G4"]},
    {"id": "S19", "ship": "Aircraft Carrier", "cells": ["E6", "F6", "G6", "H6", "I6"]},
    {"id": "S20", "ship": "Patrol Boat", "cells": ["E10", "F10"]},
    {"id": "S21", "ship": "Patrol Boat", "cells": ["F8", "G8"]},
    {"id": "S22", "ship": "Submarine", "cells": ["G1", "H1", "I1"]},
    {"id": "S23", "ship": "Destroyer", "cells": ["G10", "H10", "I10"]},
    {"id": "S24", "ship": "Patrol Boat", "cells": ["H2", "I2"]},
    {"id": "S25", "ship": "Patrol Boat", "cells": ["H4", "H5"]},
    {"id": "S26", "ship": "Submarine", "cells": ["H7", "H8", "H9"]},
    {"id": "S27", "ship": "Destroyer", "cells": ["I3", "I4", "I5"]},
    {"id": "S28", "ship": "Submarine", "cells": ["I7", "I8", "I9"]},
    {"id": "S29", "ship": "Aircraft Carrier", "cells": ["J1", "J2", "J3", "J4", "J5"]},
    {"id": "S30", "ship": "Aircraft Carrier", "cells": ["J6", "J7", "J8", "J9", "J10"]}
  ]
}
)deck";

constexpr const char* kAdvanced = R"deck(
{
  "format": "broadside-royale-deck",
  "version": 1,
  "mode": "advanced",
  "name": "Broadside default Advanced deck",
  "about": "Our own design (Hasbro's card coordinates are not public): 24 ship cards (6 each of Patrol Boat, Destroyer, Battleship, Aircraft Carrier), no two sharing a coordinate, and 6 Submarine cards, no two sharing a coordinate, which may overlap ship cards. Bonus shots = length - 1 (the rules give the Battleship 3). Destroyer J7-J9 and Submarine H9-J9 overlap on J9; H10 and I7 are on no card, as in the rules' example. See docs/rules/royale.md.",
  "cards": [
    {"id": "R01", "ship": "Battleship", "bonus": 3, "cells": ["A1", "A2", "A3", "A4"]},
    {"id": "R02", "ship": "Patrol Boat", "bonus": 1, "cells": ["A6", "A7"]},
    {"id": "R03", "ship": "Patrol Boat", "bonus": 1, "cells": ["A9", "B9"]},
    {"id": "R04", "ship": "Patrol Boat", "bonus": 1, "cells": ["A10", "B10"]},
    {"id": "R05", "ship": "Patrol Boat", "bonus": 1, "cells": ["B3", "B4"]},
    {"id": "R06", "ship": "Battleship", "bonus": 3, "cells": ["B5", "B6", "B7", "B8"]},
    {"id": "R07", "ship": "Patrol Boat", "bonus": 1, "cells": ["C1", "D1"]},
    {"id": "R08", "ship": "Aircraft Carrier", "bonus": 4, "cells": ["C3", "C4", "C5", "C6", "C7"]},
    {"id": "R09", "ship": "Patrol Boat", "bonus": 1, "cells": ["C9", "C10"]},
    {"id": "R10", "ship": "Aircraft Carrier", "bonus": 4, "cells": ["D2", "E2", "F2", "G2", "H2"]},
    {"id": "R11", "ship": "Aircraft Carrier", "bonus": 4, "cells": ["D4", "E4", "F4", "G4", "H4"]},
    {"id": "R12", "ship": "Battleship", "bonus": 3, "cells": ["D5", "E5", "F5", "G5"]},
    {"id": "R13", "ship": "Battleship", "bonus": 3, "cells": ["D6", "D7", "D8", "D9"]},
    {"id": "R14", "ship": "Destroyer", "bonus": 2, "cells": ["E1", "F1", "G1"]},
    {"id": "R15", "ship": "Battleship", "bonus": 3, "cells": ["E3", "F3", "G3", "H3"]},
    {"id": "R16", "ship": "Battleship", "bonus": 3, "cells": ["E6", "F6", "G6", "H6"]},
    {"id": "R17", "ship": "Destroyer", "bonus": 2, "cells": ["E8", "F8", "G8"]},
    {"id": "R18", "ship": "Aircraft Carrier", "bonus": 4, "cells": ["E9", "F9", "G9", "H9", "I9"]},
    {"id": "R19", "ship": "Destroyer", "bonus": 2, "cells": ["E10", "F10", "G10"]},
    {"id": "R20", "ship": "Destroyer", "bonus": 2, "cells": ["F7", "G7", "H7"]},
    {"id": "R21", "ship": "Destroyer", "bonus": 2, "cells": ["H1", "I1", "J1"]},
    {"id": "R22", "ship": "Aircraft Carrier", "bonus": 4, "cells": ["I2", "I3", "I4", "I5", "I6"]},
    {"id": "R23", "ship": "Aircraft Carrier", "bonus": 4, "cells": ["J2", "J3", "J4", "J5", "J6"]},
    {"id": "R24", "ship": "Destroyer", "bonus": 2, "cells": ["J7", "J8", "J9"]},
    {"id": "U1", "ship": "Submarine", "submarine": true, "cells": ["A2", "A3", "A4"]},
    {"id": "U2", "ship": "Submarine", "submarine": true, "cells": ["B4", "B5", "B6"]},
    {"id": "U3", "ship": "Submarine", "submarine": true, "cells": ["B7", "C7", "D7"]},
    {"id": "U4", "ship": "Submarine", "submarine": true, "cells": ["F3", "G3", "H3"]},
    {"id": "U5", "ship": "Submarine", "submarine": true, "cells": ["H9", "I9", "J9"]},
    {"id": "U6", "ship": "Submarine", "submarine": true, "cells": ["I4", "I5", "I6"]}
  ]
}
)deck";

}  // namespace

const char* default_deck_text(Mode mode) {
    return mode == Mode::kStandard ? kStandard : kAdvanced;
}

}  // namespace broadside::royale
