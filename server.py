"""Sweepy's MCP server on stdio: the file an MCP host registers. The server itself is sweepy.mcp.server."""

from sweepy.mcp.server import main

if __name__ == "__main__":
    main()
