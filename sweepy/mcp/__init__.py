"""The face: the MCP server on the SDK's low-level Server (server: one generic body per tool of
sweepy.service.tools, and the face hooks), the envelope, the tool table and the outputSchema of each answer model
(protocol), prompts and resources. It calls the service layer and nothing below it."""
