"""The spec's path to Brown's review rules: `from services.simple_evaluator import SimpleEvaluator`.

The code lives in `services/review/simple_evaluator.py`, beside what Brown checks beyond the spec.
"""

from services.review.simple_evaluator import SimpleEvaluator

__all__ = ["SimpleEvaluator"]
