"""`python app.py generate`: a good run writes the session; bad input exits 2 and writes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tests.cli_in_process import run_cli

ROOT = Path(__file__).resolve().parent.parent


def app_process(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """`python app.py …` in a fresh interpreter, as a user runs it."""
    env = {**os.environ, "COMIC_DATA_DIR": str(data_dir)}
    return subprocess.run([sys.executable, str(ROOT / "app.py"), *args], capture_output=True, text=True,
                          env=env, timeout=120)


app = run_cli  # the same `main`, in this process (tests/cli_in_process.py)


def test_generate_writes_the_session(tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = app_process("generate", "--prompt", "A robot learns to paint sunsets on Mars", "--panels", "3",
                 "--style", "manga", "--seed", "11", data_dir=data)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("Brown: new comic") and "Bayko: attempt 1" in result.stdout
    folder = Path(lines[-1])
    assert folder.parent == data.resolve() / "sessions"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["request"]["prompt"] == "A robot learns to paint sunsets on Mars"
    assert manifest["request"]["panels"] == 3 and manifest["request"]["seed"] == 11
    final = manifest["attempts"][-1]
    assert len(final["panels"]) == 3
    for panel in final["panels"]:
        with Image.open(folder / panel["image"]) as image:
            assert image.size == (768, 768)
    with Image.open(folder / "comic.png") as page:
        assert page.width > 768
    vtt = (folder / "subtitles.vtt").read_text()
    assert vtt.startswith("WEBVTT") and vtt.count("-->") == 3
    for panel in final["panels"]:
        assert panel["subtitle"] in vtt


def test_out_puts_the_session_elsewhere(tmp_path: Path) -> None:
    result = app("generate", "--prompt", "A cat naps", "--panels", "1", "--out", str(tmp_path / "elsewhere"),
                 data_dir=tmp_path / "data")
    assert result.returncode == 0, result.stderr
    folder = Path(result.stdout.strip().splitlines()[-1])
    assert folder.parent == (tmp_path / "elsewhere").resolve()
    assert (folder / "manifest.json").is_file()


def test_a_story_brown_cannot_read_still_finishes_normally(tmp_path: Path) -> None:
    """Rejected, not approved, and said in words; the run still ends normally with the comic's folder."""
    result = app("generate", "--prompt", "asdkj qwpoe zzxq", "--panels", "2", data_dir=tmp_path / "data")
    assert result.returncode == 0, result.stderr
    assert "Brown: REJECT attempt 1 of 3" in result.stdout and "Brown could not find a character" in result.stdout
    assert "APPROVE" not in result.stdout and (Path(result.stdout.strip().splitlines()[-1]) / "comic.png").is_file()


def test_a_fault_inside_the_studio_is_one_sentence_not_a_traceback(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug of ours (here Brown's review raising) ends the run with one sentence and status 3, never a traceback."""
    from agents.brown import AgentBrown

    async def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("in_place")

    monkeypatch.setattr(AgentBrown, "review", broken)
    result = app("generate", "--prompt", "a cat eats a fish", "--panels", "2", data_dir=tmp_path / "data")
    assert result.returncode == 3
    assert "Traceback" not in result.stderr and "KeyError" in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("error: something went wrong inside the studio")


def test_the_same_prompt_and_seed_give_the_same_comic(tmp_path: Path) -> None:
    runs = [app("generate", "--prompt", "A fox in the snow", "--panels", "2", "--seed", "5", data_dir=tmp_path / f"d{i}")
            for i in range(2)]
    folders = [Path(r.stdout.strip().splitlines()[-1]) for r in runs]
    assert (folders[0] / "comic.png").read_bytes() == (folders[1] / "comic.png").read_bytes()


@pytest.mark.parametrize(("args", "field"), [
    (["--prompt", ""], "prompt"),
    (["--prompt", "   "], "prompt"),
    ([], "prompt"),
    (["--prompt", "x" * 2001], "prompt"),
    (["--prompt", "a cat", "--panels", "0"], "panels"),
    (["--prompt", "a cat", "--panels", "9"], "panels"),
    (["--prompt", "a cat", "--panels", "many"], "panels"),
    (["--prompt", "a cat", "--style", "cubism"], "style"),
    (["--prompt", "a cat", "--seed", "-3"], "seed"),
])
def test_bad_input_exits_2_with_one_clear_line_and_writes_nothing(tmp_path: Path, args: list[str], field: str) -> None:
    data = tmp_path / "data"
    result = app("generate", *args, data_dir=data)
    assert result.returncode == 2
    assert result.stdout == ""
    error_lines = result.stderr.strip().splitlines()
    assert len(error_lines) == 1 and error_lines[0].startswith(f"error: {field}:")
    assert not data.exists() or not any(data.rglob("*"))


def test_an_unknown_option_is_one_line_too(tmp_path: Path) -> None:
    result = app("generate", "--prompt", "a cat", "--colour", "red", data_dir=tmp_path / "data")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_help_documents_the_commands(tmp_path: Path) -> None:
    assert "generate" in app("--help", data_dir=tmp_path).stdout
    text = app("generate", "--help", data_dir=tmp_path).stdout
    for option in ("--prompt", "--panels", "--style", "--seed", "--out"):
        assert option in text


def test_generate_does_not_import_gradio(tmp_path: Path) -> None:
    code = ("import sys, runpy; sys.argv = ['app.py', 'generate', '--prompt', 'a dog', '--panels', '1'];"
            "\ntry:\n    runpy.run_path('app.py', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print('GRADIO' if 'gradio' in sys.modules else 'NO-GRADIO')")
    env = {**os.environ, "COMIC_DATA_DIR": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
    assert result.stdout.strip().splitlines()[-1] == "NO-GRADIO", result.stderr


def session_of(folder: Path) -> str:
    """A served comic's folder name has a random part after the session id: the manifest names the comic."""
    return str(json.loads((folder / "manifest.json").read_text())["session_id"])


def test_feedback_memories_curate_export_import(tmp_path: Path) -> None:
    data = tmp_path / "data"
    folder = Path(app("generate", "--prompt", "Brown naps", "--panels", "1", data_dir=data).stdout.strip().splitlines()[-1])
    taught = app("feedback", "--session", session_of(folder), "--comment", "No, Brown is a dog, not a cat.", "--user", "ana",
                 data_dir=data)
    assert taught.returncode == 0 and "Brown learned: Brown is a dog, not a cat. [new]" in taught.stdout
    praise = app("feedback", "--session", session_of(folder), "--comment", "Lovely!", data_dir=data)
    assert "nothing in that comment changes the story world" in praise.stdout
    [record] = json.loads(app("memories", "--json", data_dir=data).stdout)
    assert record["status"] == "new" and record["user_id"] == "ana"
    assert app("curate", record["memory_id"], "accepted", data_dir=data).returncode == 0
    assert app("memories", "--status", "accepted", data_dir=data).stdout.count("Brown is a dog") == 1
    export = tmp_path / "memories.json"
    assert app("memories", "--export", str(export), data_dir=data).returncode == 0
    imported = app("memories", "--import", str(export), data_dir=tmp_path / "other")
    assert imported.returncode == 0 and "Imported 1" in imported.stdout
    assert json.loads(app("memories", "--json", data_dir=tmp_path / "other").stdout) == json.loads(export.read_text())


@pytest.mark.parametrize("args", [
    ["curate", "mem_nope", "accepted"],
    ["curate", "mem_nope", "maybe"],
    ["curate", "../../etc/passwd", "accepted"],
    ["feedback", "--session", "../x", "--comment", "hi"],
    ["feedback", "--session", "comic_nope", "--comment", "hi"],
    ["feedback", "--session", "comic_nope"],
    ["memories", "--status", "lost"],
    ["memories", "--import", "/nonexistent.json"],
])
def test_bad_memory_commands_exit_2_with_one_line(tmp_path: Path, args: list[str]) -> None:
    result = app(*args, data_dir=tmp_path / "data")
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and result.stderr.startswith("error: ")


def test_curate_refuses_without_the_configured_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    folder = Path(app("generate", "--prompt", "Brown naps", "--panels", "1", data_dir=data).stdout.strip().splitlines()[-1])
    app("feedback", "--session", session_of(folder), "--comment", "Brown is a dog.", data_dir=data)
    [record] = json.loads(app("memories", "--json", data_dir=data).stdout)
    monkeypatch.setenv("COMIC_CURATOR_TOKEN", "s3cret")
    refused = app("curate", record["memory_id"], "accepted", data_dir=data)
    assert refused.returncode == 2 and "curator_token" in refused.stderr
    assert app("curate", record["memory_id"], "accepted", "--token", "s3cret", data_dir=data).returncode == 0


def test_revise_makes_the_next_version_and_refuses_bad_input(tmp_path: Path) -> None:
    data = tmp_path / "data"
    made = app("generate", "--prompt", "A dog and a cat play in the park", "--panels", "2", "--seed", "4",
               data_dir=data)
    folder = Path(made.stdout.strip().splitlines()[-1])
    session_id = json.loads((folder / "manifest.json").read_text())["session_id"]
    night = app("revise", "--session", session_id, "make it night", data_dir=data)
    assert night.returncode == 0, night.stderr
    assert "You: make it night\nBrown: Night it is: I asked Bayko to redraw both panels." in night.stdout
    assert "Bayko: version 2 - panels drawn anew: 1, 2" in night.stdout and "version 2 of 2" in night.stdout
    manifest = json.loads((folder / "manifest.json").read_text())
    assert [v["instruction"] for v in manifest["versions"]] == [None, "make it night"]
    asked = app("revise", "--session", session_id, "blah blah", data_dir=data)
    assert asked.returncode == 1 and "Brown: I did not catch what to change" in asked.stdout
    for args, said in [(["--session", "comic_000000000000", "make it night"], "session_id: no comic with id"),
                       (["--session", session_id, ""], "instruction: must not be empty"),
                       (["--session", session_id, "x" * 2001], "instruction: must be at most 2000 characters"),
                       (["--session", session_id, "--user", "someone-else", "make it night"],
                        "session_id: no comic with id")]:
        refused = app("revise", *args, data_dir=data)
        assert refused.returncode == 2 and refused.stderr.startswith(f"error: {said}") and not refused.stdout
    assert json.loads((folder / "manifest.json").read_text())["versions"] == manifest["versions"]
