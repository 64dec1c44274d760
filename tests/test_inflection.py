"""Caption templates filled the way each language agrees: verb number, German cases, French and Spanish contractions."""

from __future__ import annotations

import pytest

from services.language.inflection import Phrase, fill, german_phrase, slots_of


def test_the_verb_form_follows_the_actor_s_number() -> None:
    slots = {"actor": Phrase.plain("Rex"), "object": Phrase.plain("the bone")}
    assert fill("{actor} {eats|eat} {object}.", slots, False, "en") == "Rex eats the bone."
    slots["actor"] = Phrase.plain("Rex and Mia")
    assert fill("{actor} {eats|eat} {object}.", slots, True, "en") == "Rex and Mia eat the bone."


def test_a_slot_that_starts_a_sentence_starts_with_a_capital() -> None:
    slots = {"actor": Phrase.plain("the seeds")}
    assert fill("Pop, pop! {actor} {sprouts|sprout}.", slots, True, "en") == "Pop, pop! The seeds sprout."
    assert fill("Look at {actor}.", slots, True, "en") == "Look at the seeds."


@pytest.mark.parametrize(("gender", "nom", "acc", "dat"), [
    ("der", "der Honig", "den Honig", "dem Honig"),
    ("die", "die Pizza", "die Pizza", "der Pizza"),
    ("das", "das Sandwich", "das Sandwich", "dem Sandwich"),
])
def test_a_german_article_changes_with_the_case(gender: str, nom: str, acc: str, dat: str) -> None:
    noun = nom.split()[1]
    phrase = german_phrase(gender, noun)
    assert (phrase.case("nom"), phrase.case("acc"), phrase.case("dat")) == (nom, acc, dat)
    assert fill("Bruno {isst|essen} {object:acc}.", {"object": phrase}, False, "de") == f"Bruno isst {acc}."


def test_german_prepositions_contract_with_the_dative() -> None:
    honey = german_phrase("der", "Honig")
    assert fill("Von {object:dat} ist nichts übrig.", {"object": honey}, False, "de") == "Vom Honig ist nichts übrig."


def test_french_and_spanish_contract_their_articles() -> None:
    keeper = Phrase.plain("le gardien")
    assert fill("{actor} chante à {recipient}.", {"actor": Phrase.plain("Baleine"), "recipient": keeper}, False,
                "fr") == "Baleine chante au gardien."
    assert fill("Il ne reste rien de {object}.", {"object": Phrase.plain("le gâteau")}, False,
                "fr") == "Il ne reste rien du gâteau."
    assert fill("{actor} canta a {recipient}.", {"actor": Phrase.plain("Nora"), "recipient": Phrase.plain("el faro")},
                False, "es") == "Nora canta al faro."
    # at the start of a sentence too: "À le train" was a caption once
    assert fill("À {place}, enfin.", {"place": Phrase.plain("le train")}, False, "fr") == "Au train, enfin."
    assert fill("De {object} no queda nada.", {"object": Phrase.plain("el pastel")}, False, "es") \
        == "Del pastel no queda nada."


def test_a_speaker_s_line_starts_with_a_capital_after_the_name() -> None:
    line = fill("{Actor}: {object}... unguarded?", {"Actor": Phrase.plain("Quex"),
                                                   "object": Phrase.plain("the sandwich")}, False, "en")
    assert line == "Quex: The sandwich... unguarded?"
    assert fill("{Actor}: ¿{object}?", {"Actor": Phrase.plain("Rex"), "object": Phrase.plain("el hueso")}, False,
                "es") == "Rex: ¿El hueso?"


def test_a_template_names_its_slots() -> None:
    assert slots_of("{actor} {gives|give} {object:acc} to {recipient}") == {"actor", "object", "recipient"}


def test_an_unfilled_slot_is_an_error_not_a_silent_gap() -> None:
    with pytest.raises(KeyError):
        fill("{actor} {eats|eat} {object}", {"actor": Phrase.plain("Rex")}, False, "en")


def test_a_german_weak_noun_takes_its_ending_outside_the_nominative() -> None:
    junge = german_phrase("der", "Junge", after="Oskar")
    assert (junge.nom, junge.acc, junge.dat) == ("der Junge Oskar", "den Jungen Oskar", "dem Jungen Oskar")
    assert german_phrase("der", "Hund").dat == "dem Hund" and german_phrase("die", "Katze").dat == "der Katze"


@pytest.mark.parametrize(("noun", "gender"), [("Wurst", "die"), ("Brot", "das"), ("Löffel", "der"),
                                               ("Kätzchen", "das"), ("Leiter", "die"), ("Schublade", "die")])
def test_a_german_noun_has_its_own_gender_whatever_article_the_prompt_gave(noun: str, gender: str) -> None:
    """'Omas Wurst' has no article: the noun's gender comes from the data (assets/grammar.json), so the caption
    says 'die Wurst' and 'ihn' can never stand for it."""
    from services.story.story_phrases import german_gender

    assert german_gender("", noun) == gender
    assert german_gender("seinen", noun) == gender


@pytest.mark.parametrize(("lang", "template", "one", "several"), [
    ("en", "{object} {droops|droop@object} a little.", "The rose droops a little.", "The flowers droop a little."),
    ("fr", "{object} {penche|penchent@object} un peu.", "La rose penche un peu.", "Les fleurs penchent un peu."),
    ("es", "{object} se {inclina|inclinan@object}.", "La rosa se inclina.", "Las flores se inclinan."),
])
def test_a_verb_whose_subject_is_not_the_actor_agrees_with_its_own_subject(lang: str, template: str, one: str,
                                                                            several: str) -> None:
    """'The flowers droops' was a verb agreeing with the actor (one girl) instead of its own subject."""
    single = {"en": "the rose", "fr": "la rose", "es": "la rosa"}[lang]
    plural = {"en": "the flowers", "fr": "les fleurs", "es": "las flores"}[lang]
    assert fill(template, {"object": Phrase.plain(single)}, True, lang) == one
    assert fill(template, {"object": Phrase.plain(plural, plural=True)}, False, lang) == several
    assert slots_of(template) == {"object"}


def test_a_german_plural_phrase_is_plural() -> None:
    blumen = german_phrase("plural", "Blumen")
    assert blumen.plural and fill("{object} {lässt|lassen@object} den Kopf hängen.", {"object": blumen}, False,
                                  "de") == "Die Blumen lassen den Kopf hängen."


def test_every_verb_of_a_line_agrees_with_its_subject() -> None:
    """'Fritz und Karl verlegen die Karte und drehen sich um': a second verb after 'and' / 'und' / 'et' / 'y' with
    the same subject is a choice of forms too, never a singular left behind (found on a fresh contact sheet)."""
    import json
    import re

    from services.config import ASSETS_DIR

    second = {"en": r"(?<!it crackles )\band\s+(?:comes|pops|grows|laughs|rises)\b", "de": r"\bund\s+(?:dreht|kommt|schlenkert|wächst|geht)\b",
              "fr": r"\bet\s+remonte\b", "es": r"\by\s+(?:deja|rueda)\b"}
    found = []

    def walk(node: object, language: str | None = None) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, key if key in second else language)
        elif isinstance(node, list):
            for value in node:
                walk(value, language)
        elif isinstance(node, str) and language and "|" in node and re.search(second[language], node):
            found.append(node)

    walk(json.loads((ASSETS_DIR / "actions.json").read_text(encoding="utf-8"))["actions"])
    assert found == []
    line = "{actor} {verlegt|verlegen} {object:acc} und {dreht|drehen} sich verwirrt um."
    two = Phrase("Fritz und Karl", "Fritz und Karl", "Fritz und Karl", True)
    map_ = german_phrase("die", "Karte")
    assert fill(line, {"actor": two, "object": map_}, True, "de") == \
        "Fritz und Karl verlegen die Karte und drehen sich verwirrt um."


def test_a_spanish_character_done_to_takes_the_personal_a_after_a_verb_only() -> None:
    quex = Phrase("Quex", "Quex", "Quex", animate=True)
    raton = Phrase("el ratón", "el ratón", "el ratón", animate=True)
    assert fill("¡He encontrado {object}!", {"object": quex}, False, "es") == "¡He encontrado a Quex!"
    assert fill("Luna agarra {object}.", {"object": raton}, False, "es") == "Luna agarra al ratón."
    assert fill("Luna juega con {object}.", {"object": raton}, False, "es") == "Luna juega con el ratón."
    assert fill("Ahí está {object}.", {"object": quex}, False, "es") == "Ahí está Quex."
    assert fill("Luna agarra {object}.", {"object": Phrase.plain("la pelota")}, False, "es") == "Luna agarra la pelota."
