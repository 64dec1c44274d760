"""The accepted memories a prompt makes relevant: FTS5's `bm25()` top k, without scoring every match.

`bm25()` costs about 0.8 µs for each row it scores (most of it reading the row's
length), so a prompt whose words each sit in thousands of memories would spend
most of its time scoring rows that cannot reach the top k. The full-text table
is therefore keyed by each memory's token floor (a lower bound of its length in
FTS5 tokens) in the high bits of its rowid, which keeps short memories first in
every list. Retrieval then:

1. scores the first HEAD_ROWS matches (the shortest memories) and takes the k-th
   best score as the bar;
2. bounds what any other memory can score from FTS5's own statistics (row count,
   average length, each term's document and instance counts) and its length
   floor, and asks FTS5 only for the memories whose bound clears the bar;
3. scores those with `bm25()` too and keeps the k best.

Every memory left out provably scores no better than the bar, so the result is
the same as scoring all matches (equal scores aside). When a shortcut does not
pay (few matches, many terms, many candidates) it scores all matches instead.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from dataclasses import dataclass

KEY_SHIFT = 40  # rowid = token floor << KEY_SHIFT | memories.rowid
ROWID_MASK = (1 << KEY_SHIFT) - 1
HEAD_ROWS = 64
PLAIN_HITS = 1000      # up to this many matches, scoring them all is already fast
MAX_TERMS = 24          # the bounds look at sets of terms; beyond this, score all
MAX_SEEKS = 64
MAX_CANDIDATES = 1000
MAX_GROUPS = 64
MAX_REMEMBERED_WORDS = 20_000
TOLERANCE = 1e-9        # scores this close are equal (the bound and bm25() round differently)
K1, B = 1.2, 0.75       # the constants of FTS5's bm25()
ASCII_SEPARATORS = re.compile(r"[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+")
ASCII_WORD_CHAR = re.compile(r"[0-9A-Za-z]")

# Per connection: how FTS5 tokenizes the prompt's words (made when a connection opens).
PROMPT_TABLES = """
CREATE VIRTUAL TABLE IF NOT EXISTS temp.prompt_words USING fts5(word, tokenize = 'porter unicode61');
CREATE VIRTUAL TABLE IF NOT EXISTS temp.prompt_tokens USING fts5vocab(temp, prompt_words, instance);
"""


_TOKENS: dict[str, tuple[str, ...]] = {}


def prepare(db: sqlite3.Connection) -> None:
    """Give a new connection what retrieval and the table's triggers use."""
    db.create_function("token_floor", 1, lambda text: token_floor(str(text or "")), deterministic=True)
    db.executescript(PROMPT_TABLES)


def token_floor(text: str) -> int:
    """At most the number of FTS5 tokens in the text: ASCII punctuation always separates tokens and ASCII
    letters and digits always belong to one, whatever unicode61 makes of the other characters."""
    return sum(1 for piece in ASCII_SEPARATORS.split(text) if ASCII_WORD_CHAR.search(piece))


def fts_key(floor: int, rowid: int) -> int:
    return (floor << KEY_SHIFT) | rowid


@dataclass(frozen=True)
class Term:
    word: str           # the prompt's word, quoted as an FTS5 phrase
    weight_idf: float   # bm25()'s IDF for it
    most_per_row: int   # the most times it can stand in one memory


def ranked(db: sqlite3.Connection, table: str, words: list[str], limit: int) -> list[tuple[int, float]]:
    """(memories.rowid, bm25 score) of the `limit` best matches of any of the words, best first."""
    if not words:
        return []
    own_snapshot = not db.in_transaction
    if own_snapshot:
        db.execute("BEGIN")  # every step below reads the same state of the table
    try:
        scored = _ranked(db, table, words, limit)
    finally:
        if own_snapshot:
            db.execute("COMMIT")
    return [(key & ROWID_MASK, score) for key, score in scored]


def _ranked(db: sqlite3.Connection, table: str, words: list[str], limit: int) -> list[tuple[int, float]]:
    phrases, terms = _terms(db, table, words)
    if not phrases:
        return []
    query = " OR ".join(f'"{word}"' for word in phrases)
    score_all = f"SELECT rowid, bm25({table}) AS score FROM {table} WHERE {table} MATCH ? ORDER BY score LIMIT ?"
    if terms is None or sum(n for n, _ in terms.values()) <= PLAIN_HITS or len(terms) > MAX_TERMS:
        return db.execute(score_all, (query, limit)).fetchall()
    totals = _row_and_token_count(db, table)
    if totals is None:
        return db.execute(score_all, (query, limit)).fetchall()
    rows, tokens = totals
    bounds = [Term(word, _idf(rows, docs), instances - docs + 1) for word, (docs, instances) in terms.items()]
    head_rows = max(HEAD_ROWS, 2 * limit)
    head = db.execute(f"SELECT rowid, bm25({table}) FROM {table} WHERE {table} MATCH ? ORDER BY rowid LIMIT ?",
                      (query, head_rows)).fetchall()
    if len(head) < head_rows:  # that was every match
        return sorted(head, key=lambda row: row[1])[:limit]
    bar = -sorted(score for _, score in head)[limit - 1] * (1 + TOLERANCE)
    candidates = _candidates(db, table, bounds, bar, head[-1][0] + 1, tokens / rows)
    if candidates is None:
        return db.execute(score_all, (query, limit)).fetchall()
    if candidates:
        head += db.execute(f"SELECT rowid, bm25({table}) FROM {table} WHERE {table} MATCH ? "
                           "AND +rowid IN (SELECT value FROM json_each(?))", (query, json.dumps(candidates))).fetchall()
    return sorted(head, key=lambda row: row[1])[:limit]


def _terms(db: sqlite3.Connection, table: str,
           words: list[str]) -> tuple[list[str], dict[str, tuple[int, int]] | None]:
    """The words to ask for (one per FTS5 token: 'paint' and 'paints' count once), and each one's document and
    instance counts; None for the counts when a word is not exactly one token (the bounds do not apply)."""
    tokens = _tokens(db, words)
    if any(len(tokens[word]) != 1 for word in words):
        return [word for word in words if tokens[word]], None
    word_of = {tokens[word][0]: word for word in reversed(words)}
    found = db.execute(f"SELECT term, doc, cnt FROM {table}_terms WHERE term IN ({','.join('?' * len(word_of))})",
                       list(word_of)).fetchall()
    counts = {word_of[token]: (docs, instances) for token, docs, instances in found}
    return [word for word in words if word in counts], counts


def _tokens(db: sqlite3.Connection, words: list[str]) -> dict[str, tuple[str, ...]]:
    """How FTS5 tokenizes each word (remembered: the tokenizer never changes while the process runs)."""
    found = {word: _TOKENS.get(word) for word in words}
    new = [word for word, tokens in found.items() if tokens is None]
    if new:
        db.execute("DELETE FROM temp.prompt_words")
        db.executemany("INSERT INTO temp.prompt_words (rowid, word) VALUES (?, ?)", enumerate(new))
        by_row: dict[int, list[str]] = {}
        for row, token in db.execute("SELECT doc, term FROM temp.prompt_tokens ORDER BY doc, offset"):
            by_row.setdefault(row, []).append(token)
        learned = {word: tuple(by_row.get(n, ())) for n, word in enumerate(new)}
        if len(_TOKENS) + len(learned) > MAX_REMEMBERED_WORDS:
            _TOKENS.clear()
        _TOKENS.update(learned)
        found.update(learned)
    return {word: tokens or () for word, tokens in found.items()}


def _row_and_token_count(db: sqlite3.Connection, table: str) -> tuple[int, int] | None:
    """The rows and tokens of the table, as bm25() reads them (FTS5's averages record: two varints)."""
    row = db.execute(f"SELECT block FROM {table}_data WHERE id = 1").fetchone()
    if row is None or not isinstance(row[0], bytes):
        return None
    values = _varints(row[0])
    return (values[0], values[1]) if len(values) >= 2 and values[0] > 0 and values[1] > 0 else None


def _varints(blob: bytes) -> list[int]:
    """SQLite's varints: seven bits a byte, high bit set while more follow; a ninth byte gives eight."""
    values, i = [], 0
    while i < len(blob):
        value = 0
        for n in range(9):
            byte = blob[i]
            i += 1
            if n == 8:
                value = (value << 8) | byte
                break
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80 or i == len(blob):
                break
        values.append(value)
    return values


def _idf(rows: int, docs: int) -> float:
    return max(1e-6, math.log((rows - docs + 0.5) / (docs + 0.5)))


def _most(term: Term, length: int, average: float) -> float:
    """The most this term can add to the score of a memory of at least `length` tokens."""
    tf = term.most_per_row
    return term.weight_idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * max(length, 1) / average))


def _enough(terms: list[Term], length: int, average: float, bar: float) -> list[list[str]] | None:
    """The smallest sets of terms whose most can pass the bar in a memory of `length` tokens or more (None
    when there are more than MAX_GROUPS of them)."""
    most = {t.word: _most(t, length, average) for t in terms}
    order = sorted(most, key=most.__getitem__, reverse=True)
    groups: list[list[str]] = []

    def extend(start: int, chosen: list[str], total: float) -> None:
        # Terms join heaviest first, so a set that just passed loses the bar without any one of them.
        if total > bar:
            groups.append(chosen)
            return
        if total + sum(most[w] for w in order[start:]) <= bar or len(groups) > MAX_GROUPS:
            return
        for n in range(start, len(order)):
            extend(n + 1, [*chosen, order[n]], total + most[order[n]])

    extend(0, [], 0.0)
    return groups if len(groups) <= MAX_GROUPS else None


def _candidates(db: sqlite3.Connection, table: str, terms: list[Term], bar: float, first_key: int,
                average: float) -> list[int] | None:
    """Keys from first_key on of every memory whose bound passes the bar; None when that would cost more than
    scoring all matches. Walks the length floors each term occurs at, so only floors where enough terms meet
    are asked about."""
    floors: dict[str, list[int]] = {}
    seeks = 0
    top = _ceiling(terms, bar, average)
    for term in terms:
        floors[term.word], used = _floors_of(db, table, term.word, first_key, top, MAX_SEEKS - seeks)
        seeks += used
        if seeks >= MAX_SEEKS:
            return None
    found: list[int] = []
    for floor in sorted({f for listed in floors.values() for f in listed}):
        present = [t for t in terms if floor in floors[t.word]]
        groups = _enough(present, floor, average, bar)
        if groups is None:
            return None
        if not groups:
            continue
        match = " OR ".join("(" + " AND ".join(f'"{w}"' for w in group) + ")" for group in groups)
        found += [key for (key,) in db.execute(
            f"SELECT rowid FROM {table} WHERE {table} MATCH ? AND rowid >= ? AND rowid < ? LIMIT ?",
            (match, max(first_key, fts_key(floor, 0)), fts_key(floor + 1, 0), MAX_CANDIDATES + 1))]
        if len(found) > MAX_CANDIDATES:
            return None
    return found


def _ceiling(terms: list[Term], bar: float, average: float) -> int:
    """The first length floor at which even all terms together cannot pass the bar."""
    length = 1
    while length < 1 << 9 and sum(_most(t, length, average) for t in terms) > bar:
        length += 1
    return length


def _floors_of(db: sqlite3.Connection, table: str, word: str, first_key: int, top: int,
               budget: int) -> tuple[list[int], int]:
    """The length floors below `top` at which the word occurs from first_key on, one seek each."""
    floors: list[int] = []
    key, seeks = first_key, 0
    while seeks < budget:
        seeks += 1
        row = db.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH ? AND rowid >= ? ORDER BY rowid LIMIT 1",
                         (f'"{word}"', key)).fetchone()
        if row is None or row[0] >> KEY_SHIFT >= top:
            break
        floors.append(row[0] >> KEY_SHIFT)
        key = fts_key(floors[-1] + 1, 0)
    return floors, seeks
