#!/usr/bin/env python3
"""Test bot: answers with text that is not an action."""
import sys

for line in sys.stdin:
    if '"act"' in line:
        print("I like turtles \x01\x02", flush=True)
