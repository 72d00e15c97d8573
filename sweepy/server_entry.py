"""`sweepy serve`: the same stdio server as `python server.py`, from an installed package (no server.py needed)."""

from .mcp.server import main as serve

__all__ = ["serve"]
