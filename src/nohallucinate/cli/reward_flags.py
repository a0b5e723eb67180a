"""The reward-rule flags: `--threshold` (or `--thresholds`, one run each) and `--confidence`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated

import typer

from nohallucinate.cli.flag_groups import flag_group
from nohallucinate.cli.output import fail
from nohallucinate.errors import UserInputError

if TYPE_CHECKING:  # pydantic's models are imported where a value is checked: --help needs none
    from nohallucinate.rewards import RewardRule


def _number(text: str) -> float:
    """`--threshold`'s value as a number; one that is none ends the command with one line naming the flag (click's
    own message is a usage box), before the range is checked with the rest of the rule (`reward_rule`)."""
    try:
        return float(text)
    except ValueError:
        fail(f"--threshold {text!r}: a threshold is a number strictly between 0 and 1")


Threshold = Annotated[
    float | None,
    typer.Option(
        "--threshold",
        parser=_number,
        help="Abstaining earns T (0 < T < 1), and the prompt says so: answer only when more than T sure "
        "\\[default: the spec's 0.5, unstated].",
        show_default=False,
    ),
]
Confidence = Annotated[
    str,
    typer.Option(
        "--confidence",
        help="off: replies graded as written; report: read a last line 'Confidence: 0.73' and measure it; "
        "brier: also score it (the Brier rule).",
    ),
]
Thresholds = Annotated[
    str | None,
    typer.Option(
        "--thresholds",
        help="Comma-separated thresholds, e.g. 0.25,0.5,0.75,0.9: one run each, side by side.",
        show_default=False,
    ),
]


@dataclass(frozen=True)
class RewardFlags:
    """The reward rule a command grades by (checked as the flags are read)."""

    threshold: Threshold = None
    confidence: Confidence = "off"
    rule: RewardRule = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule", reward_rule(self.threshold, self.confidence))  # frozen: set once, here


def reward_rule(threshold: float | None, confidence: str = "off") -> RewardRule:
    """The rule these flag values name; a value out of range is a UserInputError naming the flag."""
    from nohallucinate.rewards import CONFIDENCE_MODES, RewardRule

    if confidence not in CONFIDENCE_MODES:
        raise UserInputError(f"--confidence {confidence!r}: choose one of {', '.join(CONFIDENCE_MODES)}")
    if threshold is not None and not 0.0 < threshold < 1.0:  # NaN fails this too
        raise UserInputError(f"--threshold {threshold}: a threshold is a number strictly between 0 and 1")
    return RewardRule(threshold=threshold, confidence=confidence)


def parse_thresholds(text: str) -> list[float]:
    """`--thresholds 0.25,0.5,0.75`: each strictly between 0 and 1, none twice, in ascending order."""
    values = []
    for part in text.split(","):
        try:
            value = float(part)
        except ValueError:
            raise UserInputError(f"--thresholds: {part.strip()!r} is not a number") from None
        if not 0.0 < value < 1.0:
            raise UserInputError(f"--thresholds: {part.strip()} is not strictly between 0 and 1")
        values.append(value)
    named = [f"{value:g}" for value in values]  # each run's directory is named by it
    if len(set(named)) < len(named):
        raise UserInputError("--thresholds: a threshold is given twice (to six significant figures)")
    return sorted(values)


REWARD_FLAGS = flag_group(RewardFlags)
