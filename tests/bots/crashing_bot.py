#!/usr/bin/env python3
"""Test bot: exits as soon as it is asked to act."""
import sys

for line in sys.stdin:
    if '"act"' in line:
        sys.exit(3)
