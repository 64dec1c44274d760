"""On a Hugging Face Space: data in persistent storage, browser histories that survive a restart, a lean runtime.

Breaks reproduced: on a Space the data went to the app folder (wiped on restart);
`gr.BrowserState` had no fixed secret, so after a restart every browser's entry was
unreadable and its comics forgotten; `pytest` was in the runtime requirements.
"""

from __future__ import annotations

import stat
from pathlib import Path

import gradio as gr
import pytest

from services import config
from services.web.identity import BROWSER_SECRET_ENV, BROWSER_SECRET_FILE, browser_state_key, browser_state_secret

ROOT = Path(__file__).resolve().parents[2]


def test_a_space_with_persistent_storage_keeps_data_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.DATA_DIR_ENV, raising=False)
    monkeypatch.setattr(config, "SPACE_PERSISTENT_STORAGE", tmp_path / "persistent")
    monkeypatch.setenv("SPACE_ID", "someone/bayko-brown")
    assert config.data_dir() == Path(config.DEFAULT_DATA_DIR).resolve()  # a Space without storage: the app folder
    (tmp_path / "persistent").mkdir()
    assert config.data_dir() == tmp_path / "persistent" / config.SPACE_DATA_FOLDER
    monkeypatch.setenv(config.DATA_DIR_ENV, str(tmp_path / "chosen"))
    assert config.data_dir() == tmp_path / "chosen"  # an explicit choice wins
    monkeypatch.delenv(config.DATA_DIR_ENV)
    monkeypatch.delenv("SPACE_ID")
    assert config.data_dir() == Path(config.DEFAULT_DATA_DIR).resolve()  # not a Space: ./data


def test_the_browser_state_secret_survives_a_restart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BROWSER_SECRET_ENV, raising=False)
    first = browser_state_secret(tmp_path)
    assert len(first) >= 40 and browser_state_secret(tmp_path) == first  # the next start reads the same one
    assert stat.S_IMODE((tmp_path / BROWSER_SECRET_FILE).stat().st_mode) == 0o600
    monkeypatch.setenv(BROWSER_SECRET_ENV, "from-the-environment")
    assert browser_state_secret(tmp_path) == "from-the-environment"


def test_the_page_encrypts_browser_state_with_a_key_derived_from_that_secret(target) -> None:
    states = [block for block in target.demo.blocks.values() if isinstance(block, gr.BrowserState)]
    secret = (target.data_dir / BROWSER_SECRET_FILE).read_text()
    assert states and {state.secret for state in states} == {browser_state_key(target.data_dir)}
    assert secret not in {state.secret for state in states} and len(browser_state_key(target.data_dir)) == 64


def test_a_configured_secret_is_never_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, start_server,
                                             attack) -> None:
    """`COMIC_BROWSER_SECRET` set as a Space secret: the page and /config carry neither it nor the data path."""
    import httpx

    from agents.studio import open_studio

    monkeypatch.setenv(BROWSER_SECRET_ENV, "space-secret-9f2c7d1e4b8a6035")
    demo, url = start_server(open_studio(tmp_path / "data"))
    try:
        for route in ("config", ""):
            page = httpx.get(url + route, timeout=30).text
            for needle in ("space-secret-9f2c7d1e4b8a6035", str(tmp_path)):
                attack.record(f"/{route} with COMIC_BROWSER_SECRET set shows {needle[:12]}", needle not in page)
                assert needle not in page
    finally:
        demo.close()


def test_pytest_is_not_a_runtime_requirement() -> None:
    runtime = [line.split("==")[0].split("[")[0].strip().lower() for line in
               (ROOT / "requirements.txt").read_text().splitlines() if line.strip() and not line.startswith("#")]
    assert "pytest" not in runtime and "gradio" in runtime
    assert any(line.startswith("pytest==") for line in (ROOT / "requirements-test.txt").read_text().splitlines())
