"""The sanity baselines: the oracle scores perfectly, the constant predictor shows the card's class-balance point."""

from __future__ import annotations

from pathlib import Path

import pytest

from nohallucinate.enokiqa import EnokiExample, baseline_predictions, load_enokiqa, score_predictions

MINI = load_enokiqa(Path(__file__).resolve().parents[1] / "fixtures" / "enokiqa" / "mini.jsonl").examples


def skewed_split(n: int = 50, hallucinated_share: float = 0.94) -> list[EnokiExample]:
    """One-triple, one-sentence examples, `hallucinated_share` of them hallucinated (EnokiQA test is ~94%)."""
    examples = []
    for i in range(n):
        hall_prob = 0.9 if i < round(n * hallucinated_share) else 0.1
        answer = f"Item {i} was made in 19{i:02d}."
        triple = {"triplet": [f"Item {i}", "was made in", f"19{i:02d}"], "span": [answer.index("19"), len(answer) - 1],
                  "hypothesis": answer, "entailment": 1 - hall_prob, "neutral": hall_prob, "contradiction": 0.0,
                  "hall_prob": hall_prob}  # fmt: skip
        sentence = {"sentence_index": 0, "sentence": answer, "hall_prob": hall_prob, "triples": [triple]}
        examples.append(EnokiExample.model_validate(
            {"id": f"s-{i}", "title": "t", "question": "q", "answer": answer, "context": "c",
             "n_sentences": 1, "n_triplets": 1, "sentences": [sentence]}
        ))  # fmt: skip
    return examples


def test_the_oracle_reaches_auroc_one_and_perfect_spans() -> None:
    scores = score_predictions(MINI, baseline_predictions("oracle", MINI))
    assert scores.sentence and scores.sentence.auroc == 1.0 and scores.sentence.macro_f1 == 1.0
    assert scores.claim and scores.claim.auroc == 1.0 and scores.claim.macro_f1 == 1.0
    assert scores.span and scores.span["span_coverage"]["f1"] == 1.0 and scores.span["iou"]["score"] == 1.0


def test_flagging_everything_scores_high_on_the_positive_class_and_about_half_macro() -> None:
    split = skewed_split()  # 47 of 50 hallucinated
    scores = score_predictions(split, baseline_predictions("constant", split))
    assert scores.claim is not None
    assert scores.claim.positive_f1 == pytest.approx(2 * 47 / (2 * 47 + 3))  # precision 0.94, recall 1
    assert scores.claim.macro_f1 == pytest.approx(scores.claim.positive_f1 / 2)  # the negative class scores 0
    assert scores.claim.auroc == 0.5


def test_the_random_baseline_is_reproducible_from_its_seed() -> None:
    first = baseline_predictions("random", MINI, seed=3)
    assert first == baseline_predictions("random", MINI, seed=3)
    assert first != baseline_predictions("random", MINI, seed=4)


def test_an_unknown_baseline_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown baseline 'always'"):
        baseline_predictions("always", MINI)
