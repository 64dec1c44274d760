"""Publishing: only the owner publishes, a token is random and dies with its publication, the gallery pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.schemas import ComicSession, InvalidRequest, StoryboardRequest
from services.storage.publications import PublicationStore, is_token, publications_for
from services.storage.session_store import SessionStore, not_found

pytestmark = pytest.mark.usefixtures("store_database")  # every test on SQLite and on PostgreSQL

ANA, BEN = "ana-own-key-0001", "ben-own-key-0002"


def comic(store: SessionStore, session_id: str, owner: str | None = ANA, title: str = "") -> None:
    session = ComicSession(session_id=session_id, title=title,
                           request=StoryboardRequest(prompt=f"a cat called {session_id}", user_id=owner, seed=1))
    store.save(session, store.create_folder(session_id))


@pytest.fixture
def stores(data_dir: Path) -> tuple[SessionStore, PublicationStore]:
    sessions = SessionStore(data_dir)
    return sessions, PublicationStore(sessions)


def test_the_owner_publishes_and_gets_a_random_token_never_the_session_id(stores) -> None:
    sessions, publications = stores
    comic(sessions, "comic_a", title="The Cat")
    published = publications.publish("comic_a", ANA)
    assert is_token(published.token) and "comic_a" not in published.token and ANA not in published.token
    assert published.title == "The Cat" and published.share_path == f"/share/{published.token}"
    assert publications.by_token(published.token) == published
    assert publications.publication_of("comic_a", ANA) == published
    assert not published.include_transcripts


@pytest.mark.parametrize("stranger", [BEN, None, "", ANA.upper(), ANA + " "])
def test_anyone_but_the_owner_is_told_there_is_no_such_comic(stores, stranger) -> None:
    sessions, publications = stores
    comic(sessions, "comic_a")
    expected = str(not_found("comic_a"))
    for act in (lambda: publications.publish("comic_a", stranger),
                lambda: publications.publication_of("comic_a", stranger),
                lambda: publications.unpublish("comic_a", stranger)):
        with pytest.raises(InvalidRequest) as raised:
            act()
        assert str(raised.value) == expected
    assert publications.gallery() == []
    published = publications.publish("comic_a", ANA)
    with pytest.raises(InvalidRequest, match="no comic with id 'comic_a'"):
        publications.unpublish("comic_a", stranger)
    assert publications.by_token(published.token) == published  # a stranger's attempt changed nothing


def test_a_missing_comic_and_a_bad_id_are_refused_in_one_sentence(stores) -> None:
    _, publications = stores
    with pytest.raises(InvalidRequest, match="^session_id: no comic with id 'comic_missing'.$"):
        publications.publish("comic_missing", ANA)
    with pytest.raises(InvalidRequest, match="^session_id: must be"):
        publications.publish("../etc", ANA)


def test_publishing_again_keeps_the_link_and_republishing_after_unpublishing_gives_a_new_one(stores) -> None:
    sessions, publications = stores
    comic(sessions, "comic_a")
    first = publications.publish("comic_a", ANA)
    again = publications.publish("comic_a", ANA, include_transcripts=True)
    assert again.token == first.token and again.include_transcripts
    assert publications.unpublish("comic_a", ANA) is True
    assert publications.unpublish("comic_a", ANA) is False
    assert publications.by_token(first.token) is None and publications.publication_of("comic_a", ANA) is None
    renewed = publications.publish("comic_a", ANA)
    assert renewed.token != first.token
    assert publications.by_token(first.token) is None  # the old link stays dead
    assert publications.by_token(renewed.token) == renewed


def test_the_gallery_is_newest_first_and_paged(stores) -> None:
    sessions, publications = stores
    for n in range(5):
        comic(sessions, f"comic_{n}", title=f"Comic {n}")
    for n in (3, 0, 4, 1):  # published in this order; comic_2 stays private
        publications.publish(f"comic_{n}", ANA)
    assert [p.session_id for p in publications.gallery(1, 10)] == ["comic_1", "comic_4", "comic_0", "comic_3"]
    assert [p.session_id for p in publications.gallery(1, 3)] == ["comic_1", "comic_4", "comic_0"]
    assert [p.session_id for p in publications.gallery(2, 3)] == ["comic_3"]
    assert publications.gallery(3, 3) == [] and publications.count() == 4
    publications.unpublish("comic_4", ANA)
    assert [p.title for p in publications.gallery(1, 10)] == ["Comic 1", "Comic 0", "Comic 3"]


def test_a_deleted_comic_leaves_the_gallery_and_its_link_dies(stores) -> None:
    sessions, publications = stores
    comic(sessions, "comic_a")
    published = publications.publish("comic_a", ANA)
    sessions.delete("comic_a")
    assert publications.by_token(published.token) is None and publications.gallery() == []


@pytest.mark.parametrize("token", ["", "x", "a" * 21, "a" * 23, "a" * 10_000, "../../etc/passwd", "a b" * 7,
                                   None, 12, "' OR 1=1 --aaaaaaaaaaaa"])
def test_anything_that_is_not_a_token_finds_nothing(stores, token) -> None:
    sessions, publications = stores
    comic(sessions, "comic_a")
    publications.publish("comic_a", ANA)
    assert publications.by_token(token) is None


def test_the_title_falls_back_to_the_prompt_and_a_trusted_caller_may_publish(stores) -> None:
    sessions, publications = stores
    comic(sessions, "comic_cli", owner=None)
    published = publications.publish("comic_cli")  # the CLI, the operator's own code
    assert published.title == "a cat called comic_cli"
    with pytest.raises(InvalidRequest):
        publications.publish("comic_cli", ANA)  # an ownerless comic is nobody's to publish from outside


def test_one_store_per_index(stores) -> None:
    sessions, _ = stores
    assert publications_for(sessions) is publications_for(sessions)


def test_writes_from_two_stores_on_one_file_never_lose_a_publication(data_dir: Path) -> None:
    first, second = SessionStore(data_dir), SessionStore(data_dir)  # as the CLI and the server would
    for n in range(4):
        comic(first, f"comic_{n}")
    one, two = PublicationStore(first), PublicationStore(second)
    tokens = {one.publish("comic_0", ANA).token, two.publish("comic_1", ANA).token,
              one.publish("comic_2", ANA).token, two.publish("comic_3", ANA).token}
    assert {p.token for p in one.gallery(1, 10)} == tokens == {p.token for p in two.gallery(1, 10)}
