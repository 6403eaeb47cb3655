#!/usr/bin/env python3
"""Test bot that answers one `act` late: `--late N` (default 1, the first) sleeps `--delay`
seconds (default 1.5) before answering the Nth `act` it receives; every other `act` it answers at
once, like the example bot. With --move-ms 500 the first act's 2 s of start-up grace covers the
delay, and any later act's budget does not."""
import json
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/examples/bots")
import random_bot  # noqa: E402  (the example bot's placement and shots)


def option(name, default):
    return float(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


late, delay = int(option("--late", 1)), option("--delay", 1.5)
acts = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "act":
        continue
    acts += 1
    if acts == late:
        time.sleep(delay)
    print(json.dumps({"action": random_bot.choose(message)}), flush=True)
