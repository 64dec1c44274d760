"""The captions' language a person chooses: it wins over the prompt's own through every front door, and "auto"
(the default) is exactly today's reading of the prompt."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from gradio_client import Client
from gradio_client.exceptions import AppError

from agents.studio import Studio, open_studio
from services.language.detection import detect_language
from services.schemas import ComicFinished, parse_request
from services.story.model_story import cast_brief
from services.story.scene_plan import build_plan
from services.story.storyboard_writer import write_storyboard
from services.story.storyteller import OfflineStoryteller
from services.story.translation import noun_phrase
from services.web import handlers
from services.web.identity import browser_owner, new_browser_secret
from tests.cli_in_process import run_cli

# The same little story in each language: whatever it is written in, the chosen language is the captions'.
PROMPTS = {"en": "A cat and a dog race to the beach at sunset",
           "fr": "Un chat et un chien font la course jusqu'à la plage",
           "de": "Eine Katze und ein Hund rennen zum Strand",
           "es": "Un gato y un perro corren hasta la playa"}
LANGUAGES = ("en", "fr", "de", "es")


def captions(prompt: str, language: str | None, seed: int = 3, panels: int = 4) -> list[str]:
    plan = build_plan(prompt, seed, [], language)
    return [p.subtitle for p in write_storyboard(prompt, panels, seed, [], plan).panels]


@pytest.mark.parametrize("chosen", LANGUAGES)
@pytest.mark.parametrize("written", LANGUAGES)
def test_the_chosen_language_wins_over_the_prompts(written: str, chosen: str) -> None:
    plan = build_plan(PROMPTS[written], 3, [], chosen)
    assert plan.language == chosen and plan.prompt_language == written  # the prompt is still read as it is written
    assert detect_language(" ".join(captions(PROMPTS[written], chosen))) == chosen


@pytest.mark.parametrize("prompt", [*PROMPTS.values(), "Un gatto e un cane corrono verso la spiaggia",
                                    "A shy dragon opens a cafe in the mountains", "Zombies"])
def test_auto_is_todays_reading_exactly(prompt: str) -> None:
    today = build_plan(prompt, 5, [])
    assert build_plan(prompt, 5, [], "auto") == today
    assert build_plan(prompt, 5, [], None) == today
    assert write_storyboard(prompt, 4, 5, [], build_plan(prompt, 5, [], "auto")) == \
        write_storyboard(prompt, 4, 5, [], today)


@pytest.mark.parametrize("prompt", ["A boy wants to see the summer", "Two cats and three dogs play in the garden",
                                    PROMPTS["de"], "Un gatto e un cane corrono verso la spiaggia"])
def test_a_choice_changes_the_words_not_the_story(prompt: str) -> None:
    """The prompt is read in its own language whatever the captions': the same cast, place, things and events,
    so the same seed draws the same pictures."""
    def story(language: str) -> tuple:
        plan = build_plan(prompt, 2, [], language)
        return ([(m.name, m.kind) for m in plan.cast], plan.setting, [t.what for t in plan.things],
                [(e.action, e.actors, e.object) for e in plan.events], plan.time, plan.weather, plan.shape)
    assert all(story(language) == story("auto") for language in LANGUAGES)


def test_a_chosen_language_names_the_cast_the_things_and_the_place_in_it() -> None:
    french = build_plan("A cat and a dog race to the beach at sunset", 3, [], "fr")
    assert [m.phrase for m in french.cast] == ["le chat", "le chien"]
    assert (french.setting_phrase, french.in_place) == ("la plage", "sur la plage")
    german = build_plan("A shy dragon opens a cafe in the mountains", 3, [], "de")
    assert german.cast[0].phrase == "der Drache" and german.in_place == "in den Bergen"
    spanish = build_plan("Eine Katze und ein Hund rennen zum Strand", 3, [], "es")
    assert spanish.cast[0].phrase == "el gato" and spanish.in_place == "en la playa"
    english = build_plan(PROMPTS["fr"], 3, [], "en")
    assert " ".join(captions(PROMPTS["fr"], "en")).count(" le ") == 0 and english.setting_phrase == "the beach"
    named = build_plan("A cat walks in Paris", 3, [], "fr")
    assert (named.setting_phrase, named.in_place) == ("Paris", "à Paris")  # a proper name keeps its name


@pytest.mark.parametrize(("english", "language", "plural", "said"), [
    ("ghost", "fr", False, "le fantôme"), ("castle", "fr", False, "le château"), ("tree", "fr", False, "l'arbre"),
    ("grandma", "fr", False, "la grand-mère"), ("horse", "fr", True, "les chevaux"),
    ("cat", "de", True, "die Katzen"), ("bird", "de", True, "die Vögel"), ("castle", "de", False, "das Schloss"),
    ("ghost", "es", False, "el fantasma"), ("mouse", "es", True, "los ratones"), ("girl", "es", False, "la niña"),
])
def test_nouns_are_said_with_accents_articles_and_plurals(english: str, language: str, plural: bool,
                                                          said: str) -> None:
    assert noun_phrase(english, language, plural) == said


def test_a_noun_the_vocabulary_cannot_name_stays_as_the_prompt_said_it() -> None:
    assert noun_phrase("sunset", "fr") == ""  # the caller keeps the prompt's own phrase
    plan = build_plan("A small robot learns to paint the sunset on Mars", 3, [], "fr")
    assert next(t.phrase for t in plan.things if t.what == "sunset") == "le sunset"
    german = build_plan("A small robot learns to paint the sunset on Mars", 3, [], "de")
    assert next(t.phrase for t in german.things if t.what == "sunset") == "der Sunset"


def test_a_model_is_told_the_chosen_language_only_when_it_differs() -> None:
    assert "Write every caption and the title in German" in cast_brief(build_plan(PROMPTS["en"], 3, [], "de"))
    assert "Write every caption" not in cast_brief(build_plan(PROMPTS["en"], 3, [], "auto"))
    assert "Write every caption" not in cast_brief(build_plan(PROMPTS["fr"], 3, [], "fr"))


def test_another_languages_prompt_with_a_chosen_language_has_no_english_notice() -> None:
    prompt = "Un gatto e un cane corrono verso la spiaggia"
    plan = build_plan(prompt, 3, [], "fr")
    assert plan.language == "fr" and not write_storyboard(prompt, 3, 3, [], plan).notices
    assert write_storyboard(prompt, 3, 3, [], build_plan(prompt, 3, [])).notices  # auto: English, and says why


# --- through the studio: the record, Brown's review, follow-ups ------------------------------------

def make(studio: Studio, request: dict) -> ComicFinished:
    async def run() -> ComicFinished:
        return [e async for e in studio.generate(request) if isinstance(e, ComicFinished)][0]
    return asyncio.run(run())


def test_the_studio_keeps_the_choice_for_the_comic_and_its_follow_ups(tmp_path: Path) -> None:
    studio = open_studio(tmp_path / "data", storyteller=OfflineStoryteller())
    finished = make(studio, {"prompt": PROMPTS["en"], "panels": 3, "seed": 4, "language": "es"})
    session = finished.session
    manifest = json.loads((Path(finished.session_dir) / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["request"]["language"] == "es" and session.final is not None
    final = session.final_attempt or session.attempts[-1]
    assert detect_language(" ".join(p.subtitle for p in final.panels)) == "es"

    async def follow_up() -> list:
        return [e async for e in studio.revise(session.session_id, "make it night")]
    asyncio.run(follow_up())
    again = studio.load_session(session.session_id)
    assert again.request.language == "es" and again.shown == 2
    shown = again.attempts[-1]
    assert detect_language(" ".join(p.subtitle for p in shown.panels)) == "es"


def test_generate_updates_passes_the_choice_and_none_means_auto(tmp_path: Path) -> None:
    studio = open_studio(tmp_path / "data", storyteller=OfflineStoryteller())
    secret = new_browser_secret()

    async def run(language: str | None) -> str:
        updates = [u async for u in handlers.generate_updates(studio, PROMPTS["de"], "classic", 2, "5", secret,
                                                              "strip", language)]
        return next(u["session"] for u in updates if u.get("session"))

    chosen = studio.load_session(asyncio.run(run("fr")), browser_owner(secret))
    assert chosen.request.language == "fr"
    assert detect_language(" ".join(p.subtitle for p in chosen.attempts[-1].panels)) == "fr"
    assert studio.load_session(asyncio.run(run(None)), browser_owner(secret)).request.language == "auto"


def test_a_bad_language_on_the_page_is_one_sentence_and_no_comic(tmp_path: Path) -> None:
    studio = open_studio(tmp_path / "data", storyteller=OfflineStoryteller())

    async def run() -> list[dict]:
        return [u async for u in handlers.generate_updates(studio, PROMPTS["en"], "classic", 2, "5",
                                                           new_browser_secret(), None, "klingon")]
    updates = asyncio.run(run())
    [error] = [u["status"] for u in updates if "bb-error" in u.get("status", "")]
    assert "language: must be one of auto, en, fr, de, es (got &#x27;klingon&#x27;)." in error
    assert not any(u.get("session") for u in updates) and studio.sessions.list(limit=10) == []


def test_request_dict_keeps_older_callers_working() -> None:
    assert parse_request(handlers.request_dict("a cat", None, None, None, None)).language == "auto"
    assert parse_request(handlers.request_dict("a cat", None, None, None, None, language="de")).language == "de"


# --- the CLI ----------------------------------------------------------------------------------------

def test_the_cli_language_option(tmp_path: Path) -> None:
    data = tmp_path / "data"
    made = run_cli("generate", "--prompt", PROMPTS["en"], "--panels", "2", "--seed", "3", "--language", "DE",
                   data_dir=data)
    assert made.returncode == 0, made.stderr
    manifest = json.loads((Path(made.stdout.strip().splitlines()[-1]) / "manifest.json").read_text())
    assert manifest["request"]["language"] == "de"
    assert detect_language(" ".join(p["subtitle"] for p in manifest["attempts"][-1]["panels"])) == "de"
    bad = run_cli("generate", "--prompt", PROMPTS["en"], "--language", "it", data_dir=tmp_path / "other")
    assert bad.returncode == 2 and bad.stdout == ""
    [line] = bad.stderr.strip().splitlines()
    assert line.startswith("error: argument --language: invalid choice: 'it'")
    assert "--language" in run_cli("generate", "--help", data_dir=data).stdout


# --- the API and the MCP tool, through gradio_client -------------------------------------------------

def test_the_api_takes_the_language_last_and_older_calls_still_work(studio_server) -> None:
    client = Client(studio_server.url, analytics_enabled=False, verbose=False)
    _, _, chosen = client.predict(PROMPTS["en"], "classic", 2, 7, "lang-caller", "strip", "fr", api_name="/generate")
    assert chosen["request"]["language"] == "fr" and detect_language(" ".join(chosen["subtitles"])) == "fr"
    _, _, older = client.predict(PROMPTS["en"], "classic", 2, 7, "lang-caller", api_name="/generate")
    assert older["request"]["language"] == "auto" and detect_language(" ".join(older["subtitles"])) == "en"
    with pytest.raises(AppError, match=r"language: must be one of auto, en, fr, de, es"):
        client.predict(PROMPTS["en"], "classic", 2, 7, "", "strip", "xx", api_name="/generate")
    tool = json.loads(client.predict(PROMPTS["fr"], "classic", 2, 7, "", "de", api_name="/generate_comic"))
    assert detect_language(" ".join(tool["subtitles"])) == "de"


@pytest.mark.parametrize(("prompt", "in_place"), [
    ("Die Feuerwehr rettet eine Katze vom Dach", "auf dem Dach"),  # never "im Dach"
    ("Le chat saute du toit", "sur le toit"),
    ("Un gato duerme en el tejado", "en el tejado"),
])
def test_where_a_story_happens_takes_the_place_s_own_preposition(prompt: str, in_place: str) -> None:
    assert build_plan(prompt, 3).in_place == in_place
