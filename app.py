"""Bayko & Brown: a comic studio. `python app.py` serves the web studio; `python app.py --help` lists commands.

This file only wires: the CLI and the web UI call the same studio actions.
"""

from __future__ import annotations

import sys

from services.cli.main import main

if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # the reader went away (`| head`): nothing left to say
        sys.stderr.close()
        sys.exit(0)
