"""The baseline for the cold-start benchmark: a bare MCPServer with one tool, started like server.py."""

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("bare")


@mcp.tool()
def ping() -> str:
    """Answer pong."""
    return "pong"


if __name__ == "__main__":
    mcp.run("stdio")
