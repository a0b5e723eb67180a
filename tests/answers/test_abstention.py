"""Every named abstention and hedge rule fires on its own examples and not on its counter-examples, and the
combined matching names the rule that fired."""

from __future__ import annotations

import pytest

from nohallucinate.answers.abstention import (
    ABSTENTION_RULES,
    HEDGE_RULES,
    PhraseRule,
    abstains,
    abstention_rule,
    hedge_rule,
    hedges,
)
from nohallucinate.answers.normalise import normalise

RULES = [*ABSTENTION_RULES, *HEDGE_RULES]
EXAMPLES = [pytest.param(rule, text, id=f"{rule.name}:{text}") for rule in RULES for text in rule.fires_on]
COUNTER_EXAMPLES = [pytest.param(rule, text, id=f"{rule.name}:{text}") for rule in RULES for text in rule.not_on]


@pytest.mark.parametrize(("rule", "text"), EXAMPLES)
def test_each_rule_fires_on_its_examples(rule: PhraseRule, text: str) -> None:
    assert rule.pattern.search(normalise(text))
    if rule in ABSTENTION_RULES:
        assert abstains(text)
    else:
        assert hedges(text)


@pytest.mark.parametrize(("rule", "text"), COUNTER_EXAMPLES)
def test_no_rule_fires_on_its_counter_examples(rule: PhraseRule, text: str) -> None:
    assert not rule.pattern.search(normalise(text))


def test_every_rule_has_examples_and_a_unique_name() -> None:
    assert len({rule.name for rule in RULES}) == len(RULES)
    assert all(rule.fires_on and rule.not_on for rule in RULES)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("I don't know.", "do_not_know"),
        ("Sorry, I can't verify that.", "cannot_answer"),
        ("The name doesn't ring a bell.", "does_not_ring_a_bell"),
        ("Unknown.", "bare_decline"),
        ("He was born on 11 March 1952.", None),
    ],
)
def test_the_rule_that_fired_is_named(text: str, rule: str | None) -> None:
    assert abstention_rule(text) == rule


def test_a_hedge_names_its_rule() -> None:
    assert hedge_rule("I think it was 1952.") == "belief"
    assert hedge_rule("It was 1952.") is None
