"""Logging set up once: Brown's and Bayko's decision lines on stderr at INFO; --quiet and COMIC_LOG_LEVEL turn them down."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from services.logging_setup import LOG_LEVEL_ENV, configured_level, setup_logging
from tests.cli_in_process import run_cli

ROOT = Path(__file__).resolve().parent.parent
PROMPT = "A robot paints the sunset on Mars"
SPEC_LINES = ("Brown: Created generation request for Bayko", f"Bayko: Received generation request: {PROMPT}",
              "Bayko: Generated 2 panels successfully", "Brown: Evaluation: approve - ", "Brown approved: ")


def generate(tmp_path: Path, before: str = "", after: str = "",
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python app.py [before] generate ... [after]` with its own data directory."""
    environment = {key: value for key, value in os.environ.items() if key != LOG_LEVEL_ENV}
    environment.update({"COMIC_DATA_DIR": str(tmp_path / "data"), **(env or {})})
    args = [*([before] if before else []), "generate", "--prompt", PROMPT, "--panels", "2", "--seed", "3",
            *([after] if after else [])]
    return subprocess.run([sys.executable, str(ROOT / "app.py"), *args], capture_output=True, text=True,
                          env=environment, timeout=120)


def test_the_cli_prints_the_agents_decision_lines_to_stderr_at_info(tmp_path: Path) -> None:
    result = generate(tmp_path)
    assert result.returncode == 0, result.stderr
    for line in SPEC_LINES:
        assert line in result.stderr, line
    assert " INFO agents.brown: " in result.stderr
    assert "Brown: Evaluation" not in result.stdout  # stdout stays the comic's own report


def generate_here(tmp_path: Path, before: str = "", after: str = "") -> subprocess.CompletedProcess[str]:
    """The same command through the CLI's `main` in this process: a flag's effect needs no fresh interpreter."""
    args = [*([before] if before else []), "generate", "--prompt", PROMPT, "--panels", "2", "--seed", "3",
            *([after] if after else [])]
    return run_cli(*args, data_dir=tmp_path / "data")


@pytest.mark.parametrize("where", ["before", "after", "nowhere"])
def test_quiet_turns_them_down(tmp_path: Path, where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LOG_LEVEL_ENV, raising=False)
    flag = {"before": {"before": "--quiet"}, "after": {"after": "--quiet"}, "nowhere": {}}[where]
    result = generate_here(tmp_path, **flag)
    assert result.returncode == 0, result.stderr
    assert "Brown: APPROVE attempt 1" in result.stdout
    if where == "nowhere":  # the control: in this process too, the lines reach stderr unless turned down
        assert all(line in result.stderr for line in SPEC_LINES), result.stderr
    else:
        assert result.stderr == ""


def test_the_environment_turns_them_down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LOG_LEVEL_ENV, "warning")
    result = generate_here(tmp_path)
    assert result.returncode == 0 and result.stderr == ""


def test_a_bad_level_is_one_clear_line(tmp_path: Path) -> None:
    result = generate(tmp_path, env={LOG_LEVEL_ENV: "chatty"})
    assert result.returncode == 2
    assert result.stderr == ("error: COMIC_LOG_LEVEL: must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL "
                             "(got 'chatty').\n")


def test_set_up_once_and_the_web_start_keeps_the_clis_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LOG_LEVEL_ENV, raising=False)
    root = logging.getLogger()
    before = (list(root.handlers), root.level)
    try:
        assert setup_logging(quiet=True) == logging.WARNING
        assert setup_logging(keep_existing=True) == logging.WARNING  # what `serve` does after the CLI
        assert setup_logging() == logging.INFO
        ours = [h for h in root.handlers if h.get_name() == "comic-studio-console"]
        assert len(ours) == 1
    finally:
        for handler in root.handlers[:]:
            if handler not in before[0]:
                root.removeHandler(handler)
        root.setLevel(before[1])


def test_the_level_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LOG_LEVEL_ENV, "DEBUG")
    assert configured_level() == logging.DEBUG and configured_level(quiet=True) == logging.WARNING
    monkeypatch.delenv(LOG_LEVEL_ENV)
    assert configured_level() == logging.INFO
