"""The accepted memories a prompt makes relevant: FTS5's `bm25()` top k, by one plain ranked query.

Scoring every memory that shares a word with the prompt is fast enough for a
story world (the README gives the figures), so the query is FTS5's own
`ORDER BY bm25() LIMIT k`. What this module adds is the question asked: each of
the prompt's words once per FTS5 term ('paint' and 'paints' are one term, not
one weighing double), each quoted as a phrase so that no word is read as FTS5
syntax, and none that FTS5 reads as no token at all.

On PostgreSQL (`COMIC_DATABASE_URL`) the same question is asked of the `tsvector` column: see
postgres_retrieval.
"""

from __future__ import annotations

import sqlite3

MAX_REMEMBERED_WORDS = 20_000

# Per connection: how FTS5 tokenizes the prompt's words (made when a connection opens).
PROMPT_TABLES = """
CREATE VIRTUAL TABLE IF NOT EXISTS temp.prompt_words USING fts5(word, tokenize = 'porter unicode61');
CREATE VIRTUAL TABLE IF NOT EXISTS temp.prompt_tokens USING fts5vocab(temp, prompt_words, instance);
"""

_TOKENS: dict[str, tuple[str, ...]] = {}


def prepare(db: sqlite3.Connection) -> None:
    """Give a new connection the tables that tokenize a prompt's words."""
    db.executescript(PROMPT_TABLES)


def ranked(db: sqlite3.Connection, table: str, words: list[str], limit: int) -> list[tuple[int, float]]:
    """(rowid, bm25 score) of the `limit` best matches of any of the words, best first."""
    query = match_query(db, words)
    if not query:
        return []
    return db.execute(f"SELECT rowid, bm25({table}) AS score FROM {table} WHERE {table} MATCH ? "
                      "ORDER BY score LIMIT ?", (query, limit)).fetchall()


def match_query(db: sqlite3.Connection, words: list[str]) -> str:
    """The FTS5 query for the words: one quoted phrase per distinct term, joined by OR ('' for none)."""
    tokens = _tokens(db, words)
    first_of: dict[tuple[str, ...], str] = {}
    for word in words:
        if tokens[word]:
            first_of.setdefault(tokens[word], word)
    return " OR ".join('"' + word.replace('"', '""') + '"' for word in first_of.values())


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
