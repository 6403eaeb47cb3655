#!/usr/bin/env python3
"""Test bot: never answers in time (sleeps past any budget)."""
import sys
import time

for line in sys.stdin:
    if '"act"' in line:
        time.sleep(30)
