"""Brown's checks beyond the spec, on hand-made panels: concepts drawn, captions readable."""

from __future__ import annotations

import pytest

from services.review import editor_checks
from services.review.editor_checks import merge_notes, review_beyond_spec
from services.schemas import DrawnItem, Panel, PanelNote
from services.story.caption_rules import CAPTION_MAX_CHARS, caption_notes
from services.story.concepts import Concept, prompt_concepts
from services.story.scene_plan import build_plan

PROMPT = "An old lighthouse keeper befriends a lost whale during a storm"
CONCEPTS = [Concept(what="lighthouse", role="setting", words=["lighthouse"]),
            Concept(what="keeper", role="cast", words=["keeper"]),
            Concept(what="whale", role="cast", words=["whale"]),
            Concept(what="rain", role="weather", words=["storm"])]


@pytest.fixture(autouse=True)
def fixed_concepts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The vocabulary behind `prompt_concepts` is being replaced: these tests fix what the prompt names."""
    monkeypatch.setattr(editor_checks, "prompt_concepts", lambda prompt: CONCEPTS if prompt == PROMPT else [])


def item(what: str, role: str = "prop") -> DrawnItem:
    return DrawnItem(what=what, role=role, source="procedural")


def panel(index: int, drawn: list[str], description: str = "A scene.", subtitle: str | None = None) -> Panel:
    return Panel(index=index, description=description, subtitle=subtitle or f"Caption number {index}.",
                 drawn=[item(what) for what in drawn])


def test_everything_drawn_is_clean() -> None:
    panels = [panel(0, ["lighthouse", "keeper"]), panel(1, ["whale", "rain", "keeper"])]
    report = review_beyond_spec(PROMPT, panels)
    assert report.concepts_checked and report.clean
    assert report.concepts_found == ["lighthouse", "keeper", "whale", "rain"] and report.concepts_missing == []


def test_a_concept_is_found_by_the_prompts_word_too() -> None:
    panels = [panel(0, ["lighthouse", "keeper", "whale"]), panel(1, ["storm"])]
    assert review_beyond_spec(PROMPT, panels).concepts_missing == []


def test_a_missing_creature_is_named_on_the_panel_that_mentions_it() -> None:
    panels = [panel(0, ["lighthouse", "keeper", "rain"]), panel(1, ["keeper"], "The keeper waves at the whale."),
              panel(2, [])]
    report = review_beyond_spec(PROMPT, panels)
    assert report.concepts_missing == ["whale"]
    assert report.concept_notes == [PanelNote(index=1, reason="no whale drawn", missing_words=["whale"])]


def test_a_missing_thing_nobody_mentions_goes_to_the_panel_that_shows_least() -> None:
    panels = [panel(0, ["lighthouse", "keeper", "rain"]), panel(1, ["keeper", "rain"]), panel(2, ["keeper"])]
    assert review_beyond_spec(PROMPT, panels).concept_notes == [
        PanelNote(index=2, reason="no whale drawn", missing_words=["whale"])]


def test_a_missing_place_goes_to_the_opening_panel() -> None:
    panels = [panel(0, ["keeper"]), panel(1, ["whale", "rain"])]
    assert review_beyond_spec(PROMPT, panels).concept_notes == [
        PanelNote(index=0, reason="no lighthouse drawn", missing_words=["lighthouse"])]


def test_a_vocabulary_name_that_differs_from_the_prompts_word_is_explained() -> None:
    panels = [panel(0, ["lighthouse", "keeper", "whale"])]
    [note] = review_beyond_spec(PROMPT, panels).concept_notes
    assert note.reason == 'no rain (the prompt\'s "storm") drawn' and note.missing_words == ["storm"]


def test_without_any_drawn_record_nothing_is_called_missing() -> None:
    report = review_beyond_spec(PROMPT, [panel(0, []), panel(1, [])])
    assert not report.concepts_checked and report.clean and report.concepts_missing == []


GOOD_CAPTIONS = ["Old Tom climbs the lighthouse stairs.", "Tom: Who is out there?", "A grey tail in the waves.",
                 "Friends, at last."]


def test_good_captions_pass() -> None:
    assert caption_notes(PROMPT, GOOD_CAPTIONS) == []


@pytest.mark.parametrize(("caption", "reason"), [
    ("The story is over, The story is over, The story is over, The story is over",
     'its caption repeats "the story is over"'),
    ("a magical world magic in a magical world magic", 'its caption repeats "a magical world magic"'),
    ("x" * (CAPTION_MAX_CHARS + 1), f"its caption runs {CAPTION_MAX_CHARS + 1} characters (limit {CAPTION_MAX_CHARS})"),
    ("Look: an old lighthouse keeper befriends a lost whale!",
     'its caption copies the prompt ("an old lighthouse keeper befriends a …")'),
])
def test_a_bad_caption_is_named_with_its_panel(caption: str, reason: str) -> None:
    captions = [*GOOD_CAPTIONS[:2], caption, GOOD_CAPTIONS[3]]
    assert caption_notes(PROMPT, captions) == [PanelNote(index=2, reason=reason)]


def test_five_prompt_words_in_a_row_are_not_a_copy() -> None:
    assert caption_notes(PROMPT, ["The old lighthouse keeper befriends someone."]) == []


def test_a_caption_that_repeats_another_panels_is_named_on_the_later_panel() -> None:
    captions = ["Tom waves.", "The sea is calm.", "tom WAVES!"]
    assert caption_notes(PROMPT, captions) == [PanelNote(index=2, reason="its caption repeats panel 1's")]


def test_every_problem_of_one_caption_is_named() -> None:
    caption = "the sea the sea and the sea the sea " * 6
    [note] = caption_notes(PROMPT, [caption])
    assert "repeats" in note.reason and "runs" in note.reason


def test_notes_merge_one_per_panel() -> None:
    merged = merge_notes([PanelNote(index=2, reason="no whale drawn", missing_words=["whale"]),
                          PanelNote(index=0, reason="a"), PanelNote(index=2, reason="its caption repeats x")])
    assert merged == [PanelNote(index=0, reason="a"),
                      PanelNote(index=2, reason="no whale drawn; its caption repeats x", missing_words=["whale"])]


def test_a_concept_the_reading_made_another_thing_is_found_as_that_thing(monkeypatch: pytest.MonkeyPatch) -> None:
    """'lässt seinen Drachen steigen': the reading made the Drachen a kite, so a drawn kite is the Drachen."""
    monkeypatch.setattr(editor_checks, "prompt_concepts", prompt_concepts)  # the real reading of the prompt
    prompt = "Ein Junge lässt seinen Drachen steigen"
    reading = build_plan(prompt, 3)
    assert [t.what for t in reading.things] == ["kite"]
    drawn = [panel(0, ["kite", "boy"])]
    assert review_beyond_spec(prompt, drawn, reading).concepts_missing == []
    assert review_beyond_spec(prompt, drawn).concepts_missing == ["dragon"]  # without the reading: a dragon is missing


def test_a_verb_of_the_story_is_no_thing_to_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """'lit' in 'une tortue lit un journal' is reading, not a bed; 'picks up' is lifting, not a pick."""
    monkeypatch.setattr(editor_checks, "prompt_concepts", prompt_concepts)
    for prompt, drawn, verb in [("Une vieille tortue lit un journal sur la plage", ["turtle", "newspaper", "beach"],
                                 "bed"),
                                ("The strong elephant picks up the broken bus with its trunk", ["elephant", "bus"],
                                 "pick")]:
        reading = build_plan(prompt, 3)
        report = review_beyond_spec(prompt, [panel(0, drawn)], reading)
        assert verb not in report.concepts_missing, report.concepts_missing


def test_a_creature_with_a_job_is_its_job_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """'An owl librarian': the owl drawn is the librarian."""
    monkeypatch.setattr(editor_checks, "prompt_concepts", prompt_concepts)
    prompt = "An owl librarian reads bedtime stories to the baby mice"
    report = review_beyond_spec(prompt, [panel(0, ["owl", "mouse", "book"])], build_plan(prompt, 3))
    assert report.concepts_missing == [], report.concepts_missing


def test_a_comic_that_draws_all_it_may_lists_what_else_the_prompt_names_as_left_out() -> None:
    """A list of 300 nouns: past THINGS_PER_COMIC different things a missing one could only replace another."""
    from services.art.cost_bounds import THINGS_PER_COMIC

    full = [f"thing{n}" for n in range(THINGS_PER_COMIC - 2)]  # with the lighthouse and its keeper: full
    panels = [panel(0, ["lighthouse", "keeper", *full[:6]]), panel(1, full[6:])]
    report = review_beyond_spec(PROMPT, panels)
    assert report.concepts_left_out == ["whale", "rain"] and report.concepts_missing == []
    assert report.concept_notes == []
    fewer = review_beyond_spec(PROMPT, [panel(0, ["lighthouse", "keeper", *full[:6]]), panel(1, full[6:-1])])
    assert fewer.concepts_missing == ["whale", "rain"]  # one place left: still asked for


def test_a_place_is_found_drawn_as_its_kind() -> None:
    """'in the coral reef': the sea, painted as the underwater setting, with no wave pictogram added behind."""
    reef = Concept(what="sea", role="setting", words=["reef"], kind="underwater")
    assert editor_checks._drawn_anywhere(reef, {"underwater", "octopus"})
    assert not editor_checks._drawn_anywhere(reef, {"beach", "octopus"})
