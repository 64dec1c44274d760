"""Logging set up once, for both front doors: the agents' decision lines reach the console.

Brown and Bayko log what the spec has them print (request received, generation request
created, each evaluation with its decision and reason, panels generated) through Python
logging. `setup_logging` sends those lines to standard error at INFO; `--quiet` on the
command line or `COMIC_LOG_LEVEL` (a level name such as WARNING) turns them down.
"""

from __future__ import annotations

import logging
import sys

from services.settings import settings

LOG_LEVEL_ENV = "COMIC_LOG_LEVEL"
DEFAULT_LEVEL = logging.INFO
QUIET_LEVEL = logging.WARNING
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# Libraries that chatter at INFO (every HTTP request, every Memory table) stay at WARNING.
NOISY_LOGGERS = ("httpx", "httpcore", "urllib3", "sqlalchemy", "aiosqlite", "asyncio", "matplotlib", "PIL")
_HANDLER_NAME = "comic-studio-console"


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever `sys.stderr` is when a line is logged (tests and the CLI may swap it)."""

    @property
    def stream(self) -> object:
        return sys.stderr

    @stream.setter
    def stream(self, value: object) -> None:
        pass


def configured_level(quiet: bool = False) -> int:
    """The level asked for: `--quiet` wins, then `COMIC_LOG_LEVEL`, then INFO."""
    if quiet:
        return QUIET_LEVEL
    level = logging.getLevelName(settings().log_level)  # a bad name is refused by the settings (SettingsError)
    assert isinstance(level, int)
    return level


def setup_logging(quiet: bool = False, keep_existing: bool = False) -> int:
    """Send the studio's log lines to standard error at the configured level, once per process.

    Calling it again moves the level, unless `keep_existing` (the web app's start, after the CLI set it up).
    """
    root = logging.getLogger()
    handler = next((h for h in root.handlers if h.get_name() == _HANDLER_NAME), None)
    if handler is not None and keep_existing:
        return root.level
    level = configured_level(quiet)
    if handler is None:
        handler = _StderrHandler()
        handler.set_name(_HANDLER_NAME)
        handler.setFormatter(logging.Formatter(LOG_FORMAT, datefmt="%H:%M:%S"))
        root.addHandler(handler)
    root.setLevel(level)
    for name in NOISY_LOGGERS:
        logging.getLogger(name).setLevel(max(level, logging.WARNING))
    return level
