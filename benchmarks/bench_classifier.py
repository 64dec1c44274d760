"""The correction classifier on labelled comments: precision and recall on the held-out part and the training part.

The held-out part of assets/labelled_comments.json was written before the
classifier was built and is never trained on. Run: python -m benchmarks.bench_classifier
"""

from __future__ import annotations

import random
import statistics
import time

from services.memory.correction_classifier import is_correction
from services.memory.correction_model import labelled, scores, train

FOLDS = 5


def cross_validated(examples: list[tuple[str, bool]]) -> tuple[float, float, float]:
    """Each training comment judged by a model trained without it (the shipped model has seen them all)."""
    order = list(range(len(examples)))
    random.Random(7).shuffle(order)
    predicted: dict[int, bool] = {}
    for fold in range(FOLDS):
        held = set(order[fold::FOLDS])
        model = train([e for i, e in enumerate(examples) if i not in held])
        predicted |= {i: model.is_correction(examples[i][0]) for i in held}
    return scores([predicted[i] for i in range(len(examples))], [label for _, label in examples])


def report() -> list[str]:
    lines = []
    for split in ("heldout", "train"):
        examples = labelled(split)
        p, r, a = scores([is_correction(text) for text, _ in examples], [label for _, label in examples])
        lines.append(f"{split:8} {len(examples):4} comments: precision {p:.2f}, recall {r:.2f}, accuracy {a:.2f}")
    p, r, a = cross_validated(labelled("train"))
    lines.append(f"train, {FOLDS}-fold cross-validated: precision {p:.2f}, recall {r:.2f}, accuracy {a:.2f}")
    texts = [text for split in ("heldout", "train") for text, _ in labelled(split)]
    samples = []
    for text in texts:
        start = time.perf_counter()
        is_correction(text)
        samples.append(time.perf_counter() - start)
    lines.append(f"time a comment: median {statistics.median(samples) * 1e3:.3f} ms, max {max(samples) * 1e3:.3f} ms")
    return lines


if __name__ == "__main__":
    print("\n".join(report()))
