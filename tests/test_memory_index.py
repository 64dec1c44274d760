"""The in-memory index ranks exactly as a full scan would."""

from __future__ import annotations

import random

from services.memory.retrieval import AcceptedIndex, content_words

WORDS = ["brown", "dog", "cat", "mia", "sun", "rain", "beach", "paints", "lighthouse", "sky", "red", "blue"]


def scan(rows: list[tuple[str, str, str]], prompt: str, limit: int) -> list[str]:
    wanted = content_words(prompt)
    ranked = sorted(rows, key=lambda r: (len(wanted & content_words(r[1])), r[2], r[0]), reverse=True)
    return [text for _, text, _ in ranked if wanted & content_words(text)][:limit]


def random_rows(rng: random.Random) -> list[tuple[str, str, str]]:
    return [(f"m{n:03d}", " ".join(rng.sample(WORDS, rng.randint(1, 4))), f"2026-01-01T00:{n // 60:02d}:{n % 60:02d}+00:00")
            for n in range(rng.randint(0, 80))]


def test_top_matches_a_full_scan_on_random_stores() -> None:
    rng = random.Random(7)
    for _ in range(300):
        rows = random_rows(rng)
        index = AcceptedIndex()
        index.rebuild(1, rows)
        prompt = " ".join(rng.sample(WORDS, rng.randint(1, 5)))
        assert index.top(prompt, 8) == scan(rows, prompt, 8)


def test_changes_are_followed_and_a_version_gap_asks_for_a_rebuild() -> None:
    index = AcceptedIndex()
    index.rebuild(3, [("a", "Brown is a dog", "2026-01-01T00:00:00+00:00")])
    index.apply(3, 4, "b", ("Brown loves rain", "2026-01-02T00:00:00+00:00"))
    assert index.top("Brown in the rain", 8) == ["Brown loves rain", "Brown is a dog"]
    index.apply(4, 5, "a", None)
    assert index.top("Brown", 8) == ["Brown loves rain"] and index.version == 5
    index.apply(9, 10, "c", ("Mia", "2026-01-03T00:00:00+00:00"))
    assert index.version == -1
