"""Comments: spam cannot bury a real correction, comments are rated, look-alike text is seen for what it is.

Breaks reproduced (issue 20, hole 5 and "held but barely"): one comic, 45 comments of five invented
facts each, made 225 new memories in a few seconds and pushed a reader's real correction out of the
curator's "new" and "all" lists (at most 200 rows, no paging, no search); nothing limited how often
one address or one comic was commented on; "Brоwn is a cat" (a Cyrillic о) or "Bro<ZWSP>wn is a cat"
was not flagged as contradicting the accepted "Brown is a dog"; a right-to-left override in a
comment reached the curator's table as it was.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gradio_client import Client
from gradio_client.exceptions import AppError

from agents.studio import open_studio
from services.web import memory_handlers as memory_actions
from services.web import memory_views
from services.web.limits import Limits, limits_from_env

OWNER = "carol-own-key-5d1e8a2b9c3f4a6e"
REAL = "No, Brown is a dog, not a cat."
INVISIBLE = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
             "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c")


@pytest.fixture
def served(tmp_path: Path, start_server) -> Iterator[Any]:
    """A studio of its own (these attacks curate and fill its memories), served with the given limits."""
    servers: list[Any] = []

    def serve(limits: Limits | None = None) -> tuple[Client, Any]:
        studio = open_studio(tmp_path / f"data{len(servers)}")
        demo, url = start_server(studio, limits)
        servers.append(demo)
        # download_files=False: a panel another test's server cached already (same bytes) is refused by this one
        return Client(url, analytics_enabled=False, verbose=False, download_files=False), studio

    yield serve
    for demo in servers:
        demo.close()


def from_env(monkeypatch: pytest.MonkeyPatch, **settings: int) -> Limits:
    """The limits the environment sets (as a deployment would), with this machine's calls counted."""
    for name, value in settings.items():
        monkeypatch.setenv(name, str(value))
    return dataclasses.replace(limits_from_env(), count_loopback=True)


def comic(api: Client, prompt: str = "Brown the dog naps in the park") -> str:
    _, _, summary = api.predict(prompt, "classic", 1, 3, OWNER, api_name="/generate")
    return str(summary["session_id"])


def comment(api: Client, session_id: str, text: str) -> dict[str, Any]:
    return dict(api.predict(session_id, text, OWNER, api_name="/feedback"))


def refusal(call: Any) -> str:
    with pytest.raises(AppError) as raised:
        call()
    return str(raised.value)


LOOK_ALIKES = [("Cyrillic о", "No, Br\u043ewn is a cat, not a dog."), ("Cyrillic а", "No, Brown is a c\u0430t."),
               ("zero-width space", "No, Bro\u200bwn is a cat, not a dog."),
               ("soft hyphen and word joiner", "No, Bro\u00adw\u2060n is a cat."),
               ("full-width letters", "No, \uff22\uff52\uff4f\uff57\uff4e is a cat.")]


def test_a_look_alike_of_an_accepted_fact_is_flagged_as_conflicting(served, attack) -> None:
    api, _ = served()
    session_id = comic(api)
    accepted = comment(api, session_id, REAL)["memories"][0]["memory_id"]
    api.predict(accepted, "accepted", "", "curator", api_name="/curate")
    other = comic(api, "A cat and Brown play chess")  # each variant on its own comic, so none is a duplicate
    for name, text in LOOK_ALIKES:
        learned = comment(api, other, text)["memories"]
        flagged = bool(learned) and all(accepted in m["conflicts_with"] or m["duplicate"] for m in learned) \
            and any("contradicts" in m["flags"] for m in learned)
        attack.record(f"contradiction spelt with a {name}", flagged)
        assert flagged, (name, learned)


RTL = [("right-to-left override", "No, Brown is a \u202etac god a\u202c, not a dog."),
       ("right-to-left isolate", "No, Mia is a \u2067fox\u2069, not a cat."),
       ("zero-width joiner and mark", "No, Zed\u200d\u200f is a cow, not a horse.")]


def test_direction_controls_never_reach_the_curator(served, attack) -> None:
    api, studio = served()
    session_id = comic(api)
    for name, text in RTL:
        learned = comment(api, session_id, text)["memories"]
        listed = api.predict("all", api_name="/list_memories")
        audit_id = learned[0]["memory_id"] if learned else ""
        if audit_id:
            api.predict(audit_id, "needs_review", "", "cur\u202eator", api_name="/curate")
        trail = api.predict(audit_id, api_name="/memory_audit") if audit_id else []
        page = memory_views.memory_table_html(memory_actions.memory_table(studio, "all"))
        detail = memory_actions.memory_detail(studio, audit_id)
        seen = [m["memory"] for m in learned] + [m["memory"] for m in listed] + [page, detail] \
            + [f"{e['curator']} {e['old']} {e['new']}" for e in trail]
        held = bool(learned) and not any(ch in text for text in seen for ch in INVISIBLE)
        attack.record(f"{name} in a comment, shown to the curator", held)
        assert held, (name, seen)


SPAM_COMMENTS, FACTS = 45, 5


def spam(n: int) -> str:
    """Five invented facts, each a new one (none is a duplicate of another)."""
    return " ".join(f"Wrong: Zed{n * FACTS + k} is a {kind}." for k, kind in enumerate(("cow", "hen", "pig", "fox",
                                                                                        "owl")))


def test_spam_on_one_comic_does_not_bury_a_real_correction(served, attack) -> None:
    api, _ = served()
    reader, spammed = comic(api), comic(api, "A robot bakes bread")
    real = comment(api, reader, REAL)["memories"][0]["memory_id"]
    for n in range(SPAM_COMMENTS):
        comment(api, spammed, spam(n))
    oldest_new = api.predict("new", "", "oldest_new", 1, 50, api_name="/list_memories")
    found = api.predict("all", "brown DOG", api_name="/list_memories")
    by_id = api.predict("all", real, api_name="/list_memories")
    seen = [m["memory_id"] for page in range(1, 8)
            for m in api.predict("all", "", "changed", page, 50, api_name="/list_memories")]
    held = oldest_new[0]["memory_id"] == real and [m["memory_id"] for m in found] == [real] \
        and [m["memory_id"] for m in by_id] == [real] and real in seen and len(seen) == len(set(seen))
    attack.record("45 comments x 5 facts on one comic, then the curator looks for the real correction", held)
    assert held, (oldest_new[:2], found, len(seen))
    assert len(api.predict("all", api_name="/list_memories")) <= 200  # today's call: at most 200, as always


def test_one_address_is_held_to_its_comment_rate(served, attack, monkeypatch) -> None:
    api, studio = served(from_env(monkeypatch, COMIC_COMMENTS_PER_MINUTE=3, COMIC_COMMENTS_PER_COMIC_PER_MINUTE=100))
    first, second = comic(api), comic(api, "A robot bakes bread")
    for n in range(3):
        comment(api, (first, second)[n % 2], f"Lovely panel {n}!")
    answer = refusal(lambda: comment(api, second, "No, Brown is a whale."))
    kept = len(studio.load_session(first).comments) + len(studio.load_session(second).comments)
    held = answer.startswith("comment: at most 3 comments a minute from one address; try again in ") and kept == 3
    attack.record("a fourth comment in a minute from one address (two comics)", held)
    assert held, (answer, kept)


def test_one_comic_is_held_to_its_comment_rate_and_a_stranger_cannot_use_it_up(served, attack, monkeypatch) -> None:
    api, studio = served(from_env(monkeypatch, COMIC_COMMENTS_PER_MINUTE=100, COMIC_COMMENTS_PER_COMIC_PER_MINUTE=2))
    busy, other = comic(api), comic(api, "A robot bakes bread")
    for _ in range(3):  # a stranger who knows the comic's id (it is public in its memories) is not its owner
        assert "no comic with id" in refusal(lambda: api.predict(busy, "Spam!", "mallory-key", api_name="/feedback"))
    comment(api, busy, "Nice!")
    comment(api, busy, "Nice again!")
    answer = refusal(lambda: comment(api, busy, "And again!"))
    comment(api, other, "This one is fine too.")  # another comic has its own count
    held = answer.startswith("comment: at most 2 comments a minute on one comic; try again in ") \
        and len(studio.load_session(busy).comments) == 2 and len(studio.load_session(other).comments) == 1
    attack.record("a third comment in a minute on one comic, after a stranger's three", held)
    assert held, answer


def test_a_comic_gives_at_most_its_cap_of_memories_and_the_comment_is_still_answered(served, attack,
                                                                                    monkeypatch) -> None:
    api, studio = served(from_env(monkeypatch, COMIC_MEMORIES_PER_COMIC=6, COMIC_COMMENTS_PER_MINUTE=100,
                                  COMIC_COMMENTS_PER_COMIC_PER_MINUTE=100))
    session_id = comic(api)
    answers = [comment(api, session_id, spam(n)) for n in range(3)]
    made = [m for m in studio.export_memories() if m["issue_id"] == session_id]
    last = answers[-1]
    held = len(made) == 6 and last["memories"] == [] and last["comment"]["text"] == spam(2) \
        and last["reply"].endswith("so no more memories are taken from this comic.") \
        and len(answers[1]["memories"]) == 1 and "no more memories" in answers[1]["reply"] \
        and len(studio.load_session(session_id).comments) == 3
    attack.record("15 invented facts on a comic capped at 6 memories", held)
    assert held, ([len(a["memories"]) for a in answers], last["reply"], len(made))
