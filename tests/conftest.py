"""Shared fixtures: every test gets its own data directory and, when it needs one, its own studio."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
os.environ.setdefault("NO_PROXY", "127.0.0.1,localhost")

from services.art.panel_renderer import PanelArtRequest, PanelRenderer  # noqa: E402


class RecordingRenderer(PanelRenderer):
    """A fast renderer that remembers every request it was given."""

    name = "recording"

    def __init__(self) -> None:
        self.requests: list[PanelArtRequest] = []

    def render(self, request: PanelArtRequest) -> Image.Image:
        self.requests.append(request)
        shade = (request.panel_index * 37 + len(request.description)) % 255
        return Image.new("RGB", (request.size, request.size), (shade, 90, 140))


# --- Markers: `browser` and `slow` are set here, from the module and a list, so no test marks itself ---

BROWSER_MODULES = {"test_browser.py", "test_share_browser.py"}
SLOW_TESTS = Path(__file__).parent / "data" / "slow_tests.txt"


def slow_tests() -> set[str]:
    """The `path::function` lines of tests/data/slow_tests.txt."""
    lines = SLOW_TESTS.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = slow_tests()
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        function = getattr(item, "originalname", item.name)  # every parameter of a parametrized test
        # A Playwright test anywhere is one that asks for the `browser` fixture.
        if Path(path).name in BROWSER_MODULES or "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if f"{path}::{function}" in slow:
            item.add_marker(pytest.mark.slow)


# --- The security line: every attack case of tests/security/, counted on the reports (also across workers) ---

ATTACK_CASES: list[tuple[str, bool]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown":
        for name, cases in report.user_properties:
            if name == "attack_cases":
                ATTACK_CASES.extend((str(case), bool(held)) for case, held in cases)  # type: ignore[union-attr]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if ATTACK_CASES:
        held = sum(1 for _, ok in ATTACK_CASES if ok)
        terminalreporter.write_line(f"security: {len(ATTACK_CASES)} attack cases, {held} held, "
                                    f"{len(ATTACK_CASES) - held} broke")
        for name, ok in ATTACK_CASES:
            if not ok:
                terminalreporter.write_line(f"  BROKE: {name}")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    monkeypatch.setenv("COMIC_DATA_DIR", str(path))
    return path


# --- The stores on both databases: SQLite files (the default) and the PostgreSQL `.ci/postgres` starts ---

POSTGRES_ENV = "TEST_DATABASE_URL"


@pytest.fixture
def postgres_url(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A PostgreSQL URL whose tables are this test's alone (an empty schema, dropped after), set as
    COMIC_DATABASE_URL. Needs the server `.ci/postgres` starts (its URL in TEST_DATABASE_URL)."""
    from benchmarks.scratch_schema import scratch_schema

    base = os.environ.get(POSTGRES_ENV)
    if not base:
        reason = f"{POSTGRES_ENV} is unset: start a server with `export {POSTGRES_ENV}=$(.ci/postgres)`"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the PostgreSQL tests cannot run in CI: {reason}")
        pytest.skip(reason)
    with scratch_schema(base, "test") as url:
        monkeypatch.setenv("COMIC_DATABASE_URL", url)
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_database(request: pytest.FixtureRequest) -> str:
    """Run a store's test on both databases (a module opts in with `pytestmark = usefixtures(...)`); a test
    marked `sqlite_only` (it opens the file itself) runs on SQLite alone."""
    if request.param == "postgresql":
        if request.node.get_closest_marker("sqlite_only"):
            pytest.skip("reads or writes the SQLite file itself")
        request.getfixturevalue("postgres_url")
    return str(request.param)


@pytest.fixture
def recording_renderer() -> RecordingRenderer:
    return RecordingRenderer()


# --- The web studio, served for real on a loopback port (tests/test_web_ui.py, tests/test_browser.py) ---

class StudioServer:
    """A running studio: its base URL, the shared Studio behind it, and its own data directory."""

    def __init__(self, url: str, studio, demo) -> None:
        self.url, self.studio, self.demo = url, studio, demo
        self.data_dir = studio.data_dir


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def studio_server(tmp_path_factory: pytest.TempPathFactory):
    """One app for the whole run, started the way `serve` starts it, in a background thread."""
    from agents.studio import open_studio
    from services.web.ui import build_ui, launch_options

    studio = open_studio(tmp_path_factory.mktemp("studio-data"), exports="on_demand")  # as `serve` runs it
    demo = build_ui(studio)
    port = _free_port()
    demo.launch(prevent_thread_lock=True, quiet=True, **launch_options(studio, "127.0.0.1", port))
    try:
        yield StudioServer(f"http://127.0.0.1:{port}/", studio, demo)
    finally:
        demo.close()
