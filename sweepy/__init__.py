"""Sweepy: sweep job boards, filter, deduplicate, score and report, for an AI assistant over MCP."""

__version__ = "0.1.0"
