#!/usr/bin/env python3
"""Test bot: places legally, then fires at A1 every turn (illegal from its second shot on)."""
import json
import sys

sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/examples/bots")
import random_bot  # noqa: E402  (the example bot's placement)

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "act":
        continue
    if message["legal"]["type"] == "place":
        action = random_bot.choose(message)
    else:
        action = {"type": "fire", "cells": ["A1"] * message["legal"]["count"]}
    print(json.dumps({"action": action}), flush=True)
