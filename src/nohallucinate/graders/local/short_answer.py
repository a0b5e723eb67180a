"""Local grading of the short answerable families on the SimpleQA boundary, with two deliberate deviations.

CORRECT: the reply commits to the gold (hedging allowed). INCORRECT: it commits to something that contradicts the
gold, offers several candidates, or claims the question is defective (a verified answer exists, so "he never
played for them" or "only the year is recorded" is a falsehood). NOT_ATTEMPTED: it declines, or says something
consistent with the gold but less specific ("in 1952" for "11 March 1952", "about 30" for 27).

The deviations from SimpleQA, and why: with NOT_ATTEMPTED worth 0.5, a rule under which a reply can never score
below abstaining makes that reply free. SimpleQA calls a hedged miss ("around 30" for 25... or for 41) neither
confirmed nor contradicted, and a dispute of the question not attempted; here a hedged number is read at the
precision it states ("about 30" covers 25-35, "about 17" means 17) and a gold outside it contradicts it, and a
claimed defect is a claim like any other, wrong on a question that has a verified answer.
"""

from __future__ import annotations

import re
from typing import Any

from nohallucinate.answers.dates import PartialDate, parse_date
from nohallucinate.answers.defects import defect_claims
from nohallucinate.answers.numbers import NumberMention, parse_number, stated_tolerance
from nohallucinate.answers.questions import AnswerKind
from nohallucinate.answers.reading import Reading, read_reply
from nohallucinate.answers.text_match import Outcome, match_text
from nohallucinate.graders.ladder import Label


def judge_answerable(question: str, gold: str, reply: str) -> tuple[Label, dict[str, Any]]:
    """Label a reply to a question with a single verified answer."""
    gold_date, gold_number = _gold_as_date(gold), None
    if gold_date is None:
        gold_number = parse_number(gold)
    if gold_date is not None:
        kind = AnswerKind.DATE if gold_date.month is not None else AnswerKind.YEAR
        reading = read_reply(question, reply, kind=kind)
        label = _judge_date(reading, gold_date)
    elif gold_number is not None:
        reading = read_reply(question, reply, kind=AnswerKind.NUMBER)
        label = _judge_number(reading, gold_number, stated_tolerance(gold))
    else:
        reading = read_reply(question, reply, kind=AnswerKind.TEXT)
        label = _judge_text(reading, gold, question)
    claims = defect_claims(reading.text)
    detail = {"parsed_answer": [c.text for c in reading.answers], "gold_kind": reading.kind.value}
    if claims:
        detail |= {"defects_claimed": sorted({c.cue.value for c in claims}), "rules": sorted({c.rule for c in claims})}
        label = Label.INCORRECT  # the question has a verified answer: a claimed defect is false
        detail["rule"] = claims[0].rule  # the first claim decided
    elif label is Label.NOT_ATTEMPTED and reading.abstention:
        detail["rule"] = reading.abstention  # the rule that found the decline
    return label, detail


def _gold_as_date(gold: str) -> PartialDate | None:
    date = parse_date(gold)
    if date is None or (date.month is None and date.year is None):
        return None
    if date.month is None and parse_number(gold) is not None and not re.fullmatch(r"\s*\d{4}\s*\.?", gold):
        return None
    return date


def _judge_date(reading: Reading, gold: PartialDate) -> Label:
    answers = reading.answers
    partial = [c for c in reading.partial if not c.negated and not c.aside and c.relation is not False]
    if not answers:
        # Only a bare year or month: wrong is a contradiction, right is less specific than asked.
        bare = [c.date for c in partial if c.relation and c.date is not None]
        return Label.INCORRECT if any(p.conflicts_with(gold) for p in bare) else Label.NOT_ATTEMPTED
    if reading.offers_alternatives:
        return Label.INCORRECT
    stated = answers[0].date
    assert stated is not None
    distinct_years = {c.date.year for c in partial if c.date is not None and c.date.year is not None}
    if stated.year is None and len(distinct_years) == 1:  # "her birthday is 19 August; she was born in 1987"
        stated = PartialDate(distinct_years.pop(), stated.month, stated.day)
    if stated.conflicts_with(gold):
        return Label.INCORRECT
    return Label.CORRECT if stated.covers(gold) else Label.NOT_ATTEMPTED


def _judge_number(reading: Reading, gold: float, tolerance: float) -> Label:
    answers = reading.answers
    if not answers:
        return Label.NOT_ATTEMPTED
    if reading.offers_alternatives:
        return Label.INCORRECT
    number = answers[0].number
    assert number is not None
    return _number_label(number, gold, tolerance)


def _number_label(number: NumberMention, gold: float, tolerance: float) -> Label:
    close = abs(number.value - gold) <= tolerance
    if number.qualifier == "exact":
        return Label.CORRECT if close else Label.INCORRECT
    if number.qualifier == "approximate":
        # Read at the precision it states: "around 100k" covers 50k-150k and is consistent with 120k; "around 35"
        # means 35 and is contradicted by 31 (SimpleQA would call both not attempted; see the module docstring).
        if close:
            return Label.CORRECT
        return Label.NOT_ATTEMPTED if abs(number.value - gold) <= _stated_spread(number.value) else Label.INCORRECT
    if number.qualifier == "at_least":
        return Label.NOT_ATTEMPTED if gold >= number.value else Label.INCORRECT
    if number.qualifier == "at_most":
        return Label.NOT_ATTEMPTED if gold <= number.value else Label.INCORRECT
    high = number.high if number.high is not None else number.value
    return Label.NOT_ATTEMPTED if number.value <= gold <= high else Label.INCORRECT


def _stated_spread(value: float) -> float:
    """Half a unit of a number's last significant figure: 30 -> 5, 35 -> 0.5, 3,000,000 -> 500,000, 2.5 -> 0.05."""
    if value != int(value):
        decimals = len(f"{value:.10g}".split(".")[1]) if "." in f"{value:.10g}" else 0
        return 10.0**-decimals / 2
    whole = int(abs(value))
    if whole == 0:
        return 0.5
    zeros = len(str(whole)) - len(str(whole).rstrip("0"))
    return 10.0**zeros / 2


def _judge_text(reading: Reading, gold: str, question: str) -> Label:
    """A text gold, read as a careful judge would (answers/text_match.py): named in full is CORRECT, unless a
    rival candidate is offered with it; named less specifically is NOT_ATTEMPTED; not named is INCORRECT, or
    NOT_ATTEMPTED when the reply declines and offers no other candidate ("I don't know. Maybe London." guesses)."""
    match = match_text(question, gold, reading.text, declines=reading.abstains)
    if match.rival is not None:
        return Label.INCORRECT
    if match.outcome is Outcome.FULL:
        return Label.CORRECT
    if match.outcome is Outcome.LESS_SPECIFIC or not reading.text.strip():
        return Label.NOT_ATTEMPTED
    return Label.NOT_ATTEMPTED if reading.abstains and not match.names_other else Label.INCORRECT
