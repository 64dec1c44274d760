"""The pictogram vocabulary: thousands of drawable nouns in English, French, German and Spanish, and the drawable
actions (`actions.py`, 83 of them, with their verbs per language).

`lookup("chien")` → the entry for "dog"; `find(prompt)` → every drawable noun of a prompt, in
order; `entry("whale")` → the entry of a plain English noun. Pictograms are OpenMoji's
(CC BY-SA 4.0), names come from the `emoji` package and assets/vocabulary.json.
"""

from services.vocabulary.entries import Entry
from services.vocabulary.lookup import Mention, detect_language, entry, find, is_stop, lookup

__all__ = ["Entry", "Mention", "detect_language", "entry", "find", "is_stop", "lookup"]
