"""Runs every ```python block of docs/python.md as a script file, the way a user runs it.

Each block is written to its own file and run by this Python in a fresh process (`python3
example.py`), not exec'd inside pytest: a block that only works inside pytest's process (a Dask
cluster started without `if __name__ == "__main__":` restarts its workers forever when the
script is re-imported by them) must fail here as it fails for a user.
"""

import os
import pathlib
import re
import subprocess
import sys

import pytest

import broadside

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
# Where this process found the module: the scripts find it there too.
MODULE_DIR = str(pathlib.Path(broadside.__file__).resolve().parents[1])


def test_the_guide_has_its_four_examples():
    assert len(BLOCKS) == 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs_as_a_script(index, tmp_path):
    script = tmp_path / f"example{index + 1}.py"
    script.write_text(BLOCKS[index])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (MODULE_DIR, env.get("PYTHONPATH")) if p)
    try:
        run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"docs/python.md block {index + 1} did not finish in 120 s as a script:\n"
                    f"{(e.stderr or b'')[-2000:]!r}")
    assert run.returncode == 0, (f"docs/python.md block {index + 1} failed as a script:\n"
                                 f"{run.stderr[-3000:]}")
    assert run.stdout.strip(), f"docs/python.md block {index + 1} printed nothing"
