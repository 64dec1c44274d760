"""The command line: one front door to the studio (it never imports Gradio unless it serves the web page)."""
