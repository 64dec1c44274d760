"""The curator's list: pages that cover every memory once, search, and the oldest new memories first."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from services.memory.domain_memories import DomainMemory, DomainMemoryStore, MemoryStatus
from services.memory.memory_listing import MemoryOrder, MemoryQuery, check_search, parse_order, where
from services.schemas import InvalidRequest, utc_now


def filled(data_dir: Path, count: int = 12) -> tuple[DomainMemoryStore, list[str]]:
    """`count` memories created a minute apart (oldest first), the second one accepted."""
    store, start = DomainMemoryStore(data_dir), utc_now() - timedelta(hours=1)
    ids = []
    for n in range(count):
        at = start + timedelta(minutes=n)
        ids.append(store.add(DomainMemory(issue_id=f"comic_{n % 3}", comment_id=f"c{n}", memory=f"Zed{n} is a cow",
                                          created_at=at, updated_at=at)).record.memory_id)
    store.set_status(ids[1], MemoryStatus.ACCEPTED)
    return store, ids


def test_pages_cover_every_memory_once_and_say_how_many(data_dir: Path) -> None:
    store, ids = filled(data_dir)
    pages = [store.page(MemoryQuery(page=n, per_page=5)) for n in (1, 2, 3, 4)]
    seen = [m.memory_id for p in pages for m in p.memories]
    assert sorted(seen) == sorted(ids) and len(seen) == len(ids)
    assert [len(p.memories) for p in pages] == [5, 5, 2, 0] and {(p.total, p.pages) for p in pages} == {(12, 3)}


def test_each_order(data_dir: Path) -> None:
    store, ids = filled(data_dir)
    listed = {order: [m.memory_id for m in store.page(MemoryQuery(order=order)).memories] for order in MemoryOrder}
    assert listed[MemoryOrder.CHANGED][0] == ids[1]  # just curated
    assert listed[MemoryOrder.NEWEST] == ids[::-1]
    assert listed[MemoryOrder.OLDEST_NEW] == [ids[0], *ids[2:], ids[1]]  # the new ones, oldest first, then the rest
    assert store.list() == store.page(MemoryQuery()).memories  # today's list is the first page, recently changed


def test_search_by_words_look_alikes_and_ids(data_dir: Path) -> None:
    store, ids = filled(data_dir)
    found = lambda search, **more: [m.memory_id for m in store.page(MemoryQuery(search=search, **more)).memories]  # noqa: E731
    assert found("zed7 COW") == [ids[7]] and found("Z\u0435d7,  cow!") == [ids[7]]  # a Cyrillic е, punctuation
    assert found(ids[3]) == [ids[3]] and len(found("comic_1")) == 4
    assert found("zed7 horse") == [] and found("100%") == []
    assert found("cow", status=MemoryStatus.ACCEPTED.value) == [ids[1]]


def test_bad_query_values_are_one_sentence() -> None:
    with pytest.raises(InvalidRequest, match="order: must be one of changed, newest, oldest_new"):
        parse_order("sideways")
    with pytest.raises(InvalidRequest, match="search: must be at most 200 characters"):
        check_search("x" * 201)
    assert parse_order(None) is MemoryOrder.CHANGED and check_search("  a \n b ") == "a b"
    assert where(MemoryQuery()) == ("", [])
