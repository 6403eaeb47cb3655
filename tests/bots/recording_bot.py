#!/usr/bin/env python3
"""Test bot that keeps a log: every message the referee sends it and every action it answers is
written to stderr as one JSON line ({"received": ...} or {"sent": ...}); `--save DIR` keeps that
as DIR/seatN.stderr. It plays classic and Salvo like the example bot, and the first legal choice
in the dice game (crew). With `--illegal` it fires at A1 every turn once its fleet is placed
(illegal from its second shot on), to see what the referee tells a bot that breaks the rules."""
import json
import random
import sys

sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/examples/bots")
import random_bot  # noqa: E402  (the example bot's placement and shots)

random.seed(1)


def log(entry):
    print(json.dumps(entry), file=sys.stderr, flush=True)


for line in sys.stdin:
    message = json.loads(line)
    log({"received": message})
    if message["type"] != "act":
        continue
    legal = message["legal"]
    if "--illegal" in sys.argv and legal.get("type") == "fire":
        action = {"type": "fire", "cells": ["A1"] * legal["count"]}
    else:
        action = legal["choices"][0] if "choices" in legal else random_bot.choose(message)
    log({"sent": action})
    print(json.dumps({"action": action}), flush=True)
