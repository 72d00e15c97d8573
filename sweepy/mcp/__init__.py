"""The face: the MCP server on the SDK's low-level Server (server), the envelope and the tool table (protocol,
tools), each tool's argument model (arguments) and the outputSchema of its answer model (payloads; the models
are the service's), prompts and resources. It calls the service layer and nothing below it."""
