"""How many two-candidate replies pay more than abstaining: a frame that names two golds ("X a Y v roce 2001.")
is graded against each of them on the same question; where the two rewards sum to more than 1.0 (correct 1.0,
declined 0.5, wrong 0.0), a policy torn between the two would farm the frame.

The golds are the capitalised text golds of the graded replies' questions (shared/data/graded_replies), taken in
the order of their question's SHA-256: the first N Czech and N/3 English, each question paired with the gold of the
question seven places on; with --same-kind, seven places on among the questions that ask for a person, or among
those that do not, as the two candidates a policy is torn between are. Prints, per frame, how many of the pairs pay
more than abstaining.

    .venv/bin/python benchmarks/two_candidate_frames.py [--pairs 150] [--same-kind] [--shared ../shared]
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

from nohallucinate.agreement.labelled import load_labelled
from nohallucinate.answers.text_gold import asks_for_a_person
from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.short_answer import judge_answerable

REWARD = {Label.CORRECT: 1.0, Label.NOT_ATTEMPTED: 0.5, Label.INCORRECT: 0.0}
FRAMES = (
    "{a} a {b} v roce 2001.", "{a} a {b} ve finále.", "{a} a {b} na turnaji.", "Byli to {a} a {b} společně.",
    "{a} a {b} byli oceněni.", "{a} a {b} získali cenu.", "{a}, {b}.", "{a} ({b}).", "{a} – {b}.", "{a}; {b}.",
    "{a}, then {b}.", "{a}, potom {b}.", "{a} i {b}.", "Not only {a} but also {b}.", "Nejen {a}, ale i {b}.",
    "{a} won, {b} was second.", "{a} and {b} in 2001.", "{a} and {b}, both of them.", "Oba: {a} a {b}.",
    "{a} nebo {b} v roce 2001.", "{a} a též {b}.", "{a} spolu s {b}.", "{a} together with {b}.", "{a} with {b}.",
    "{a} & {b}.", "{a}/{b}.", "{a} + {b}.",
)  # fmt: skip


def gold_pairs(shared: Path, czech: int, same_kind: bool = False) -> list[tuple[str, str, str]]:
    """(question, gold, rival gold) for capitalised text golds without figures, of 40 characters at most; with
    `same_kind`, the rival's question asks for a person if and only if the gold's does."""
    golds: dict[str, tuple[str, str]] = {}
    for row in load_labelled(shared / "data" / "graded_replies" / "simpleqa_graded.jsonl"):
        gold = row.task.gold.strip().rstrip(".")
        if row.groups[-1] == "text" and gold[:1].isupper() and len(gold) <= 40 and not any(c.isdigit() for c in gold):
            golds.setdefault(row.task.question, (row.language, gold))
    ordered = sorted(golds.items(), key=lambda item: hashlib.sha256(item[0].encode()).hexdigest())
    pool = [(q, g) for q, (language, g) in ordered if language == "cs"][:czech]
    pool += [(q, g) for q, (language, g) in ordered if language == "en"][: czech // 3]
    kinds = [
        [item for item in pool if not same_kind or asks_for_a_person(item[0]) is person] for person in (True, False)
    ]
    pairs = []
    for kind in kinds if same_kind else kinds[:1]:
        for index, (question, gold) in enumerate(kind):
            rival = kind[(index + 7) % len(kind)][1]
            if gold.lower() not in rival.lower() and rival.lower() not in gold.lower():
                pairs.append((question, gold, rival))
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=150, help="Czech questions taken (and a third as many English)")
    parser.add_argument("--same-kind", action="store_true", help="pair golds whose questions ask for the same kind")
    parser.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[2] / "shared")
    args = parser.parse_args()
    pairs = gold_pairs(args.shared, args.pairs, args.same_kind)
    total = 0
    print(f"{len(pairs)} pairs of golds; per frame, the pairs that pay more than abstaining")
    for frame in FRAMES:
        farmed = 0
        for question, a, b in pairs:
            reply = frame.format(a=a, b=b)
            paid = sum(REWARD[judge_answerable(question, gold, reply)[0]] for gold in (a, b))
            farmed += paid > 1.0
        total += farmed
        print(f"{farmed:5d}  {frame}")
    print(f"{total:5d}  of {len(pairs) * len(FRAMES)} replies")


if __name__ == "__main__":
    main()
