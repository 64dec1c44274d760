"""`python app.py …` run inside the test process: the same `main`, its output and exit code, without the
two seconds a fresh interpreter spends importing. A few tests still start a real process (exit codes
through the shell, standard input, what a cold start imports); the rest of the CLI's tests use this."""

from __future__ import annotations

import io
import logging
import os
import subprocess
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

from services.cli.main import main


def run_cli(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """What `subprocess.run([python, app.py, *args])` would give, with COMIC_DATA_DIR set to `data_dir`."""
    out, err = io.StringIO(), io.StringIO()
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    # gc.freeze() spares a process's last collection; here the process goes on.
    with mock.patch.dict(os.environ, {"COMIC_DATA_DIR": str(data_dir)}), mock.patch("gc.freeze"), \
            redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as leaving:  # argparse: --help, or an unknown option
            code = leaving.code if isinstance(leaving.code, int) else int(leaving.code is not None)
        finally:
            for handler in set(root.handlers) - set(handlers):
                root.removeHandler(handler)
            root.setLevel(level)
    return subprocess.CompletedProcess(["app.py", *args], code, out.getvalue(), err.getvalue())
