"""Words and languages, at the bottom of the story side: tokens, lemmas, language detection, inflection.

`story/`, `memory/` and `review/` read prompts and captions through this package, so a word
means the same everywhere. Lemmas and language detection come from `simplemma` (its
dictionaries ship with the package: nothing is downloaded).
"""
