"""Drawing the panels: the renderer interface, the procedural and Hugging Face renderers, the page layout."""
