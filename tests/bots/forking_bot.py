#!/usr/bin/env python3
"""Test bot: starts a grandchild that would outlive it, then times out."""
import subprocess
import sys
import time

subprocess.Popen(["sleep", "300"])
for line in sys.stdin:
    if '"act"' in line:
        time.sleep(30)
