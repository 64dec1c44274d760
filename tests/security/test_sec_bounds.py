"""Bounds: request size on every route, unknown endpoints, wrong types, whole numbers, defaults, rate, disk.

Breaks reproduced: five 100 MB bodies to `/gradio_api/queue/join` took the server from 0.8 to
2.6 GB; a non-string `memory_id` or `limit` gave "Something went wrong (AttributeError)";
`panels=2.5` and `seed=1.5` were rounded by the API while the CLI refused 1.5; an unknown
`fn_index` gave a bare 500; `client.predict(prompt, api_name="/generate")` failed for want of a
seed; `--out` to an unwritable folder printed a traceback; disk use had no bound.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from gradio_client.exceptions import AppError

from agents.studio import open_studio
from services.storage.disk_budget import enforce_budget, folder_bytes
from services.web import handlers as actions
from services.web.limits import DATA_MB_ENV, Limits

ROOT = Path(__file__).resolve().parents[2]
LIMIT = Limits().max_body_bytes
ROUTES = ["gradio_api/queue/join", "gradio_api/call/generate", "gradio_api/call/feedback", "gradio_api/call/curate",
          "gradio_api/run/predict", "gradio_api/call/list_sessions", "gradio_api/mcp/", "gradio_api/upload"]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize("route", ROUTES)
def test_a_body_past_the_limit_is_refused_on_every_route(target, attack, route: str) -> None:
    big = b'{"data": ["' + b"x" * (LIMIT + 10) + b'"], "fn_index": 0, "session_hash": "s"}'
    if route.endswith("upload"):
        big = b"x" * 6_000_000
    answer = httpx.post(target.url + route, content=big, headers={"content-type": "application/json"}, timeout=60)
    attack.record(f"{len(big) // 1000} kB body to {route}", answer.status_code == 413)
    assert answer.status_code == 413 and "at most" in answer.json()["detail"]


def test_bodies_without_a_length_are_cut_off_and_memory_stays_flat(target, attack) -> None:
    """Five 100 MB streams (chunked, no Content-Length): each is refused after the limit, not read whole."""
    def stream() -> Iterator[bytes]:
        yield b'{"data": ["'
        for _ in range(100):
            yield b"x" * 1_000_000

    before = rss_mb()
    statuses = []
    for _ in range(5):
        try:
            statuses.append(httpx.post(target.url + "gradio_api/queue/join", content=stream(), timeout=60).status_code)
        except httpx.HTTPError:  # the server answered and closed while the client was still sending
            statuses.append(413)
    grew = rss_mb() - before
    attack.record("five 100 MB chunked bodies", set(statuses) == {413} and grew < 200)
    assert set(statuses) == {413} and grew < 200, (statuses, grew)


@pytest.mark.parametrize("fn_index", [9999, -1, "abc", 2**40])
def test_an_unknown_fn_index_is_a_4xx(target, attack, fn_index: object) -> None:
    answer = httpx.post(target.url + "gradio_api/queue/join", json={"data": [], "fn_index": fn_index,
                                                                     "session_hash": "abc"}, timeout=30)
    attack.record(f"fn_index={fn_index!r}", 400 <= answer.status_code < 500)
    assert 400 <= answer.status_code < 500


DISGUISED_BODIES = [(" ", "space"), ("\r\n", "CR-LF"), ("\ufeff", "byte-order mark"), ("\t \n", "tabs")]


@pytest.mark.parametrize(("lead", "name"), DISGUISED_BODIES)
def test_a_body_that_does_not_start_with_a_brace_meets_the_same_guards(target, attack, lead: str, name: str) -> None:
    """' {"fn_index": 9999}' once reached Gradio past the unknown-index guard (a bare 500) and the rate limit."""
    body = (lead + json.dumps({"data": [], "fn_index": 9999, "session_hash": "abc"})).encode("utf-8")
    answer = httpx.post(target.url + "gradio_api/queue/join", content=body,
                        headers={"content-type": "application/json"}, timeout=30)
    held = answer.status_code == 404 and "no such endpoint" in answer.text
    attack.record(f"unknown fn_index behind a leading {name}", held)
    assert held, (answer.status_code, answer.text[:200])
    garbage = httpx.post(target.url + "gradio_api/queue/join", content=lead.encode() + b"\x00not json",
                         headers={"content-type": "application/json"}, timeout=30)
    attack.record(f"a body that is no JSON behind a leading {name}", garbage.status_code == 400)
    assert garbage.status_code == 400


def test_a_leading_space_does_not_escape_the_rate_limit(tmp_path: Path, attack, start_server) -> None:
    demo, url = start_server(open_studio(tmp_path / "data"), Limits(generate_per_minute=2, count_loopback=True))
    try:
        codes = [httpx.post(url + "gradio_api/call/generate", content=lead.encode() + b'{"data": ["A cat naps"]}',
                            headers={"content-type": "application/json"}, timeout=30).status_code
                 for lead in ("", " ", "\r\n", "\ufeff")]
        attack.record("generation past the rate behind whitespace or a BOM", codes == [200, 200, 429, 429])
        assert codes == [200, 200, 429, 429], codes
    finally:
        demo.close()


WRONG_TYPES = [
    ("/list_memories", [5], "status"), ("/list_memories", [["accepted"]], "status"),
    ("/list_sessions", ["", "abc"], "limit"), ("/list_sessions", ["", 2.5], "limit"), ("/list_sessions", [7, 5], "user_id"),
    ("/curate", [5, "accepted"], "memory_id"), ("/curate", [{"id": 1}, "accepted"], "memory_id"),
    ("/curate", ["mem_x", 3], "status"), ("/edit_memory", [5, "Zed is a dog."], "memory_id"),
    ("/memory_audit", [5], "memory_id"), ("/feedback", [5, "hi"], "session_id"), ("/feedback", ["comic_x", 5], "text"),
    ("/session_history", [5], "session_id"), ("/session_history", [["comic_x"]], "session_id"),
    ("/generate", ["A cat", "classic", "abc"], "panels"), ("/generate", ["A cat", "classic", 2, "abc"], "seed"),
    ("/generate", ["A cat", "classic", [2]], "panels"), ("/generate", ["A cat", 5], "style"),
    ("/generate", ["A cat", "classic", 2, None, "", 7], "layout"),
    ("/revise", [5, "make it night"], "session_id"), ("/revise", ["comic_x", None], "instruction"),
]


@pytest.mark.parametrize(("endpoint", "args", "field"), WRONG_TYPES)
def test_a_wrong_type_is_one_sentence_naming_the_field(target, attack, endpoint: str, args: list,  # type: ignore[no-untyped-def,type-arg]
                                                       field: str) -> None:
    with pytest.raises(AppError) as raised:
        target.client().predict(*args, api_name=endpoint)
    message = str(raised.value)
    held = message.startswith(f"{field}:") and "went wrong" not in message and "Traceback" not in message
    attack.record(f"{endpoint}{args!r}", held)
    assert held, message


@pytest.mark.parametrize(("panels", "seed", "field"), [(2.5, None, "panels"), (2, 1.5, "seed"), ("2.5", None, "panels"),
                                                       (True, None, "panels"), (2, "1e3", "seed")])
def test_numbers_that_are_not_whole_are_refused_by_the_api_and_the_cli_alike(
        target, attack, tmp_path: Path, panels: object, seed: object, field: str) -> None:
    with pytest.raises(AppError) as raised:
        target.client().predict("A cat naps", "classic", panels, seed, "", api_name="/generate")
    api_message = str(raised.value)
    cli_args = ["generate", "--prompt", "A cat naps", "--panels", str(panels)] + (["--seed", str(seed)] if seed else [])
    cli = subprocess.run([sys.executable, str(ROOT / "app.py"), *cli_args], capture_output=True, text=True,
                         env={**os.environ, "COMIC_DATA_DIR": str(tmp_path)}, cwd=ROOT, timeout=120)
    held = api_message.startswith(f"{field}: must be a whole number") and cli.returncode == 2 and \
        cli.stderr.startswith(f"error: {field}: must be a whole number") if not isinstance(panels, bool) else \
        api_message.startswith(f"{field}:")
    attack.record(f"panels={panels!r} seed={seed!r}", held)
    assert held, (api_message, cli.stderr)


def test_generate_needs_only_the_prompt(target) -> None:
    panels, downloads, summary = target.client().predict("A fox crosses a river", api_name="/generate")
    assert len(panels) == 4 and summary["request"]["style"] and summary["request"]["seed"] is not None


@pytest.mark.parametrize("out", ["/proc/comics", "/dev/null/comics", "{file}/inside"])
def test_an_unwritable_out_is_one_line(attack, tmp_path: Path, out: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    result = subprocess.run([sys.executable, str(ROOT / "app.py"), "generate", "--prompt", "A cat", "--out",
                             out.format(file=blocker)], capture_output=True, text=True, cwd=ROOT, timeout=120,
                            env={**os.environ, "COMIC_DATA_DIR": str(tmp_path / "data")})
    held = result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    attack.record(f"--out {out}", held)
    assert held and result.stderr.startswith("error: --out: cannot write to"), result.stderr


def test_one_client_is_held_to_its_rate_and_others_are_not(tmp_path: Path, attack, start_server) -> None:
    studio = open_studio(tmp_path / "data")
    demo, url = start_server(studio, Limits(generate_per_minute=2, count_loopback=True))
    try:
        def start() -> httpx.Response:
            return httpx.post(url + "gradio_api/call/generate", json={"data": ["A cat naps"]}, timeout=30)

        answers = [start() for _ in range(4)]
        codes = [a.status_code for a in answers]
        listed = httpx.post(url + "gradio_api/call/list_sessions", json={"data": ["", 5]}, timeout=30)
        held = codes == [200, 200, 429, 429] and "at most 2 comics a minute" in answers[-1].json()["detail"]
        attack.record("generation past the per-client rate", held)
        assert held, codes
        assert listed.status_code == 200  # reading is not rate-limited
    finally:
        demo.close()


def test_the_disk_budget_prunes_the_oldest_unowned_comics_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               recording_renderer, attack) -> None:
    from services.storage import disk_budget

    monkeypatch.setattr(disk_budget, "MB", 1)  # budgets in bytes, so a few small comics can overflow one
    monkeypatch.setenv(DATA_MB_ENV, "100000000")  # while making them: 100 MB
    studio = open_studio(tmp_path / "data", renderer=recording_renderer)
    owners = [(None, True), ("guest-1", False), ("alice", True), (None, True), ("web-0123456789abcdef", True),
              ("guest-2", False)]  # (owner id, owned): a one-off guest's comic is made unowned
    made = [asyncio.run(actions.finished_comic(studio, {"prompt": f"Story {n}", "panels": 2, "user_id": user,
                                                        "owned": owned}))[0].session_id
            for n, (user, owned) in enumerate(owners)]
    folders = {s: studio.sessions.folder(s) for s in made}
    # Just over budget: the oldest unowned comic goes, and nothing else.
    assert enforce_budget(studio.sessions, folder_bytes(studio.data_dir) - 1) == [made[0]]
    # Far over: every unowned comic goes (oldest first) but the one just made; owned comics stay.
    pruned = enforce_budget(studio.sessions, 1, keep=made[-1])
    kept = {s.session_id for s in studio.sessions.list(100)}
    held = pruned == [made[1], made[3]] and kept == {made[2], made[4], made[5]}
    attack.record("disk budget prunes only unowned comics, oldest first", held)
    assert held, (pruned, kept)
    assert not folders[made[0]].exists() and not folders[made[3]].exists() and folders[made[2]].exists()


def test_a_key_the_caller_typed_is_never_pruned_whatever_it_looks_like(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                       start_server, attack) -> None:
    """Keys that look like a guest's ('GUEST-alice-…', 'Guest-laptop', a reused 'guest-bob-…'): their comics stay
    listed however full the disk gets; only the comics of callers who gave no key are pruned."""
    from gradio_client import Client

    from services.storage import disk_budget

    monkeypatch.setattr(disk_budget, "MB", 1)  # the budget in bytes
    monkeypatch.setenv(DATA_MB_ENV, "1")  # every comic past the first overflows it
    demo, url = start_server(open_studio(tmp_path / "data"))
    try:
        client = Client(url, analytics_enabled=False, verbose=False)
        keys = ["GUEST-alice-7d1e4b8a6035", "Guest-laptop", "guest-bob-9f2c7d1e4b8a", "guest-0123456789abcdef"]
        mine = {}
        for key in keys:
            _, _, comic = client.predict("A cat naps", "classic", 1, 3, key, api_name="/generate")
            mine[key] = comic["session_id"]
        for _ in range(2):  # guests without a key: theirs are what the budget prunes
            client.predict("A dog naps", "classic", 1, 4, "", api_name="/generate")
        for key in keys:
            listed = {s["session_id"] for s in client.predict(key, 50, api_name="/list_sessions")}
            attack.record(f"disk budget keeps the comic of a typed key {key[:12]}", mine[key] in listed)
            assert mine[key] in listed, key
    finally:
        demo.close()


def test_gradio_temp_copies_are_cleaned(target) -> None:
    frequency, age = target.demo.delete_cache
    assert 0 < frequency <= 3600 and 0 < age <= 24 * 3600


def test_a_full_budget_never_deletes_the_comic_just_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         recording_renderer) -> None:
    monkeypatch.setenv(DATA_MB_ENV, "1")
    from services.storage import disk_budget

    monkeypatch.setattr(disk_budget, "MB", 1)  # a budget of 1 byte: everything unowned goes, but the new comic stays
    studio = open_studio(tmp_path / "data", renderer=recording_renderer)
    first, _ = asyncio.run(actions.finished_comic(studio, {"prompt": "First", "panels": 1}))
    second, folder = asyncio.run(actions.finished_comic(studio, {"prompt": "Second", "panels": 1}))
    assert [s.session_id for s in studio.sessions.list(10)] == [second.session_id] and folder.exists()
    del first


@pytest.mark.parametrize(("forwarded", "hops", "expected"), [
    ("203.0.113.9", "", "203.0.113.9"), ("6.6.6.6, 203.0.113.9", "", "203.0.113.9"),  # a forged first entry is ignored
    ("6.6.6.6, 203.0.113.9, 10.0.0.2", "2", "203.0.113.9"), ("203.0.113.9", "5", "203.0.113.9")])
def test_on_a_space_the_client_is_the_address_the_proxy_saw(monkeypatch: pytest.MonkeyPatch, attack,
                                                            forwarded: str, hops: str, expected: str) -> None:
    from services.web import bounds

    monkeypatch.setenv("SPACE_ID", "someone/bayko-brown")
    monkeypatch.setenv(bounds.PROXY_HOPS_ENV, hops)
    seen, _ = bounds._client({"client": ("10.0.0.1", 1)}, {"x-forwarded-for": forwarded})
    attack.record(f"X-Forwarded-For {forwarded!r} hops={hops!r}", seen == expected)
    assert seen == expected
