"""Start server.py's MCP server from the installed `sweepy serve` command (the same server as `python server.py`)."""

import runpy

from .paths import INSTALL_DIR


def serve() -> None:
    runpy.run_path(str(INSTALL_DIR / "server.py"), run_name="__main__")
