"""The domain-memory store: exact fields, curation, and which memories reach a comic."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from services.memory.condenser import count_tokens
from services.memory.domain_memories import DomainMemory, DomainMemoryStore, MemoryStatus, ReviewFlag, StoredMemory
from services.schemas import InvalidRequest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.usefixtures("store_database")  # every test on SQLite and on PostgreSQL



def test_records_have_exactly_the_specified_fields() -> None:
    assert list(DomainMemory.model_fields) == ["memory_id", "issue_id", "comment_id", "memory", "user_id",
                                               "created_at", "updated_at", "status"]


def test_an_empty_store_lists_nothing(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    assert store.list() == [] and store.list(MemoryStatus.ACCEPTED) == []
    assert store.relevant_texts("a dog") == []


def test_curation_changes_status_and_updated_at(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    record = store.add(DomainMemory(issue_id="comic_1", comment_id="c1", memory="Brown is a dog", user_id="ana")).record
    assert store.get(record.memory_id).status is MemoryStatus.NEW
    curated = store.set_status(record.memory_id, MemoryStatus.ACCEPTED)
    assert curated.status is MemoryStatus.ACCEPTED and curated.updated_at >= record.updated_at
    assert [m.memory_id for m in store.list(MemoryStatus.ACCEPTED)] == [record.memory_id]
    assert store.list(MemoryStatus.NEW) == []


def test_unknown_ids_are_clear_errors(data_dir: Path) -> None:
    with pytest.raises(InvalidRequest, match="memory_id"):
        DomainMemoryStore(data_dir).set_status("../nope", MemoryStatus.REJECTED)


def test_only_accepted_memories_that_share_a_word_are_relevant(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    for text, status in [("Brown is a dog", MemoryStatus.ACCEPTED), ("Brown hates rain", MemoryStatus.NEW),
                         ("Mia is a cat", MemoryStatus.ACCEPTED), ("Brown the dog loves bones", MemoryStatus.ACCEPTED)]:
        add(store, text, status)
    assert store.relevant_texts("Brown the dog loves digging") == ["Brown the dog loves bones", "Brown is a dog"]


def add(store: DomainMemoryStore, text: str, status: MemoryStatus = MemoryStatus.NEW, comment_id: str = "c",
        user_id: str | None = None) -> StoredMemory:
    """A memory taught by a comment (always `new`), then curated to `status`."""
    stored = store.add(DomainMemory(issue_id="comic_1", comment_id=comment_id, memory=text, user_id=user_id))
    assert stored.record.status is MemoryStatus.NEW
    if status is not MemoryStatus.NEW:
        stored.record = store.set_status(stored.record.memory_id, status)
    return stored


def test_a_memory_is_always_created_new(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    for status in (MemoryStatus.ACCEPTED, MemoryStatus.NEEDS_REVIEW, MemoryStatus.REJECTED):
        with pytest.raises(InvalidRequest, match="status: a memory taught by a comment starts as new"):
            store.add(DomainMemory(issue_id="comic_1", comment_id="c", memory="Brown is a dog.", status=status))
    incomplete = store.add(DomainMemory(issue_id="comic_1", comment_id="c", memory="He is a dog."), incomplete=True)
    assert incomplete.record.status is MemoryStatus.NEW and incomplete.flags == [ReviewFlag.INCOMPLETE]
    assert store.flags([incomplete.record.memory_id]) == {incomplete.record.memory_id: ["incomplete"]}
    store.edit(incomplete.record.memory_id, "Brown is a dog.")  # the curator completed it
    assert store.flags([incomplete.record.memory_id]) == {incomplete.record.memory_id: []}
    assert {m.status for m in store.list()} == {MemoryStatus.NEW}


def test_the_same_memory_twice_is_stored_once(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    first = add(store, "Brown is a dog, not a cat.")
    again = add(store, "  brown IS a dog not a cat!! ")
    assert again.duplicate and again.record.memory_id == first.record.memory_id
    assert len(store.list()) == 1


def test_a_contradiction_of_an_accepted_memory_waits_for_review(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    accepted = add(store, "Brown is a cat.", MemoryStatus.ACCEPTED).record
    new = add(store, "Brown is a dog, not a cat.")
    assert new.record.status is MemoryStatus.NEW and new.flags == [ReviewFlag.CONTRADICTS]
    assert new.conflicts_with == [accepted.memory_id]
    assert store.flags([new.record.memory_id]) == {new.record.memory_id: ["contradicts"]}
    assert store.conflicts([new.record.memory_id]) == {new.record.memory_id: [accepted.memory_id]}
    assert add(store, "Mia is a cat.").record.status is MemoryStatus.NEW


def test_every_change_is_audited(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    record = add(store, "Brown is a dog.").record
    store.set_status(record.memory_id, MemoryStatus.ACCEPTED, "ana")
    edited = store.edit(record.memory_id, "Brown is a brown dog.", "ben")
    assert edited.memory == "Brown is a brown dog." and edited.updated_at > record.updated_at
    trail = store.audit(record.memory_id)
    assert [(e.curator, e.field, e.old, e.new) for e in trail] == [
        ("ben", "memory", "Brown is a dog.", "Brown is a brown dog."), ("ana", "status", "new", "accepted")]


LONG_TEXT = "Brown is a very old dog who was born in the lighthouse on the northern island and never saw a cat."


def test_no_memory_longer_than_20_tokens_is_stored_or_written(data_dir: Path) -> None:
    assert count_tokens(LONG_TEXT) > 20
    store = DomainMemoryStore(data_dir)
    with pytest.raises(InvalidRequest, match="memory: must be at most 20 tokens"):
        add(store, LONG_TEXT)
    record = add(store, "Brown is a dog.").record
    with pytest.raises(InvalidRequest, match="20 tokens"):
        store.edit(record.memory_id, LONG_TEXT)
    assert store.get(record.memory_id).memory == "Brown is a dog." and store.audit(record.memory_id) == []
    assert [m.memory for m in store.list()] == ["Brown is a dog."]


def test_a_fact_taught_again_links_every_comment_and_user(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    first = add(store, "Miso is an orange cat.", comment_id="c1", user_id="ana").record
    again = add(store, "miso is an ORANGE cat", comment_id="c2", user_id="ben")
    assert again.duplicate and again.record.memory_id == first.memory_id
    assert [(p.comment_id, p.user_id) for p in store.provenance(first.memory_id)] == [("c1", "ana"), ("c2", "ben")]
    add(store, "Miso is an orange cat.", comment_id="c2", user_id="ben")  # the same comment twice: one link
    assert len(store.provenance(first.memory_id)) == 2
    # The export keeps exactly the specification's record: the first comment and user.
    (exported,) = store.export_records()
    assert (exported["comment_id"], exported["user_id"]) == ("c1", "ana") and len(exported) == 8


@pytest.mark.sqlite_only  # two data directories are two stores only on SQLite (PostgreSQL: one database)
def test_export_then_import_into_an_empty_store_round_trips_every_field(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    source = DomainMemoryStore(tmp_path / "a")
    add(source, "Brown is a dog.", MemoryStatus.ACCEPTED)
    add(source, "Mia never swims.")
    records = source.export_records()
    assert all(list(r) == ["memory_id", "issue_id", "comment_id", "memory", "user_id", "created_at", "updated_at",
                           "status"] for r in records)
    (tmp_path / "b").mkdir()
    target = DomainMemoryStore(tmp_path / "b")
    assert target.import_records(records) == 2
    assert target.export_records() == records
    assert target.import_records(records) == 0


@pytest.mark.parametrize(("records", "message"), [
    ({"not": "a list"}, "file: must hold a JSON list"),
    ([{"memory": "x"}], "record 1: must have exactly the fields"),
    ([{"memory_id": "m", "issue_id": "i", "comment_id": "c", "memory": "x", "user_id": None,
       "created_at": "yesterday", "updated_at": "2026-01-01T00:00:00Z", "status": "new"}], "record 1: created_at"),
    ([{"memory_id": "m1", "issue_id": "i", "comment_id": "c", "memory": "Brown is a dog.", "user_id": None,
       "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z", "status": "new"},
      {"memory_id": "m_long", "issue_id": "i", "comment_id": "c", "memory": LONG_TEXT, "user_id": None,
       "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z", "status": "accepted"}],
     r"record 2 \(m_long\): memory: must be at most 20 tokens \(has 2\d\)"),
])
def test_a_bad_import_is_refused_whole(data_dir: Path, records: object, message: str) -> None:
    store = DomainMemoryStore(data_dir)
    with pytest.raises(InvalidRequest, match=message):
        store.import_records(records)
    assert store.list() == []


def _imported(**change: object) -> list[dict]:
    return [{"memory_id": "mem_1", "issue_id": "comic_1", "comment_id": "cmt_1", "memory": "Brown is a dog.",
             "user_id": None, "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-02T00:00:00Z",
             "status": "new", **change}]


@pytest.mark.parametrize(("change", "message"), [
    ({"memory_id": "m" * 1_000_000}, "record 1: memory_id must be 1 to 64 letters"),
    ({"issue_id": "<img src=x onerror=alert(1)>" * 150}, "record 1: issue_id must be 1 to 64 letters"),
    ({"comment_id": ""}, "record 1: comment_id must be 1 to 64 letters"),
    ({"updated_at": "9999-12-31T00:00:00Z"}, "record 1: updated_at must be a date from 2020 to today"),
    ({"created_at": "1970-01-01T00:00:00Z"}, "record 1: created_at must be a date from 2020 to today"),
    ({"updated_at": "2025-06-01T00:00:00Z"}, "record 1: updated_at must not be before created_at"),
    ({"user_id": "u" * 65}, "record 1: user_id must be at most 64 characters"),
])
def test_an_import_keeps_the_bounds_of_every_other_path(data_dir: Path, change: dict, message: str) -> None:
    """A 1 MB id, an id of markup, a date in the year 9999 once went in as given (and pinned to the top)."""
    store = DomainMemoryStore(data_dir)
    with pytest.raises(InvalidRequest, match=message):
        store.import_records(_imported(**change))
    assert store.list() == []


def test_each_imported_record_leaves_one_audit_entry(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    assert store.import_records(_imported(status="accepted"), curator="curator (import)") == 1
    entries = store.audit("mem_1")
    assert [(e.curator, e.field, e.old, e.new) for e in entries] == [("curator (import)", "import", "", "accepted")]
    assert store.import_records(_imported()) == 0 and len(store.audit("mem_1")) == 1  # skipped: no second entry


def test_relevance_is_ranked_and_capped_at_eight(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    for n in range(12):
        add(store, f"Brown fact number {n}.", MemoryStatus.ACCEPTED)
    add(store, "Brown the dog loves the beach.", MemoryStatus.ACCEPTED)
    found = store.relevant_texts("Brown the dog goes to the beach")
    assert len(found) == 8 and found[0] == "Brown the dog loves the beach."


def test_retrieval_follows_every_change_here_and_in_another_store(data_dir: Path) -> None:
    store, other = DomainMemoryStore(data_dir), DomainMemoryStore(data_dir)
    record = add(store, "Brown loves the beach.").record
    assert store.relevant_texts("Brown at the beach") == []
    store.set_status(record.memory_id, MemoryStatus.ACCEPTED)
    assert store.relevant_texts("Brown at the beach") == ["Brown loves the beach."]
    store.edit(record.memory_id, "Brown loves the cold beach.")
    assert store.relevant_texts("Brown at the beach") == ["Brown loves the cold beach."]
    assert other.relevant_texts("Brown at the beach") == ["Brown loves the cold beach."]
    other.set_status(record.memory_id, MemoryStatus.REJECTED)
    assert store.relevant_texts("Brown at the beach") == []
    other.import_records([{**record.model_dump(mode="json"), "memory_id": "mem_x", "memory": "Brown naps on the beach.",
                           "status": "accepted"}])
    assert store.relevant_texts("Brown at the beach") == ["Brown naps on the beach."]


ACCEPT_IN_ANOTHER_PROCESS = """
import sys
from pathlib import Path
from services.memory.domain_memories import DomainMemory, DomainMemoryStore, MemoryStatus

store = DomainMemoryStore(Path(sys.argv[1]))
stored = store.add(DomainMemory(issue_id="comic_9", comment_id="c9", memory="Zed the dog sleeps in the lighthouse."))
store.set_status(stored.record.memory_id, MemoryStatus.ACCEPTED, "other process")
"""


def test_retrieval_sees_a_memory_another_process_accepted(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    add(store, "Mia never swims.", MemoryStatus.ACCEPTED)
    assert store.relevant_texts("Zed at the lighthouse") == []
    subprocess.run([sys.executable, "-c", ACCEPT_IN_ANOTHER_PROCESS, str(data_dir)], cwd=ROOT, check=True,
                   timeout=60)
    assert store.relevant_texts("Zed at the lighthouse") == ["Zed the dog sleeps in the lighthouse."]


def test_a_prompt_cannot_inject_full_text_syntax(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    add(store, "Brown is a dog.", MemoryStatus.ACCEPTED)
    for prompt in ['Brown" OR NEAR(', "dog*", "-- ; DROP TABLE memories", "(((", "AND OR NOT"]:
        store.relevant_texts(prompt)
    assert store.relevant_texts('"Brown" the dog*') == ["Brown is a dog."]


def test_a_capped_comic_gives_no_new_memory_but_a_known_fact_is_still_linked(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    first = store.add(DomainMemory(issue_id="comic_1", comment_id="c1", memory="Zed is a cow"), cap=2)
    assert first is not None
    assert store.add(DomainMemory(issue_id="comic_1", comment_id="c2", memory="Ann is a hen"), cap=2) is not None
    assert store.add(DomainMemory(issue_id="comic_1", comment_id="c3", memory="Bob is a pig"), cap=2) is None
    again = store.add(DomainMemory(issue_id="comic_1", comment_id="c4", memory="zed is a COW"), cap=2)
    assert again is not None and again.duplicate and len(store.provenance(first.record.memory_id)) == 2
    assert store.add(DomainMemory(issue_id="comic_2", comment_id="c5", memory="Bob is a pig"), cap=2) is not None
    assert len(store.list()) == 3
