"""Deterministic GRPO-like groups of replies to a biography task, for the group-scoring tests and benchmark.

A policy sampled N times on one biography writes N overlapping texts: most of the same facts in different
selections, now and then the same text twice or "I don't know.", and now and then a fact it got wrong. These
groups are built that way from the article's lead: varying selections of its sentences, candidate 2 a repeat
of candidate 0, candidate 4 "I don't know.", and every odd candidate one invented sentence (a lead sentence
with each number shifted by one, so candidates that invent from the same sentence share the invention).
"""

from __future__ import annotations

import random
import re

from nohallucinate.answers.sentences import split_sentences
from nohallucinate.tasks import Task

REPEAT, ABSTAIN = 2, 4  # candidate 2 repeats candidate 0; candidate 4 abstains
ABSTENTION = "I don't know."


def biography_group(task: Task, size: int = 8) -> list[str]:
    """`size` replies to `task` (a biography), the same for the same task every time."""
    assert task.article is not None
    rng = random.Random(task.task_id)
    sentences = [span.text for span in split_sentences(task.article.lead)]
    inventions = [_shifted(sentence) for sentence in sentences if re.search(r"\d", sentence)] or [
        f"{task.subject.label} won the Ormsby Prize in 1901."
    ]
    replies: list[str] = []
    for index in range(size):
        if index == REPEAT:
            replies.append(replies[0])
        elif index == ABSTAIN:
            replies.append(ABSTENTION)
        else:
            count = rng.randint(min(2, len(sentences)), len(sentences))
            chosen = [sentences[i] for i in sorted(rng.sample(range(len(sentences)), count))]
            if index % 2:
                chosen.append(rng.choice(inventions))
            replies.append(" ".join(chosen))
    return replies


def _shifted(sentence: str) -> str:
    return re.sub(r"\d+", lambda number: str(int(number.group()) + 1), sentence)
