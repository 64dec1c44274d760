"""An in-memory word index of the accepted domain memories, for ranking them against a prompt.

Retrieval runs for every comic, curation rarely: so the accepted memories are
indexed word by word in memory, kept in step with this process's own changes,
and rebuilt from the database only when another process changed them (the
store keeps a version number that every change of the accepted set moves).
It holds story-world facts every user shares, nothing about a user.
"""

from __future__ import annotations

import heapq
import re
import threading
from collections import Counter, defaultdict
from datetime import datetime
from itertools import islice

STOPWORDS = frozenset(["a", "an", "the", "is", "are", "was", "were", "of", "to", "in", "on", "at", "and", "or", "not", "no", "it", "its", "his", "her", "their", "be"])


def content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"\w+", text.lower()) if w not in STOPWORDS}


class AcceptedIndex:
    def __init__(self) -> None:
        self.version = -1
        self._lock = threading.Lock()
        # word -> ids, as an insertion-ordered dict: the most recently changed memories are last.
        self._postings: dict[str, dict[str, None]] = defaultdict(dict)
        self._members: dict[str, set[str]] = defaultdict(set)  # the same ids as sets, for fast intersections
        self._texts: dict[str, str] = {}
        self._stamps: dict[str, float] = {}  # memory_id -> updated_at, as a number for quick sorting

    def rebuild(self, version: int, rows: list[tuple[str, str, str]]) -> None:
        """Replace the whole index with (memory_id, text, updated_at) rows at `version`."""
        with self._lock:
            self._postings.clear()
            self._members.clear()
            self._texts.clear()
            self._stamps.clear()
            for memory_id, text, updated in rows:
                self._put(memory_id, text, updated)
            self.version = version

    def apply(self, old_version: int, new_version: int, memory_id: str, entry: tuple[str, str] | None) -> None:
        """Follow one change made here (None: no longer accepted); a gap in versions means rebuild later."""
        with self._lock:
            if self.version != old_version:
                self.version = -1
                return
            self._remove(memory_id)
            if entry is not None:
                self._put(memory_id, *entry)
            self.version = new_version

    def top(self, prompt: str, limit: int) -> list[str]:
        """The memories sharing most words with the prompt; the most recently changed first among equals."""
        with self._lock:
            words = [w for w in content_words(prompt) if self._postings.get(w)]
            lists = [self._postings[w] for w in words]
            members = [self._members[w] for w in words]
            # Memories sharing two or more words are found with set intersections (in C).
            several: set[str] = set()
            for i, first in enumerate(members):
                for second in members[i + 1:]:
                    several |= first & second
            candidates = set(several)
            if len(several) < limit:
                # The rest share one word: only the most recent few of each word's list can make the cut.
                for posting in lists:
                    candidates.update(islice(reversed(posting), limit + len(several)))
            shared: Counter[str] = Counter()
            for member in members:
                shared.update(member & candidates)
            ids = list(shared)
            # Tuples built and compared in C: (words shared, last change, id), best first.
            best = [m for _, _, m in heapq.nlargest(limit, zip(shared.values(), map(self._stamps.__getitem__, ids), ids))]
            return [self._texts[memory_id] for memory_id in best]

    def _put(self, memory_id: str, text: str, updated: str) -> None:
        self._texts[memory_id] = text
        self._stamps[memory_id] = datetime.fromisoformat(updated).timestamp()
        for word in content_words(text):
            self._postings[word][memory_id] = None
            self._members[word].add(memory_id)

    def _remove(self, memory_id: str) -> None:
        text = self._texts.pop(memory_id, None)
        self._stamps.pop(memory_id, None)
        if text is None:
            return
        for word in content_words(text):
            self._postings[word].pop(memory_id, None)
            self._members[word].discard(memory_id)
