"""How Brown reviews an attempt: the spec's SimpleEvaluator rules."""
