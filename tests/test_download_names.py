"""A download is named from the comic's title, safely."""

from services.web.download_names import download_name, title_stem


def test_a_title_becomes_lowercase_words_joined_by_hyphens() -> None:
    assert title_stem("Smolder on the Mountain!") == "smolder-on-the-mountain"
    assert title_stem("Le café de Pingu") == "le-cafe-de-pingu"


def test_nothing_usable_falls_back_to_comic() -> None:
    assert title_stem("") == "comic"
    assert title_stem(None) == "comic"
    assert title_stem("🐧🐧 ../../") == "comic"


def test_a_long_title_is_cut_without_a_trailing_hyphen() -> None:
    stem = title_stem("word " * 40)
    assert len(stem) <= 60 and not stem.endswith("-")


def test_each_file_keeps_its_kind_and_extension() -> None:
    assert download_name("A Whale Sings", "comic.pdf") == "a-whale-sings.pdf"
    assert download_name("A Whale Sings", "subtitles.vtt") == "a-whale-sings-subtitles.vtt"
    assert download_name("A Whale Sings", "manifest.json") == "a-whale-sings-manifest.json"
    assert "/" not in download_name("../etc/passwd", "comic.zip")
