#!/usr/bin/env python3
"""A complete Broadside bot for classic Battleship and Salvo, using only the standard library.

The referee starts this program once and talks to it over stdin/stdout, one JSON object per
line (docs/protocol.md, "The bot side"):

  {"type": "start", ...}   a game begins: which game, the options, our seat
  {"type": "act", ...}     our turn: our observation and the legal actions; answer one line
                           {"action": ...} within "time_ms" milliseconds
  {"type": "rejected"...}  our last action was illegal (the referee decides what happens)
  {"type": "end", ...}     the game is over

Run it:  broadside referee --game classic --seat "python3 examples/bots/random_bot.py" \
             --seat builtin:density --games 10
"""
import json
import random
import sys

ROWS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_name(row, col):
    """Row 0, column 0 is "A1"."""
    return f"{ROWS[row]}{col + 1}"


def random_fleet(board, ships, no_touch):
    """Places each ship at random, starting over whenever a ship does not fit."""
    while True:
        taken = set()
        placements = []
        for ship in ships:
            for _attempt in range(100):
                down = random.random() < 0.5
                length = ship["length"]
                rows = board["rows"] - (length - 1 if down else 0)
                cols = board["cols"] - (0 if down else length - 1)
                if rows <= 0 or cols <= 0:
                    continue
                r, c = random.randrange(rows), random.randrange(cols)
                cells = [(r + i, c) if down else (r, c + i) for i in range(length)]
                # With no_touch, the cells around a ship are off limits too.
                blocked = {(y + dy, x + dx) for y, x in cells
                           for dy in (-1, 0, 1) for dx in (-1, 0, 1)} if no_touch else set(cells)
                if taken.isdisjoint(blocked if no_touch else cells):
                    taken.update(cells)
                    placements.append(f"{cell_name(r, c)} {'down' if down else 'right'}")
                    break
            else:
                break  # this ship did not fit: start the whole fleet again
        if len(placements) == len(ships):
            return placements


def choose(request):
    """Picks an action from the legal actions the referee sent."""
    legal = request["legal"]
    if legal["type"] == "place":
        board = request["observation"]["board"]
        return {"type": "place",
                "ships": random_fleet(board, legal["ships"], legal["no_touch"])}
    if legal["count"] == 0 and legal.get("weapons"):
        # With the weapons option, a player whose enemy survives only on captured prizes has no
        # cell left to fire at; any usable weapon will do (docs/rules/weapons.md).
        weapon = legal["weapons"][0]
        action = {"type": weapon}
        if weapon in ("nuke", "bomber", "torpedo"):
            action["cell"] = "A1"
        if weapon == "torpedo":
            action["heading"] = "down"
        return action
    # Fire: "count" different cells from the cells not yet fired at. (This bot never uses the
    # optional weapons; docs/protocol.md, "Weapons", has their forms.)
    return {"type": "fire", "cells": random.sample(legal["cells"], legal["count"])}


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "act":
            print(json.dumps({"action": choose(message)}), flush=True)
        # "start", "rejected" and "end" need no answer.


if __name__ == "__main__":
    main()
