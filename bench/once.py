"""Run one measured bench script (`bench/<name>.py`) in a fresh process and return the JSON it prints."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent


def measure(script: str, *args: object, env: dict[str, str] | None = None) -> dict[str, Any]:
    """`env`: the process's environment (None: this one's), e.g. PYTHONPATH naming the tree to measure."""
    done = subprocess.run([sys.executable, str(BENCH / script), *map(str, args)],
                          capture_output=True, text=True, check=True, env=env)  # fmt: skip
    result: dict[str, Any] = json.loads(done.stdout)
    return result
