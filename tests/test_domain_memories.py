"""The domain-memory store: exact fields, curation, and which memories reach a comic."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.domain_memories import DomainMemory, DomainMemoryStore, MemoryStatus
from services.schemas import InvalidRequest


def test_records_have_exactly_the_specified_fields() -> None:
    assert list(DomainMemory.model_fields) == ["memory_id", "issue_id", "comment_id", "memory", "user_id",
                                               "created_at", "updated_at", "status"]


def test_an_empty_store_lists_nothing(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    assert store.list() == [] and store.list(MemoryStatus.ACCEPTED) == []
    assert store.relevant_texts("a dog") == []


def test_curation_changes_status_and_updated_at(data_dir: Path) -> None:
    store = DomainMemoryStore(data_dir)
    record = store.add(DomainMemory(issue_id="comic_1", comment_id="c1", memory="Brown is a dog", user_id="ana"))
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
        store.add(DomainMemory(issue_id="s", comment_id="c", memory=text, status=status))
    assert store.relevant_texts("Brown the dog loves digging") == ["Brown the dog loves bones", "Brown is a dog"]
