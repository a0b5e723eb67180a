"""The rule catalogues kept as TOML files read strictly: a file that names a rule the code does not know, lacks one
the code names, or holds a malformed entry stops the import with the file and the entry named; no rule is ever
dropped unseen. (That each rule decides its own cases is tested beside its module.)"""

from __future__ import annotations

import pytest

from nohallucinate.answers import abstention, catalogues, descriptions, text_rules, units
from nohallucinate.answers.catalogues import CatalogueError

ABSTENTION = catalogues.source("abstention.toml")
DESCRIPTIONS = catalogues.source("descriptions.toml")
UNITS = catalogues.source("units.toml")
MATCH_RULES = catalogues.source("match_rules.toml")


def _leniencies(text: str) -> tuple[text_rules.MatchRule, ...]:
    catalogue = catalogues.parse("match_rules.toml", text, ("leniency", "rival"))
    return text_rules.match_rules(catalogue, "leniency", text_rules._LENIENCIES)


def test_the_shipped_match_rules_read_as_the_code_names_them() -> None:
    assert _leniencies(MATCH_RULES) == text_rules.LENIENCY_RULES
    assert [rule.name for rule in text_rules.LENIENCY_RULES] == list(text_rules._LENIENCIES)
    assert [rule.name for rule in text_rules.RIVAL_RULES] == list(text_rules._RIVALS)


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        # a rule the code does not know, and so one it names that the file lacks
        ('name = "joined_pieces"', 'name = "joined_piece"', r"does not know: \['joined_piece'\]"),
        ('name = "joined_pieces"', 'name = "any_order"', r"named twice: \['any_order'\]"),
        # a case of the wrong length, a missing key, an unknown key (a typo would drop its cases)
        ('["Which highway?", "SH229", "SH, 229"]', '["SH229", "SH, 229"]', r"#3 \(joined_pieces\): 'rejects' case 1"),
        ('explains = "the items of a listed gold, in any order"', "", r"#4 \(any_order\): lacks 'explains'"),
        ("rejects = [", "reject = [", r"#1 \(normalised\): unknown keys \['reject'\]"),
        ('[[rival]]\nname = "either_or"', '[[rivals]]\nname = "either_or"', r"unknown tables \['rivals'\]"),
    ],
)
def test_a_malformed_match_rules_file_names_the_file_and_the_entry(old: str, new: str, error: str) -> None:
    assert old in MATCH_RULES
    with pytest.raises(CatalogueError, match=rf"^match_rules\.toml: .*{error}"):
        _leniencies(MATCH_RULES.replace(old, new, 1))


def test_a_rule_the_code_names_but_the_file_lacks_is_an_error() -> None:
    catalogue = catalogues.parse("match_rules.toml", MATCH_RULES, ("leniency", "rival"))
    with pytest.raises(CatalogueError, match=r"the code names but the file lacks: \['new_rule'\]"):
        text_rules.match_rules(catalogue, "rival", (*text_rules._RIVALS, "new_rule"))


@pytest.mark.parametrize(
    ("pattern", "error"),
    [
        ("{{knowledge}} or {{verbs}}", r"unknown placeholder \{\{verbs\}\}"),
        ("a{{ b", r"'\{\{' opens no placeholder"),
    ],
)
def test_a_placeholder_must_name_a_fragment(pattern: str, error: str) -> None:
    with pytest.raises(CatalogueError, match=error):
        catalogues.expand(pattern, {"knowledge": "(?:data|records)"}, "x.toml: [[rule]] #1")


def test_placeholders_are_replaced_and_regex_braces_kept() -> None:
    expanded = catalogues.expand(r"\bno (?:\w+ ){0,3}{{knowledge}}\b", {"knowledge": "(?:data|records)"}, "")
    assert expanded == r"\bno (?:\w+ ){0,3}(?:data|records)\b"


def test_the_shipped_units_read_as_the_module_holds_them() -> None:
    assert units.unit_spellings(catalogues.parse("units.toml", UNITS, None)) == units.UNITS


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ('"yd", "yds"', '"yd", "yds", "ft"', r"\[length\] yard: 'ft' already spells foot"),
        ('"yd", "yds"', '"yd", "Yds"', r"\[length\] yard: 'Yds' is not in lower case"),
        ("factor = 0.9144", 'factor = "0.9144"', r"\[length\] yard: 'factor' is not a number"),
        ("factor = 0.9144", "factors = 0.9144", r"\[length\] yard: unknown keys \['factors'\]"),
        (
            ', spellings = ["yd", "yds", "yard", "yards", "yardy", "yardů", "yardech"]',
            "",
            r"\[length\] yard: lacks 'spellings'",
        ),
        ("[temperature]", "[temperatures]", r"lacks the dimensions \['temperature'\]"),
    ],
)
def test_a_malformed_units_file_names_the_file_and_the_unit(old: str, new: str, error: str) -> None:
    assert old in UNITS
    with pytest.raises(CatalogueError, match=rf"^units\.toml: .*{error}"):
        units.unit_spellings(catalogues.parse("units.toml", UNITS.replace(old, new, 1), None))


def _abstention_rules(text: str) -> tuple[abstention.PhraseRule, ...]:
    catalogue = catalogues.parse("abstention.toml", text, ("fragments", "abstention", "hedge"))
    return abstention.phrase_rules(catalogue, "abstention")


def test_the_shipped_abstention_rules_read_as_the_module_holds_them() -> None:
    assert _abstention_rules(ABSTENTION) == abstention.ABSTENTION_RULES


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "{{knowledge}}",
            "{{knowledges}}",
            r"#2 \(do_not_have_the_information\): unknown placeholder \{\{knowledges\}\}",
        ),
        ("(?:do|did) not", "(?:do|did not", r"#1 \(do_not_know\): 'pattern' does not compile"),
        ('name = "do_not_know"', 'name = "do-not-know"', r"#1 \(do-not-know\): the name is not an identifier"),
        ('name = "no_idea"', 'name = "do_not_know"', r"named twice: \['do_not_know'\]"),
        ("pattern = '\\bi am afraid i\\b'", "", r"#9 \(afraid_i\): lacks 'pattern'"),
        (
            "fires_on = [\"I'm afraid I can't help with that.\"]",
            "fires_on = \"I'm afraid I can't help with that.\"",
            r"#9 \(afraid_i\): 'fires_on' is not a list of strings",
        ),
    ],
)
def test_a_malformed_abstention_file_names_the_file_and_the_rule(old: str, new: str, error: str) -> None:
    assert old in ABSTENTION
    with pytest.raises(CatalogueError, match=rf"^abstention\.toml: .*{error}"):
        _abstention_rules(ABSTENTION.replace(old, new, 1))


def _read_descriptions(text: str) -> None:
    tables = ("fragments", "examples", "anaphors", "kind_words", "rule")
    catalogue = catalogues.parse("descriptions.toml", text, tables)
    assert descriptions.description_rules(catalogue) == descriptions.RULES
    assert descriptions.example_entities(catalogue) == descriptions.EXAMPLE_ENTITIES
    assert descriptions.anaphor_patterns(catalogue) == descriptions._ANAPHOR_PATTERNS
    assert descriptions.kind_words(catalogue) == descriptions.KIND_WORDS


def test_the_shipped_descriptions_read_as_the_module_holds_them() -> None:
    _read_descriptions(DESCRIPTIONS)


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            '["club", "{X} is based in Tarrowby."]',
            '["clubs", "{X} is based in Tarrowby."]',
            r"#5 \(given_a_place\): 'clubs' is not a kind",
        ),
        (
            'after = ["anaphor"]',
            'after = ["pronoun"]',
            r"#2 \(said_to_be_one_of_its_kind\): 'after' names \['pronoun'\]",
        ),
        (
            "\nignore_case = false",
            '\nignore_case = "no"',
            r"#6 \(given_a_founding_in_brackets\): 'ignore_case' is not true or false",
        ),
        ("[examples.prize]", "[examples.award]", r"\[examples\]: unknown keys \['award'\]"),
        ("\nprize = ", "\naward = ", r"\[anaphors\]: unknown keys \['award'\]"),
        (
            "{{club_nouns}}|{{prize_nouns}}|[",
            "{{club_nouns}}|{{prize_noun}}|[",
            r"#7 \(described_in_apposition\): unknown placeholder",
        ),
    ],
)
def test_a_malformed_descriptions_file_names_the_file_and_the_entry(old: str, new: str, error: str) -> None:
    assert old in DESCRIPTIONS
    with pytest.raises(CatalogueError, match=rf"^descriptions\.toml: .*{error}"):
        _read_descriptions(DESCRIPTIONS.replace(old, new, 1))
