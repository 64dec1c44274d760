"""Hostile input through the CLI and the HTTP API: a clear error or a correct result, never a traceback,
and nothing stored before is changed."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import httpx
import pytest
from gradio_client import Client
from gradio_client.exceptions import AppError

from tests.cli_in_process import run_cli

ROOT = Path(__file__).resolve().parent.parent
MARKUP = "<script>alert(1)</script><img src=x onerror=alert(1)>"
SQL = "'; DROP TABLE sessions; -- \" OR 1=1"
VALID_ODD_PROMPTS = ["مرحبا بالعالم ‮ evil ‬ a cat", "🐱🚀🌙 a cat in space", MARKUP, SQL, "a\u0001b\u001b[31m red cat"]
BAD_REQUESTS = [  # (prompt, style, panels, seed) -> the field the error must name
    (("", "classic", 4, None), "prompt"), (("   \n\t ", "classic", 4, None), "prompt"),
    (("x" * 2001, "classic", 4, None), "prompt"), (("x" * 1_000_000, "classic", 4, None), "prompt"),
    (("a cat", "cubism", 4, None), "style"), (("a cat", "../../etc", 4, None), "style"),
    (("a cat", "classic", 0, None), "panels"), (("a cat", "classic", -1, None), "panels"),
    (("a cat", "classic", 9, None), "panels"), (("a cat", "classic", 10**9, None), "panels"),
    (("a cat", "classic", 4, -5), "seed"), (("a cat", "classic", 4, 2**40), "seed"),
]
TOO_BIG_FOR_A_REQUEST = 256_000  # the studio's request-body limit (services/web/limits.py)


def assert_refused_at_the_door(server, api_name: str, data: list) -> None:  # type: ignore[no-untyped-def,type-arg]
    """A body past the limit is a 413 with one sentence naming the request, whichever endpoint it targets."""
    answer = httpx.post(f"{server.url}gradio_api/call/{api_name}", json={"data": data}, timeout=60)
    assert answer.status_code == 413 and answer.json()["detail"].startswith("request: the body must be at most")


def short_id(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:12]}...({len(text)} chars)"


BAD_IDS = ["../../etc/passwd", "..", "a/b", "%2e%2e%2f", "comic_\x00x", "x" * 300, "' OR 1=1 --"]


def snapshot(data_dir: Path) -> dict[str, object]:
    """Every stored file's content; for SQLite files their rows (a checkpoint may move bytes, not data)."""
    content: dict[str, object] = {}
    for path in sorted(data_dir.rglob("*")):
        if not path.is_file() or path.name.endswith(("-wal", "-shm", ".tmp")):
            continue
        if path.suffix == ".db":
            with closing(sqlite3.connect(path)) as db:
                content[str(path.relative_to(data_dir))] = list(db.iterdump())
        else:
            content[str(path.relative_to(data_dir))] = path.read_bytes()
    return content


def cli(*args: str, data_dir: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The CLI's `main` in this process; a real process when there is standard input to feed."""
    if stdin is None:
        return run_cli(*args, data_dir=data_dir)
    env = {**os.environ, "COMIC_DATA_DIR": str(data_dir)}
    return subprocess.run([sys.executable, str(ROOT / "app.py"), *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=120)


@pytest.fixture(scope="module")
def cli_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("hostile-cli")
    assert cli("generate", "--prompt", "A first comic to protect", "--panels", "1", data_dir=data).returncode == 0
    return data


@pytest.mark.parametrize(("request_args", "field"), BAD_REQUESTS[:3] + BAD_REQUESTS[4:], ids=short_id)  # 1M: stdin
def test_cli_refuses_bad_requests_and_changes_nothing(cli_data: Path, request_args: tuple, field: str) -> None:
    prompt, style, panels, seed = request_args
    before = snapshot(cli_data)
    args = ["generate", "--prompt", prompt, "--style", style, "--panels", str(panels)]
    result = cli(*args, *(["--seed", str(seed)] if seed is not None else []), data_dir=cli_data)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: {field}:") and len(result.stderr.strip().splitlines()) == 1
    assert snapshot(cli_data) == before


@pytest.mark.parametrize("prompt", ["x" * 1_000_000, "a cat\x00 with a NUL" + "\x00" * 5000], ids=short_id)
def test_cli_reads_huge_or_binary_prompts_from_stdin_safely(cli_data: Path, prompt: str) -> None:
    before = snapshot(cli_data)
    result = cli("generate", "--prompt", "-", "--panels", "1", data_dir=cli_data, stdin=prompt)
    if len(prompt) > 100_000:
        assert result.returncode == 2 and result.stderr.startswith("error: prompt:")
        assert snapshot(cli_data) == before
    else:
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize("seed", ["abc", "1.5", "1e9", "0x10"])
def test_cli_refuses_non_numeric_seeds(cli_data: Path, seed: str) -> None:
    result = cli("generate", "--prompt", "a cat", "--seed", seed, data_dir=cli_data)
    assert result.returncode == 2 and result.stderr.startswith("error: seed:")


@pytest.mark.parametrize("prompt", VALID_ODD_PROMPTS[:2] + [MARKUP + SQL], ids=short_id)  # the API tries each
def test_cli_makes_comics_from_odd_but_valid_prompts(cli_data: Path, prompt: str) -> None:
    result = cli("generate", "--prompt", prompt, "--panels", "1", data_dir=cli_data)
    assert result.returncode == 0, result.stderr
    assert (Path(result.stdout.strip().splitlines()[-1]) / "comic.png").is_file()


@pytest.mark.parametrize("bad_id", ["../../etc/passwd", "a/b", "' OR 1=1 --"], ids=short_id)  # the API tries all
def test_cli_refuses_traversal_in_ids(cli_data: Path, bad_id: str) -> None:
    before = snapshot(cli_data)
    for args in (["feedback", "--session", bad_id, "--comment", "Brown is a dog."], ["curate", bad_id, "accepted"]):
        result = cli(*args, data_dir=cli_data)
        assert result.returncode == 2 and result.stderr.startswith("error: ") and "Traceback" not in result.stderr
    assert snapshot(cli_data) == before


@pytest.fixture(scope="module")
def api(studio_server) -> Client:
    return Client(studio_server.url, analytics_enabled=False, verbose=False)


@pytest.mark.parametrize(("request_args", "field"), BAD_REQUESTS, ids=short_id)
def test_api_refuses_bad_requests_and_changes_nothing(studio_server, api: Client, request_args: tuple,
                                                      field: str) -> None:
    before = snapshot(studio_server.data_dir)
    if len(str(request_args[0])) > TOO_BIG_FOR_A_REQUEST:  # refused at the door (413) before any handler runs
        assert_refused_at_the_door(studio_server, "generate", [*request_args, "hostile"])
    else:
        with pytest.raises(AppError) as error:
            api.predict(*request_args, "hostile", api_name="/generate")
        assert str(error.value).startswith(f"{field}:") and "Traceback" not in str(error.value)
    assert snapshot(studio_server.data_dir) == before


@pytest.mark.parametrize("prompt", VALID_ODD_PROMPTS, ids=short_id)
def test_api_makes_comics_from_odd_but_valid_prompts(api: Client, prompt: str) -> None:
    panels, _, summary = api.predict(prompt, "manga", 1, 3, "hostile", api_name="/generate")
    assert len(panels) == 1 and summary["request"]["prompt"] == prompt.replace("\x00", "").strip()


@pytest.mark.parametrize("bad_id", BAD_IDS, ids=short_id)
def test_api_refuses_traversal_in_ids_and_changes_nothing(studio_server, api: Client, bad_id: str) -> None:
    before = snapshot(studio_server.data_dir)
    calls = [((bad_id, "Brown is a dog.", "hostile"), "/feedback"), ((bad_id,), "/session_history"),
             ((bad_id, "accepted", "", ""), "/curate"), ((bad_id, "New text.", "", ""), "/edit_memory")]
    for args, endpoint in calls:
        with pytest.raises(AppError) as error:
            api.predict(*args, api_name=endpoint)
        assert str(error.value).split(":")[0] in {"session_id", "memory_id"}
    assert snapshot(studio_server.data_dir) == before


@pytest.mark.parametrize("text", ["", " ", "x" * 2001, "x" * 1_000_000], ids=short_id)
def test_api_refuses_bad_comments(studio_server, api: Client, text: str) -> None:
    session_id = api.predict("a cat naps", "classic", 1, 1, "hostile", api_name="/generate")[2]["session_id"]
    before = snapshot(studio_server.data_dir)
    if len(text) > TOO_BIG_FOR_A_REQUEST:
        assert_refused_at_the_door(studio_server, "feedback", [session_id, text, "hostile"])
    else:
        with pytest.raises(AppError) as error:
            api.predict(session_id, text, "hostile", api_name="/feedback")
        assert str(error.value).startswith("comment:")
    assert snapshot(studio_server.data_dir) == before


def test_api_refuses_unknown_statuses(api: Client) -> None:
    with pytest.raises(AppError) as error:
        api.predict("mem_x", "approved-by-me", "", "", api_name="/curate")
    assert str(error.value).startswith("status:")
