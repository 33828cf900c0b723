"""DetACT's tools for agents over the Model Context Protocol (``detact mcp``)."""
