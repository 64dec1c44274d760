"""Many people at once through the real app: 6 clients x 1 comic, with comments and curation alongside.

Every comic completes, nobody sees another's comics or messages, and no write is lost.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from gradio_client import Client

# More users than comics drawn at once (COMIC_GENERATE_CONCURRENCY, 4): some wait in the queue while others draw,
# which is where one user's comic could land in another's list. Sixteen at once is benchmarks/run.py's load.
USERS = 6
COMICS_EACH = 1


def make_client(server) -> Client:
    return Client(server.url, analytics_enabled=False, verbose=False)


def test_many_users_at_once_each_get_their_own_comics(studio_server) -> None:
    curator_errors: list[str] = []
    stop = threading.Event()

    def curator() -> None:
        api = make_client(studio_server)
        while not stop.is_set():
            for memory in api.predict("new", api_name="/list_memories")[:3]:
                try:
                    api.predict(memory["memory_id"], "accepted", "", "load-test curator", api_name="/curate")
                except Exception as error:
                    curator_errors.append(repr(error))
            stop.wait(0.2)

    def user(number: int) -> tuple[str, list[dict]]:
        api, name = make_client(studio_server), f"load-user-{number}"
        made = []
        for n in range(COMICS_EACH):
            _, _, comic = api.predict(f"Character{number} the fox explores the forest, part {n}", "classic", 2,
                                      number * 100 + n, name, api_name="/generate")
            reply = api.predict(comic["session_id"], f"Character{number} is a fox, not a cat.", name,
                                api_name="/feedback")
            made.append({"session_id": comic["session_id"], "comment_id": reply["comment"]["comment_id"],
                         "decision": comic["decision"]})
        return name, made

    watcher = threading.Thread(target=curator)
    watcher.start()
    try:
        with ThreadPoolExecutor(max_workers=USERS) as pool:
            results = list(pool.map(user, range(USERS)))
    finally:
        stop.set()
        watcher.join()

    assert curator_errors == []
    api = make_client(studio_server)
    for name, made in results:
        assert len(made) == COMICS_EACH and all(m["decision"] == "approve" for m in made)
        listed = {s["session_id"] for s in api.predict(name, 200, api_name="/list_sessions")}
        assert listed == {m["session_id"] for m in made}  # exactly their own comics, none lost, none foreign
        number = name.rsplit("-", 1)[1]
        for comic in made:
            history = api.predict(comic["session_id"], name, api_name="/session_history")
            assert [c["comment_id"] for c in history["session"]["comments"]] == [comic["comment_id"]]
            text = " ".join(line["content"] for line in history["brown"] + history["bayko"])
            assert f"Character{number} the fox explores" in text and f"load-user-{number} (" in text
            # Accepted memories are shared story-world facts; another user's request or comment never shows.
            for other in (o for o in range(USERS) if str(o) != number):
                assert f"Character{other} the fox explores" not in text and f"load-user-{other} (" not in text
    memories = {m["memory"] for m in api.predict("all", api_name="/list_memories")}
    assert {f"Character{n} is a fox, not a cat." for n in range(USERS)} <= memories
