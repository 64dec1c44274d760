"""Whom or what a pronoun stands for: the character or thing that an 'it', 'he', 'la' or 'ihn' of one clause names.

A subject pronoun stands for the latest character it fits, by gender where the prompt gave one ("a knight rides a
snail, then he fights a spider" is the knight); an object pronoun for the nearest earlier thing or character the
action can be done to ("paints a rainbow on the wall, but the rain washes it away": the rainbow); a dative one
('lui', 'le') for the one it goes to.
"""

from __future__ import annotations

from functools import lru_cache

from services.language.lemmas import Token
from services.reading import StoryEvent
from services.story.entity_queries import entity_starting_at, modifier, owner, preposition_before, several
from services.story.sentence import Clause, Entity, Sentence
from services.story.verbs import VerbMatch
from services.vocabulary.actions import action as vocabulary_action
from services.vocabulary.sizes import CREATURE_HEIGHTS

GOT_AWAY = ("gone", "lost", "thrown", "dropped")  # what an event left flying off, to be chased or caught


def plural_verb(s: Sentence, verb: VerbMatch) -> bool:
    """A Spanish or German verb that says its subject is several: the third person plural ends in -n ('se
    duermen', 'corrieron', 'feiern sie'); no singular form does ('feiert', 'schläft')."""
    said = next((s.words[i] for i in sorted(verb.words) if s.words[i].lower not in ("se", "me", "te", "nos")), None)
    if said is None or not said.lower.endswith("n"):
        return False
    return s.lang == "es" and said.lemma != said.lower or s.lang == "de"


def subject_pronoun(s: Sentence, clause: Clause, events: list[StoryEvent], at: int | None = None) -> Entity | None:
    """'…, but he is afraid of water': a pronoun before the verb (or at `at`) stands for the latest character it fits
    (by gender where the prompt gave one), rather than the one who acted just before when another fits."""
    pronouns = s.g["subject_pronouns"]
    if at is None:
        at = next((i for i in range(clause.start, clause.verb.first) if s.words[i].lower in pronouns), None)
    if at is None:
        return None
    kind = pronouns[s.words[at].lower]
    said = s.words[at].lower
    if s.lang == "de" and said == "sie" and plural_verb(s, clause.verb):
        kind = "plural"  # "feiern sie": they, not she
    changed = _thing_done_to(s, at, events, said, kind) \
        if vocabulary_action(clause.verb.action).things_can and not done_to_something(s, clause) else None
    if changed is not None:  # "pousse le vase et il se casse", "plants seeds, and they grow": the vase, the seeds
        return changed
    if s.lang != "en" and said in s.g.get("pronoun_genders", {}) and kind != "plural":  # "une carotte… elle grandit"
        fitting = [e for e in s.entities if e.last < at and e.kind != "place" and s.fits(e, said)]
        characters = [e for e in fitting if e.kind == "cast"]  # characters act: "bevor er den Knochen versteckt"
        if characters and not (kind in ("male", "female") and events and any(
                set(e.names) & set(events[-1].actors) for e in characters)):
            return characters[-1]
        if fitting and not characters:
            return fitting[-1]  # "une carotte… elle grandit": only the carrot fits
    if not any(e.kind == "cast" and e.last < at for e in s.entities):  # "Before she runs onto the pitch, the
        ahead = [e for e in s.entities if e.first >= clause.end and e.kind == "cast"]  # goalkeeper…": said first
        ahead = [e for e in ahead if several(s, e) == (kind == "plural")] or ahead
        if ahead:
            return ahead[0]
        if kind != "thing" and len(s.people) == 1 and not any(e.kind == "cast" for e in s.entities):
            return Entity("cast", tuple(s.people), at, at)  # "She plants a seed": the one the story is about
    earlier = [e for e in s.entities if e.last < at and e.kind == ("thing" if kind == "thing" else "cast")]
    if kind == "thing":  # "shares the umbrella with a wet cat, so it walks home": the nearest thing or animal
        animals = [e for e in s.entities if e.last < at and e.kind == "cast"
                   and not all(s.people.get(n, False) for n in e.names)]
        animals = [e for e in animals if not several(s, e)] or animals  # "afraid of bees, so it runs": the horse
        scared = _the_scared(events)
        frightened = [e for e in animals if set(e.names) & scared]
        if frightened:  # "afraid of the tiny mouse, so it hid": the one who was scared, not the mouse
            return frightened[-1]
        if not vocabulary_action(clause.verb.action).things_can:
            return animals[-1] if animals else None  # "drinks warm milk before it sleeps": the owl
        earlier = [e for e in s.entities if e.last < at and e.kind == "thing"] + animals
        earlier.sort(key=lambda e: e.last)
        done_to = [e for e in earlier if events and events[-1].object in e.names]
        chosen = done_to or earlier  # "plants a seed in a pot and it grows": the seed
        return chosen[-1] if chosen else None
    if kind == "plural":
        groups = [e for e in earlier if several(s, e)]  # "reads to the kids, then they paint": the kids
        both = both_sides(events, groups, clause.verb.action, at)
        if both is not None:  # "scares the campers, but then they become friends": all of them
            return both
        if groups:
            return groups[-1]
        met = (events[-1].recipient or (events[-1].object if s.people.get(events[-1].object or "") is not None
                                        else None)) if events else None
        if met is not None:  # "…meets a fox, and they become friends", "…wakes the dragon and they…": the two
            return Entity("cast", (*events[-1].actors, met), at, at)
        return None  # the group that acted before, kept by the caller
    if kind in ("male", "female"):
        earlier = [e for e in earlier if len(e.names) == 1] or earlier  # "his friends laugh until he laughs": not them
        # The character the pronoun fits (by gender, where the prompt gave one); the one who acted last first:
        # "a knight rides a snail, then he fights a spider" is the knight.
        acted_on = bool(events) and (not vocabulary_action(events[-1].action).mutual  # not whom she only met,
                                    or vocabulary_action(clause.verb.action).reaction)  # unless she laughs
        given = [e for e in earlier if acted_on and events[-1].recipient in e.names
                 and all(s.genders.get(n, kind) == kind for n in e.names)]
        said_so = [e for e in earlier if all(s.genders.get(n) == kind for n in e.names)]  # "a girl… she": the girl
        if given and (given[-1] in said_so or not said_so):  # "delivers a parcel to Omar and he opens it": the one
            return given[-1]  # it went to acts next (not the dragon argued with, when the knight is the 'he')
        fitting = said_so or [e for e in earlier if all(s.genders.get(n, kind) == kind for n in e.names)] or earlier
        if s.lang == "en" and not said_so:  # "a goose chases the baker, then he throws it bread": English says 'it'
            fitting = [e for e in fitting if all(s.people.get(n, False) for n in e.names)] or fitting  # of animals
        previous = set(events[-1].actors) if events else set()
        if s.g.get("pro_drop"):  # "el público se ríe y él llora": a Spanish subject said aloud is someone else
            other = [e for e in earlier if not set(e.names) & previous
                     and all(s.genders.get(n, kind) == kind for n in e.names)] or fitting
            return other[-1] if other else None
        same = [e for e in fitting if set(e.names) & previous]
        return same[-1] if same else (fitting[-1] if fitting else None)
    return earlier[-1] if earlier else None


def done_to_something(s: Sentence, clause: Clause) -> bool:
    """Does the clause name what its verb is done to: an object pronoun ('ella la abre') or a noun right after the
    verb ('it opens the door')? A reflexive 'se' or 'sich' is none ('il se casse')."""
    verb, reflexive = clause.verb, {"se", "s'", "sich"}
    near = [*range(max(clause.start, verb.first - 2), verb.first),
            *range(verb.last + 1, min(clause.end, len(s.words), verb.last + 3))]
    if any(s.words[i].lower in s.object_pronouns and s.words[i].lower not in reflexive for i in near):
        return True
    named = (entity_starting_at(s.entities, i) for i in near if i > verb.last)
    return any(e is not None and not preposition_before(s.words, e, s.g) for e in named)


def _thing_done_to(s: Sentence, at: int, events: list[StoryEvent], said: str, kind: str) -> Entity | None:
    """The thing the event before was done to, when the pronoun at `at` can stand for it: a thing that can do the
    action changes after what was done to it."""
    if not events or not events[-1].object:
        return None
    for e in s.entities:
        if e.last < at and e.kind == "thing" and events[-1].object in e.names and not preposition_before(
                s.words, e, s.g) and ((kind == "plural" and several(s, e)) or (
                kind != "plural" and s.lang != "en" and s.fits(e, said))):
            return e  # not "grimpe au palmier, puis il tombe": what one climbs on does not fall
    return None


@lru_cache(maxsize=512)
def phrase_words(name: str, lang: str) -> frozenset[str]:
    """The words of an action's verb phrases in a language ('search for', 'look for': for)."""
    return frozenset(w.lower() for verb in vocabulary_action(name).verbs.get(lang, ()) for w in verb.split())


MOUNT_HEIGHT = 1.1  # a pony's height next to a person (assets/sizes.json): anything this big can be ridden


def _a_mount(s: Sentence, entity: Entity) -> bool:
    """A creature big enough to ride (a pony, a horse, a dragon), as its kind says."""
    return any(CREATURE_HEIGHTS.get(kind, 0.0) >= MOUNT_HEIGHT for kind in s.called(entity))


def pronoun(s: Sentence, clause: Clause, subject: Entity, events: list[StoryEvent],
             animate: bool = False, datives: bool = True, person: bool = False) -> Entity | None:
    """'eats it', 'la mange', 'lo atrapa', 'fängt ihn': the nearest earlier thing (for 'it') or character; a
    dative pronoun ('le', 'lui') only when `datives` allows it; with `person`, a pronoun for a person ('shares it
    with him': him)."""
    g, words, verb = s.g, s.words, clause.verb
    if g["pronoun_position"] == "after":  # after the verb, or in its phrase: "carries it away"
        start = subject.last + 1 if verb.first < subject.first < verb.first + 4 else verb.first + 1
        # "dann nimmt die Frau ihn mit": past a German subject said right after its verb; "dann jagt ihn der
        # Metzger": before it too (not "hilft ihm ein Eisbär": him, helped, is no object)
        window = [words[i] for i in range(verb.first + 1, min(len(words), max(verb.last, start - 1) + 3))
                  if i not in verb.words and not subject.first <= i <= subject.last
                  and not (i < subject.first and words[i].lower in g["dative_pronouns"])]
    else:  # right before the verb, or before its 'se' / 'ne': 'la mange', 'se lo come' (not 'le garçon lance')
        first = with_auxiliary(s, verb)
        window = words[max(clause.start, first - 1):first]
        if window and (window[0].lower in {"se", "s'", "ne", "n'", "me", "te", "nos"}
                       or window[0].lower in g["dative_pronouns"]) and first >= 2:  # "le lui rend"
            window = words[max(clause.start, first - 2):first]
        window += [words[i] for i in range(verb.first + 1, verb.last) if i not in verb.words]  # "se la lleva"
    said = [t for t in window if t.lower in s.object_pronouns and (datives or t.lower not in g["dative_pronouns"])]
    if person:
        said = [t for t in said if t.lower in g["pronouns_person"]] or said
    if s.lang == "de" and not said:  # "bis sie ihn teilen", "bis ein Fischer es herauszieht": a verb at the end
        said = _before_final_verb(s, clause)
    if s.lang == "de":  # "gibt ihn ihm zurück": ihm is whom it goes to, ihn what is given
        said = [t for t in said if t.lower not in g["dative_pronouns"]] or said
    # "trägt sie es zum Markt": after a German verb the subject comes first, its object after it
    pronoun = (said[-1] if s.lang == "de" else said[0]) if said else None
    if pronoun is None and g["pronoun_position"] == "before":
        pronoun = _after_with(s, clause)  # "juega con ella", "joue avec elle": what one plays with
    if pronoun is None and s.lang == "es":  # "lanzarla": the pronoun is the verb's own ending
        ending = next((e for e in ("los", "las", "lo", "la") if words[verb.first].lower.endswith(e)
                       and words[verb.first].lemma != words[verb.first].lower), None)
        pronoun = Token(0, 0, ending, ending, ending) if ending else None
    if pronoun is None:
        return None
    at = next((i for i, t in enumerate(words) if t is pronoun), -1)
    if at > 0 and words[at - 1].lower in g["with"] and vocabulary_action(verb.action).moves \
            and words[at - 1].lower not in phrase_words(verb.action, s.lang):
        return None  # "runs away with it": carried along, not what the action is done to ("plays with it" is)
    if g["pronoun_position"] == "after" and at > 0 and at - 1 not in verb.words \
            and words[at - 1].lower in g["prepositions"] and words[at - 1].lower not in g["with"] \
            and words[at - 1].lower not in phrase_words(verb.action, s.lang):
        return None  # "hide inside it": where they hide, not what they hide ("searches the castle for it": it)
    if s.lang == "en" and pronoun.lower == "her" and verb.last + 2 < len(words) \
            and entity_starting_at(s.entities, verb.last + 2) is not None:
        return None  # "her grandpa": a possessive
    if s.lang == "de" and pronoun.lower in s.g["possessives"] and entity_starting_at(s.entities, at + 1) is not None:
        return None  # "klettert ihr Papa hinauf": her dad, no one climbed
    earlier = [e for e in s.entities if e.last < verb.first and not set(e.names) <= set(subject.names)
               and (e.kind != "place" or bool(events) and events[-1].object in e.names
                    and not vocabulary_action(events[-1].action).moves)  # "builds a tower, but the
               # toddler smashes it": the tower built, though a tower can be a place (not the roof climbed)
               and s.fits(e, pronoun.lower) and not modifier(s, e)]  # "jagt ihn": him, not die Wurst
    earlier = [e for e in earlier if not owner(s, e)] or earlier  # "klaut Omas Wurst, … erwischt ihn": not Oma
    things = [e for e in earlier if e.kind != "cast"]
    people = [e for e in earlier if e.kind == "cast"]
    away = [e for e in things if any(event.object in e.names and vocabulary_action(event.action).leaves in GOT_AWAY
                                     for event in events[-2:])]  # "…carries it into a tree, so a firefighter
    # climbs up to rescue it": the kite, though the climb came between
    if animate and away and pronoun.lower in g["pronouns_thing"]:  # "le vent emporte le cerf-volant du clown,
        return away[-1]  # alors les enfants le poursuivent": what flew off is chased, not the clown
    if pronoun.lower in g["pronouns_thing"] and pronoun.lower not in g["pronouns_person"]:
        animals = [e for e in people if not all(s.people.get(n, False) for n in e.names)]
        if pronoun.lower not in g.get("plural_pronouns", ()):  # "two pigeons fight over a fry until a gull grabs
            animals = [e for e in animals if not several(s, e)]  # it": one fry, not the two of them
        # "catches it": a thing, or an animal, never a person; "rescue it": the dragon, not its treasure
        pool = (animals or things) if animate else (things or animals)
        if animate and events and vocabulary_action(events[-1].action).pursued:  # "…steals a fish, then X chases it"
            pool = [e for e in pool if set(events[-1].actors) & set(e.names)] or pool
        taken = [e for e in pool if events and (events[-1].object in e.names or set(events[-1].actors) & set(e.names))]
        pool = pool if animate or not taken else taken  # "paints a rainbow on the wall, but the rain washes it away"
        rescued = [e for e in animals if events and events[-1].recipient in e.names]
        if rescued and not animate and not taken:  # "rescues a kitten, and gives it to a little girl"
            pool = rescued
        # "Ella's kite gets stuck in a tree, so she rescues it": the kite, not where it is stuck
        free = [e for e in pool if not preposition_before(words, e, g)]
        if animate and animals and pool == animals:  # "feeds carrots to a horse, then rides it": the horse
            pool = free or pool
            if vocabulary_action(verb.action).looks["during"].actor == "riding":  # a mount, not the robot
                pool = [e for e in pool if _a_mount(s, e)] or [e for e in things if not preposition_before(
                    words, e, g)] or things or pool
        else:
            pool = free or [e for e in (*animals, *things) if not preposition_before(words, e, g)] or pool
    elif pronoun.lower in g["pronouns_person"] and pronoun.lower not in g["pronouns_thing"]:
        # "…watches the chickens, but the dog scares him away": him is who acted before, not the chickens
        previous = set(events[-1].actors) if events else set()
        wanted = g.get("person_pronoun_genders", {}).get(pronoun.lower)
        gendered = [e for e in people if wanted and all(s.genders.get(n) == wanted for n in e.names)]
        # "the children laugh and the lion tamer helps him up": him is the clown, whose "his" made him male
        pool = gendered or [e for e in people if set(e.names) & previous] or people or things
    else:  # "them", "lo": a group that acted before, else whom the action is done to (one chases a character)
        previous = set(events[-1].actors) if events and (animate or len(events[-1].actors) > 1) else set()
        pool = [e for e in people if set(e.names) & previous] or (people if animate else things) or earlier
        if not animate and pool and events and all(e.kind == "thing" and preposition_before(words, e, g) for e in pool):
            # "un dauphin nage à côté du bateau pendant que Léa le prend en photo": who acted, not what it was by
            pool = [e for e in people if set(e.names) & set(events[-1].actors)] or pool
        fought_over = [e for e in things if events and events[-1].object in e.names]
        if fought_over and not animate and (pronoun.lower not in g.get("plural_pronouns", ())
                                            or several(s, fought_over[-1])):  # "bake cookies, … eats them"
            # "se disputent une noisette, puis un corbeau la vole": the hazelnut ("watch them": the robots)
            pool = fought_over
        # "verliert seinen Schirm im Bus, aber ein Mädchen gibt ihn ihm zurück": what the event before was done to
        if animate and all(e.kind == "thing" for e in pool):
            # "le cerf-volant reste coincé dans un arbre… elle le sauve": the kite, not where it is stuck
            pool = [e for e in pool if not preposition_before(words, e, g)] or pool
        pool = [e for e in pool if e.kind == "thing" and events and events[-1].object in e.names] or pool
        handled = [e for e in things if any(event.object in e.names for event in events)]
        if subject.kind == "thing" and handled and pool and pool[-1].kind == "cast" \
                and not any(event.object in pool[-1].names for event in events):
            pool = handled  # "encuentra un globo y ríe, hasta que el viento se lo lleva": the balloon, not the clown
    if pronoun.lower in g.get("plural_pronouns", ()):  # "hides its acorns in the snow and loses them"
        pool = [e for e in pool if several(s, e)] or [e for e in earlier if several(s, e)] or pool
    return pool[-1] if pool else None


def both_sides(events: list[StoryEvent], groups: list[Entity], action: str, at: int) -> Entity | None:
    """Who does a mutual action said of several ('they become friends'): whoever acted in the event before and the
    group it was done to, when one of `groups` is that group; else None."""
    if not events or not vocabulary_action(action).mutual:
        return None
    met, acted = {events[-1].recipient, events[-1].object}, set(events[-1].actors)
    group = next((e for e in reversed(groups) if set(e.names) & met and not set(e.names) & acted), None)
    return Entity("cast", (*events[-1].actors, *group.names), at, at) if group else None


def with_auxiliary(s: Sentence, verb: VerbMatch) -> int:
    """Where the verb's words start, its perfect's auxiliary included ("l'a retrouvé", "lo ha encontrado"): a
    clitic or dative pronoun stands right before that."""
    first = verb.first
    return first - 1 if first >= 1 and s.words[first - 1].lemma in s.g.get("perfect_auxiliaries", ()) else first


def _the_scared(events: list[StoryEvent]) -> set[str]:
    """Who the event before left scared (the one afraid, the one chased or frightened): what 'it' does next."""
    if not events:
        return set()
    look, last = vocabulary_action(events[-1].action).looks["during"], events[-1]
    if look.actor_mood == "scared":
        return set(last.actors)
    return {n for n in (last.object, last.recipient) if n} if look.recipient_mood == "scared" else set()


def _after_with(s: Sentence, clause: Clause) -> Token | None:
    """'juega con ella', 'joue avec elle': a stressed pronoun after the 'with' of the verb's own phrase ('jugar con')
    is what the action is done with, where the clitics stand before the verb."""
    at = clause.verb.last + (s.words[clause.verb.last].lower not in s.g["with"])  # "jugar con" is the verb's phrase
    if at + 1 >= min(clause.end, len(s.words)) or s.words[at].lower not in s.g["with"] \
            or s.words[at].lower not in phrase_words(clause.verb.action, s.lang):
        return None
    said = s.words[at + 1]
    stressed = set(s.g.get("pronoun_genders", {})) - set(s.g["subject_pronouns"]) | {"elle", "elles", "ella", "ellas",
                                                                                   "él", "ellos", "lui", "eux"}
    return said if said.lower in stressed else None


def _before_final_verb(s: Sentence, clause: Clause) -> list[Token]:
    """The object pronoun of a German clause whose verb comes last: after its subject, before the verb."""
    at = [i for i in range(clause.start, clause.verb.first) if s.words[i].lower in s.object_pronouns]
    if not at:
        return []
    subject_first = any(e.kind != "place" and clause.start <= e.first and e.last < at[0] for e in s.entities) \
        or any(t.lower in s.g["subject_pronouns"] for t in s.words[clause.start:at[0]])  # "weil er ihn … gerettet hat"
    return [s.words[i] for i in at] if len(at) >= 2 or subject_first else []  # "sie ihnen": both, the dative last


def dative(s: Sentence, clause: Clause, subject: Entity) -> Entity | None:
    """The character a dative clitic ('lui', 'le') stands for: the nearest earlier one who is not the subject."""
    people = [e for e in s.entities if e.kind == "cast" and e.last < clause.verb.first and e.names != subject.names]
    return people[-1] if people else None
