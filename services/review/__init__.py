"""How Brown reviews an attempt: the spec's `SimpleEvaluator` (simple_evaluator.py), then, separately named,
the checks an editor makes beyond the spec (editor_checks.py); and the words Bayko keeps out of a picture
(picture_words.py)."""
