"""The Gradio studio: its page, handlers, views, API endpoints and MCP tool (a front door)."""
