"""A small logistic-regression model that tells a correction of the story world from other comments.

It reads words, word pairs (with the sentence's start and end), character
n-grams (which carry it across typos, names it never saw and other languages)
and a few shapes of the sentence (a question, a capitalised name after the first
word, the reader talking about themselves). It is trained at build time from
`assets/labelled_comments.json` (`python -m services.memory.correction_model`)
and shipped as `assets/correction_model.json`; at run time it is a dictionary
lookup per feature, offline and well under a millisecond a sentence.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from services.config import ASSETS_DIR

MODEL_PATH = ASSETS_DIR / "correction_model.json"
LABELLED_PATH = ASSETS_DIR / "labelled_comments.json"
THRESHOLD = 0.5
CHAR_NGRAMS = (3, 4)
L2 = 0.001
EPOCHS = 2000
LEARNING_RATE = 4.0
MIN_WEIGHT = 1e-3
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?|[?!:,]", re.UNICODE)
FIRST_PERSON = frozenset(["i", "i'm", "i've", "i'd", "me", "my", "we", "we're", "us", "our", "let's"])
SECOND_PERSON = frozenset(["you", "you're", "your", "u"])
# Two word classes the data is too small to learn one word at a time: what a reader thinks of something, and
# the comic itself as the thing talked about. The model learns how much each class matters.
EVALUATIVE = frozenset(["cute", "cutest", "adorable", "lovely", "beautiful", "gorgeous", "amazing", "awesome", "great", "nice", "funny", "hilarious", "perfect", "brilliant", "wonderful", "sweet", "pretty", "best", "favourite", "favorite", "blurry", "ugly", "boring", "cool", "fun", "love", "loved", "like", "liked", "wow", "haha", "lol", "fantastic", "stunning", "touching", "excellent", "superb", "good", "bad", "terrible", "weird", "lovely", "bellissimo", "génial", "super", "genial"])
META = frozenset(["panel", "panels", "art", "artwork", "drawing", "drawings", "picture", "pictures", "comic", "comics", "page", "style", "colours", "colors", "font", "caption", "captions", "text", "pdf", "download", "button", "browser", "image", "images", "ending", "lighting", "layout", "app", "site"])


def features(sentence: str) -> list[str]:
    """The features of one sentence (a list; a repeated word counts once)."""
    text = " ".join(sentence.split())
    raw = _WORD.findall(text)
    words = [re.sub(r"\d+", "0", w.lower()) for w in raw]
    out = {f"w:{w}" for w in words}
    padded = ["<s>", *words, "</s>"]
    out |= {f"b:{a} {b}" for a, b in zip(padded, padded[1:])}
    lowered = f" {text.lower()} "
    for n in CHAR_NGRAMS:
        out |= {f"c:{lowered[i:i + n]}" for i in range(len(lowered) - n + 1)}
    if text.rstrip().endswith("?"):
        out.add("s:question")
    if any(w[:1].isupper() for w in raw[1:] if w.isalpha()):
        out.add("s:name_after_start")
    if raw and raw[0][:1].isupper() and words[0] not in FIRST_PERSON | SECOND_PERSON:
        out.add("s:capital_start")
    if FIRST_PERSON & set(words):
        out.add("s:first_person")
    if SECOND_PERSON & set(words):
        out.add("s:second_person")
    if EVALUATIVE & set(words):
        out.add("s:evaluative")
    if META & set(words):
        out.add("s:about_the_comic")
    out.add(f"s:length_{min(len(words), 12) // 3}")
    return sorted(out)


class CorrectionModel:
    """Weights per feature and a bias; `probability` is the model's belief that a sentence is a correction."""

    def __init__(self, weights: dict[str, float], bias: float, threshold: float = THRESHOLD) -> None:
        self.weights = weights
        self.bias = bias
        self.threshold = threshold

    def probability(self, sentence: str) -> float:
        found = features(sentence)
        # Trained on rows scaled to unit length, so long and short comments weigh alike: score the same way.
        score = self.bias + sum(self.weights.get(f, 0.0) for f in found) / math.sqrt(len(found))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))

    def is_correction(self, sentence: str) -> bool:
        return self.probability(sentence) >= self.threshold

    def to_json(self) -> dict:
        kept = {f: round(w, 4) for f, w in sorted(self.weights.items()) if abs(w) >= MIN_WEIGHT}
        return {"about": "Logistic regression over services.memory.correction_model.features, trained by "
                         "`python -m services.memory.correction_model` from assets/labelled_comments.json (train part).",
                "bias": round(self.bias, 4), "threshold": self.threshold, "weights": kept}


@lru_cache(maxsize=1)
def shipped_model() -> CorrectionModel:
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    return CorrectionModel(data["weights"], data["bias"], data["threshold"])


def train(examples: Sequence[tuple[str, bool]]) -> CorrectionModel:
    """Full-batch gradient descent on the L2-regularised log loss (numpy only here, never at run time). The
    comments are kept as sparse rows (each has a few dozen of the thousands of features), so an epoch costs
    the features present, not the whole table."""
    import numpy as np

    vocabulary: dict[str, int] = {}
    rows = [sorted({vocabulary.setdefault(f, len(vocabulary)) for f in features(text)}) for text, _ in examples]
    row_of = np.array([i for i, columns in enumerate(rows) for _ in columns], dtype=np.int64)
    column = np.array([c for columns in rows for c in columns], dtype=np.int64)
    value = np.array([1.0 / np.sqrt(len(columns)) for columns in rows for _ in columns])  # long and short alike
    y = np.array([1.0 if label else 0.0 for _, label in examples])
    w, b = np.zeros(len(vocabulary)), 0.0
    for _ in range(EPOCHS):
        p = 1.0 / (1.0 + np.exp(-(np.bincount(row_of, value * w[column], minlength=len(y)) + b)))
        gradient = p - y
        w -= LEARNING_RATE * (np.bincount(column, value * gradient[row_of], minlength=len(w)) / len(y) + L2 * w)
        b -= LEARNING_RATE * float(gradient.mean())
    names = {index: name for name, index in vocabulary.items()}
    return CorrectionModel({names[i]: float(v) for i, v in enumerate(w)}, b)


def labelled(split: str, path: Path = LABELLED_PATH) -> list[tuple[str, bool]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(item["comment"], bool(item["correction"])) for item in data[split]]


def scores(predict: Iterable[bool], truth: Iterable[bool]) -> tuple[float, float, float]:
    """Precision, recall and accuracy."""
    pairs = list(zip(predict, truth))
    tp = sum(p and t for p, t in pairs)
    fp = sum(p and not t for p, t in pairs)
    fn = sum(t and not p for p, t in pairs)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, sum(p == t for p, t in pairs) / max(1, len(pairs))


def main() -> None:
    examples = labelled("train")
    model = train(examples)
    MODEL_PATH.write_text(json.dumps(model.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n",
                          encoding="utf-8")
    print(f"wrote {MODEL_PATH} ({len(model.to_json()['weights'])} weights)", file=sys.stderr)


if __name__ == "__main__":
    main()
