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
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from itertools import pairwise
from typing import Any

from nohallucinate.answers.czech_numbers import writes_czech
from nohallucinate.answers.dates import PartialDate, find_dates, foreign_month, parse_date
from nohallucinate.answers.defects import DefectCue, defect_claims
from nohallucinate.answers.durations import clocks_listed, clocks_read, gold_clock
from nohallucinate.answers.layout import reasoning_blanked
from nohallucinate.answers.numbers import NumberMention, decimal_places, find_numbers, parse_number, stated_tolerance
from nohallucinate.answers.quantities import Quantity, parse_quantity
from nohallucinate.answers.questions import AnswerKind, expected_kind
from nohallucinate.answers.reading import SAYS_NONE, Candidate, Reading, asked_qualifier, measured_in, read_reply
from nohallucinate.answers.sentences import split_sentences
from nohallucinate.answers.text_match import Outcome, TextMatch, match_text
from nohallucinate.answers.units import Unit
from nohallucinate.graders.ladder import Label


def judge_answerable(question: str, gold: str, reply: str) -> tuple[Label, dict[str, Any]]:
    """Label a reply to a question with a single verified answer."""
    text_sure = plain_decline = False
    quantity: Quantity | None = None
    gold_says_none = bool(SAYS_NONE.fullmatch(gold))  # "Nobody", "Nikdo", "None": the verified answer is none
    if (span := _gold_as_span(gold)) is not None:
        reading = read_reply(question, reply, kind=AnswerKind.DATE if span[0].month else AnswerKind.YEAR)
        label = _judge_span(reading, span)
    elif (gold_date := _asked_part(question, _gold_as_date(question, gold))) is not None:
        kind = AnswerKind.DATE if gold_date.month is not None else AnswerKind.YEAR
        month_only = gold_date.year is None and gold_date.day is None
        reading = read_reply(question, reply, kind=kind, month_answers=month_only)
        label = _judge_date(reading, gold_date)
    elif (quantity := _gold_as_quantity(question, gold)) is not None:
        ordinals = quantity.ordinal or bool(_ASKS_A_PLACE.search(question))
        reading = read_reply(
            question, reply, kind=AnswerKind.NUMBER, unit=quantity.unit, ordinals=ordinals, years_as_counts=True,
            counted=quantity.noun,
        )  # fmt: skip
        asked_in = measured_in(question)
        if quantity.unit is None and asked_in is not None:
            quantity = replace(quantity, unit=asked_in)  # "1.13" for a question asked "in square miles": a measure
        label = _judge_number(reading, quantity, stated_tolerance(gold), asked_qualifier(question), asked_in)
    else:
        if (duration := gold_clock(gold)) is not None:  # "0:40:30" is "40 minutes and 30 seconds"
            gold, reply = duration, clocks_read(reply)
        reading = read_reply(question, reply, kind=AnswerKind.TEXT)
        match = match_text(question, gold, reading.text, declines=reading.abstains)
        compound = _states_all_numbers(gold, reading.text) and not reading.lists_alternatives
        # Where the verified answer is no one, a reply that says no one and nothing else answers it ("Nobody.").
        none = gold_says_none and bool(SAYS_NONE.fullmatch(reading.text))
        label = Label.CORRECT if compound or none else _judge_text(reading, match)
        if duration is not None and label is Label.CORRECT and clocks_listed(reading.text):
            label = Label.INCORRECT  # "40:30, 41:02": two times offered
        text_sure = match.sure and label is not Label.NOT_ATTEMPTED
        # A decline is sure only when it names nothing at all: "X, though I cannot confirm it" is a reader's call.
        plain_decline = match.outcome is Outcome.NONE and match.matched is None and not match.names_other
        plain_decline = plain_decline and len(reading.text.split()) <= _PLAIN_DECLINE_WORDS and not _NAMED.search(reply)
        leniencies = list(match.leniencies)
    claims = [c for c in defect_claims(reading.text, question) if _can_be_claimed(c.cue, reading.kind)]
    if gold_says_none or (quantity is not None and quantity.value == 0):
        # Where the verified answer is none ("0", "Nobody"), that it never happened is the answer, not a claim.
        claims = [c for c in claims if c.cue is not DefectCue.FALSE_PREMISE]
    detail: dict[str, Any] = {"parsed_answer": [c.text for c in reading.answers], "gold_kind": reading.kind.value}
    if reading.kind is AnswerKind.TEXT:
        detail["parsed_answer"] = [match.matched] if match.matched else []
        detail["leniencies"] = leniencies
    # A final answer read past the reasoning before it is a reader's call.
    detail["sure"] = (
        not claims
        and (reading.abstention is not None or reasoning_blanked(reply) == reply)
        and (text_sure or (_sure(reading, label) and (reading.kind is not AnswerKind.TEXT or plain_decline)))
    )
    if claims:
        detail |= {"defects_claimed": sorted({c.cue.value for c in claims}), "rules": sorted({c.rule for c in claims})}
        label = Label.INCORRECT  # the question has a verified answer: a claimed defect is false
        detail["rule"] = claims[0].rule  # the first claim decided
    elif label is Label.NOT_ATTEMPTED and reading.abstention:
        detail["rule"] = reading.abstention  # the rule that found the decline
    return label, detail


def _can_be_claimed(cue: DefectCue, kind: AnswerKind) -> bool:
    """Whether a claimed defect is one a question of this kind could have: only a date can be unrecorded in part
    ("only the year is recorded"); said of a count or a name, "there is no record of the exact number" declines."""
    return cue is not DefectCue.UNRECORDED or kind is AnswerKind.DATE


# A decline the rules are sure of on a text question: this many words at most, and no capitalised word past its
# first ("I cannot say who won." is sure; "Maybe it was Smith; I cannot say." is not).
_PLAIN_DECLINE_WORDS = 15
_NAMED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+")


# A reply the rules are sure of is short: a sentence or two, as most answers are.
_SURE_CHARACTERS = 600
_SURE_SENTENCES = 3


# Words that make a one-value reply a reader's call: a denial anywhere ("1999 is wrong", "the claim ... is false",
# "er wurde nicht"), someone else's date ("his father was born on"), an offset ("a year after"), a supposition
# ("would have", "was expected", "nominated").
_DOUBTFUL = re.compile(
    r"\b(?:not|never|no|none|nor|neither|without|wrong|wrongly|false|incorrect|untrue|myth|misreported|mistakenly|"
    r"erroneously|but|however|although|except|anything|instead|nicht|nie|nunca|jamais|pas|nikdy|ne|"
    r"father|mother|brother|sister|son|daughter|wife|husband|parents?|grandfather|grandmother|uncle|aunt|cousin|"
    r"after|before|later|earlier|since|until|ago|would|could|should|expected|nominated|scheduled|planned|"
    r"supposed|rumou?red|reportedly|allegedly|claimed)\b|n't\b",
    re.IGNORECASE,
)


def _sure(reading: Reading, label: Label) -> bool:
    """Whether the rules leave no doubt: a decline that names no value at all, or one date or number (exact, not
    zero, not hedged) that every other value in a short reply agrees with, compared with the gold."""
    values = (*reading.candidates, *reading.partial, *reading.decades)
    if len(reading.text) > _SURE_CHARACTERS or len(split_sentences(reading.text)) > _SURE_SENTENCES:
        return False
    if label is Label.NOT_ATTEMPTED:
        return reading.abstains and not values
    answer = reading.answer
    if answer is None or reading.kind is AnswerKind.TEXT or reading.abstains or reading.hedged:
        return False
    if reading.lists_alternatives or any(c.negated for c in values) or _DOUBTFUL.search(reading.text):
        return False  # a denial, another person, an offset or a supposition anywhere: a reader weighs it
    if answer.number is not None:
        number = answer.number
        if number.qualifier != "exact" or number.value == 0:
            return False  # a bound or a hedge is weighed by a reader; a zero may be a dispute
        return all(c.number is not None and c.number.value == number.value for c in values)
    stated = reading.stated_date
    return stated is not None and all(c.date is not None and not c.date.conflicts_with(stated) for c in values)


# Questions whose answer is a place or a rank, so that "39th" and "seventh" are values (and Czech "39. místo").
_ASKS_A_PLACE = re.compile(
    r"\b(?:rank|ranked|ranking|position|place|placed|finish|finished|round|minute|inning|seed|seeded|level|"
    r"kolikát\w*|umístil\w*|umístění|pořadí|míst[oěa]|pozic\w*|příčk\w*|úrov\w*|minut\w*|tříd\w*|kol[eo])\b"
    # "Ve které epizodě ...?", "Do které třídy ...?": a Czech "which" asks for one of a series, written "7. epizoda".
    r"|^\W*(?:\w{1,3}\s+)?kter\w+|\bkter\w+\s+(?:epizod|séri|řad|sezón|kap|díl|ročník|kol|minut|tříd)\w*",
    re.I,
)
# Questions asking for a count or a measure: a four-digit gold there is a number ("1007" people), not a year. With
# the Czech words for them ("Kolik", "číslo", "počet", "výška").
_ASKS_A_NUMBER = re.compile(
    r"\b(?:population|number|how many|how much|total|amount|count|height|length|width|depth|area|elevation|"
    r"altitude|distance|speed|weight|mass|capacity|score|points?|votes?|id|code|price|cost|"
    r"kolik(?!át)\w*|čísl\w*|počet|počtu|populac\w*|obyvatel\w*|výšk\w*|délk\w*|rozloh\w*|vzdálenost\w*|"
    r"hmotnost\w*|nadmořsk\w*)\b",
    re.I,
)
# A gold that is two dates and the words that join them: "1950-52", "1929–1930", "1911 to 1959".
_SPAN_WORDS = re.compile(r"^(?:from|between|the|years?|to|until|till|and|od|do|až|mezi|a|[-–—/]|\s|,|\.)*$", re.I)
# What joins the two ends of a span in a reply: "1950 to 1952", "1950–52", "between 1950 and 1952", "1950 až 1952",
# "od 1950 do 1952", "mezi lety 1950 a 1952".
_SPAN_JOINT = re.compile(
    r"\s*,?\s*(?:[-–—/]|to(?:\s+the\s+year)?|until|till|through|and|(?:až\s+)?do(?:\s+roku)?|až|a)(?:\s+(?:his|her|their|its)\s+(?:death|retirement|resignation)\s+in)?\s*",
    re.IGNORECASE,
)


# What may join the numbers of a compound gold: units, "x", "by", "and" ("405 x 480 cm", "5 ft 10 in").
_COMPOUND_WORDS = re.compile(r"^(?:[\s,&x×/]|by|and|ft|in|cm|mm|m|km|feet|foot|inches|inch|metres?|meters?)*$", re.I)


def _states_all_numbers(gold: str, reply: str) -> bool:
    """For a gold of several numbers ("405 x 480 cm", "5 ft 10 in"): one sentence of the reply states the same
    numbers, one after the other and in the same order, and hardly any other ("405 cm by 480 cm")."""
    wanted = find_numbers(gold)
    if len(wanted) < 2:
        return False
    joints = "".join(gold[a.end : b.start] for a, b in pairwise(wanted)) + gold[wanted[-1].end :]
    if not _COMPOUND_WORDS.match(joints) or gold[: wanted[0].start].strip():
        return False
    values = [n.value for n in wanted]
    for sentence in split_sentences(reply):
        stated = [n.value for n in find_numbers(sentence.text)]
        if stated:  # the first sentence that states numbers is the answer: later ones are no second chance
            return len(stated) <= len(values) + 1 and any(
                stated[i : i + len(values)] == values for i in range(len(stated) - len(values) + 1)
            )
    return False


def _gold_as_quantity(question: str, gold: str) -> Quantity | None:
    """The gold as one quantity, read as Czech where the question is ("Dva"); not a Czech title that opens with a
    number word ("Sedm statečných", "Dvě vdovy"), nor a name that opens with a number ("1. FC Köln"), where the
    question asks for no count or number."""
    czech = writes_czech(question) or writes_czech(gold)
    quantity = parse_quantity(gold, czech=czech)
    if quantity and quantity.noun and czech and not re.search(r"\d", gold) and not _ASKS_A_NUMBER.search(question):
        return None
    named = _NUMBER_BEFORE_A_WORD.match(gold)
    if quantity and named and named["word"][0].isupper() and not _ASKS_A_NUMBER.search(question):
        return None  # "1. FC Köln", "1. FK Příbram": a club's name, not the number 1
    return quantity


_NUMBER_BEFORE_A_WORD = re.compile(r"\s*\d+\.?\s+(?P<word>[^\W\d_]\w)")
# Where a foreign month word is a month: the question asks for a month or when ("Kdy začala invaze?" "srpen"), not
# "Which planet ...?" ("Mars").
_ASKS_A_MONTH = re.compile(r"\b(?:month|měsíc\w*|when|kdy)\b", re.IGNORECASE)
# "Kolik ...?", "Kolikrát ...?": how many, as "how many" is (not "Kolikátý", which asks a place).
_ASKS_A_COUNT_IN_CZECH = re.compile(r"\bkolik(?!át)", re.IGNORECASE)


def _gold_as_date(question: str, gold: str) -> PartialDate | None:
    date = parse_date(gold)
    if date is None and (month := foreign_month(gold)) is not None and _ASKS_A_MONTH.search(question):
        return PartialDate(None, month, None)  # "Duben" for "V kterém měsíci roku 1968 ...?"
    if date is None:
        # A gold written as a sentence around one date ("Mita died suddenly on 31 May 2010, after ...").
        dated = [m.date for m in find_dates(gold) if m.date.month is not None and m.date.year is not None]
        return dated[0] if len(dated) == 1 and len(find_dates(gold)) == 1 else None
    if date.month is None and date.year is None:
        return None
    if date.month is None and parse_number(gold) is not None:
        if not re.fullmatch(r"\s*\d{4}\s*\.?", gold):
            return None
        asked = expected_kind(question)
        if (
            asked is AnswerKind.NUMBER
            or _ASKS_A_COUNT_IN_CZECH.search(question)
            or (
                asked is AnswerKind.TEXT
                and not re.search(
                    r"\b(?:years?|roce|roku|kdy)\b", question, re.IGNORECASE
                )  # Czech "in the year", "when"
                and _ASKS_A_NUMBER.search(question)
            )
        ):
            return None  # "1007" people in a census
    return date


_ASKS_DAY = re.compile(r"\b(?:day|date|when)\b", re.IGNORECASE)
_ASKS_MONTH = re.compile(r"\bmonths?\b", re.IGNORECASE)
_ASKS_YEAR = re.compile(r"\byears?\b", re.IGNORECASE)


def _asked_part(question: str, gold: PartialDate | None) -> PartialDate | None:
    """The part of a gold date the question asks for: "What month and year ...?" for a gold of June 4, 2021 asks
    June 2021, which is then the whole answer; "What year ...?" asks the year. A question that names no part, or
    the day, asks all of it."""
    if gold is None or gold.year is None or gold.month is None or _ASKS_DAY.search(question):
        return gold
    if _ASKS_MONTH.search(question):
        return PartialDate(gold.year, gold.month, None)
    return PartialDate(gold.year, None, None) if _ASKS_YEAR.search(question) else gold


def _gold_as_span(gold: str) -> tuple[PartialDate, PartialDate] | None:
    """Two dates of one shape and the words that join them: "1950-52", "1911 to 1959", "August 9, 1979 - August 8,
    1983"."""
    mentions = find_dates(gold)
    if len(mentions) != 2:
        return None
    first, second = mentions
    shape = [(m.date.year is None, m.date.month is None, m.date.day is None) for m in mentions]
    if shape[0] != shape[1] or first.date.year is None:
        return None
    if not _SPAN_WORDS.match(gold[: first.start] + gold[first.end : second.start] + gold[second.end :]):
        return None
    return first.date, second.date


def _judge_span(reading: Reading, span: tuple[PartialDate, PartialDate]) -> Label:
    """CORRECT when the reply's first span is the gold's, its two ends one after the other and joined as a span
    ("from 1950 to 1952"); a list of values that happens to hold both ends is not a span, and later spans are no
    second chance."""
    values = [(c, c.date) for c in reading.candidates if c.date is not None and not c.negated and not c.aside]
    for (start, first), (end, last) in pairwise(values):
        if _SPAN_JOINT.fullmatch(reading.text[start.end : end.start]):  # the reply's first span is its answer
            return Label.CORRECT if first.covers(span[0]) and last.covers(span[1]) else Label.INCORRECT
    if not values or reading.abstains:
        return Label.NOT_ATTEMPTED
    return Label.INCORRECT if values[0][1].conflicts_with(span[0]) else Label.NOT_ATTEMPTED


# A reply of this many words or fewer is little more than its value ("It was in 1921.", "Probably 1921").
_BARE_REPLY_WORDS = 6


def _judge_date(reading: Reading, gold: PartialDate) -> Label:
    if reading.answer is None:
        # Only a bare year or month: wrong is a contradiction, right is less specific than asked. In a reply that
        # declines, only a value tied to the question's relation is its answer ("I don't know; he retired in 2010").
        bare = [
            c
            for c in reading.partial
            if not c.negated and not c.aside and c.relation is not False and not c.other_event and c.date is not None
        ]
        # Beside other words, only a value tied to the question's relation is its answer ("He was a politician from
        # 1985 to 1995" says nothing of his birth); a reply that is little more than the value gives it.
        if reading.abstains:
            bare = [c for c in bare if c.relation]
        elif len(reading.text.split()) > _BARE_REPLY_WORDS:
            bare = [c for c in bare if c.relation or c.stated]
        first = [c for c in bare if not c.range_end][:1]
        if any(c.date.conflicts_with(gold) for c in first if c.date):
            return Label.INCORRECT
        if first and not reading.abstains and (dated := _month_after_year(reading, first[0])) is not None:
            return Label.INCORRECT if dated.conflicts_with(gold) else _covers(dated, gold)
        # A decade is read at its own precision: "in the 1980s" is consistent with 1985 and contradicts 1999.
        decades = [c for c in reading.decades if not c.negated and c.relation is not False and c.date is not None]
        if not first and decades and (decades[0].relation or not reading.abstains) and gold.year is not None:
            decade = decades[0].date
            assert decade is not None and decade.year is not None
            return Label.NOT_ATTEMPTED if decade.year // 10 == gold.year // 10 else Label.INCORRECT
        # "04/09/2004" in a reply that states no order: wrong when neither reading is the gold, else uncertain.
        if any(c.readings and all(r.conflicts_with(gold) for r in c.readings) for c in first):
            return Label.INCORRECT
        return Label.NOT_ATTEMPTED
    if reading.in_passing(reading.answer):
        return Label.NOT_ATTEMPTED  # a date in passing beside a decline, as a number is (`_judge_number`)
    if (span := reading.answer_span) is not None:
        # A span where one date is asked hedges between its ends: consistent with the gold or contradicting it.
        years = [c.date.year for c in span if c.date is not None and c.date.year is not None]
        inside = len(years) == 2 and gold.year is not None and min(years) <= gold.year <= max(years)
        return Label.NOT_ATTEMPTED if inside else Label.INCORRECT
    if reading.offers_alternatives:
        return Label.INCORRECT
    stated = reading.stated_date
    assert stated is not None
    answer = reading.answer
    tied = [
        c.date
        for c in reading.partial
        if c.relation and not c.negated and not c.aside and c.date is not None and answer and c.start < answer.start
    ]
    if answer is not None and not answer.relation and tied and tied[0].conflicts_with(stated):
        # "born in 1952 and married on 11 March 1975": the date tied to the question's relation is the answer.
        return Label.INCORRECT if tied[0].conflicts_with(gold) else Label.NOT_ATTEMPTED
    if stated.conflicts_with(gold):
        return Label.INCORRECT
    return _covers(stated, gold)


def _month_after_year(reading: Reading, year: Candidate) -> PartialDate | None:
    """A bare year and the one bare month that follows it closely in its sentence, read as one date ("in 1897, in
    October of that year", "v roce 1897, konkrétně v říjnu")."""
    if year.date is None or year.date.year is None or year.date.month is not None:
        return None
    months = [
        c
        for c in reading.partial
        if c.date is not None and c.date.year is None and c.date.day is None and not c.negated and not c.aside
    ]
    if len(months) != 1 or months[0].date is None:
        return None
    if months[0].start < year.end or not _MONTH_OF_THE_YEAR.fullmatch(reading.text, year.end, months[0].start):
        return None
    return PartialDate(year.date.year, months[0].date.month, None)


# Between a year and the month that narrows it: a comma, a bracket or a dash, words that narrow or hedge, a
# preposition; no verb, which would give the month to another event ("born in 1915 and died in March").
_MONTH_OF_THE_YEAR = re.compile(
    r"\s*[,(—–-]?\s*(?:(?:konkrétně|přesněji|a\s+to|specifically|namely|more\s+precisely|precisely|exactly|probably|"
    r"perhaps|possibly|likely|I\s+think|I\s+believe|around|about|roughly|sometime|asi|myslím|možná|pravděpodobně|"
    r"někdy|snad)\s*,?\s*)*(?:(?:in|during|early|late|mid)\s+(?:the\s+month\s+of\s+)?|(?:v|ve|během|koncem|"
    r"začátkem|počátkem|kolem)\s+(?:měsíci\s+)?)?",
    re.IGNORECASE,
)


def _covers(date: PartialDate, gold: PartialDate) -> Label:
    """CORRECT for a date that states every part of the gold's, else NOT_ATTEMPTED (less specific)."""
    return Label.CORRECT if date.covers(gold) else Label.NOT_ATTEMPTED


def _judge_number(
    reading: Reading, gold: Quantity, tolerance: float, asked: str | None, asked_in: Unit | None = None
) -> Label:
    answer = reading.answer
    if answer is None:
        return Label.NOT_ATTEMPTED
    if reading.offers_alternatives:
        return Label.INCORRECT
    if reading.in_passing(answer):
        # A reply that declines and names a number only in passing ("Sčítání se provádí každých 10 let", "nevím,
        # kolik hráček postoupilo do druhého kola") has declined. The rule never reads the gold, so such a reply
        # pays what declining pays, whatever its number.
        return Label.NOT_ATTEMPTED
    number = answer.number
    assert number is not None
    if asked is not None and number.qualifier == asked:
        number = replace(number, qualifier="exact")  # "up to 3 metres" answers "Up to how many metres ...?"
    if answer.unit is not None and gold.unit is not None and answer.unit != gold.unit:
        # In another unit of the same measure, compared once converted, within 1% ("55 miles" for 88 km); a value
        # of another measure ("65 volts" for 65 W) answers something else. A gold cut short ("11.70 m/" asked "in
        # meters per second") is in the unit the question names.
        target = asked_in if answer.unit.convert(1.0, gold.unit) is None and asked_in is not None else gold.unit
        value = answer.unit.convert(number.value, target)
        if value is None:
            return Label.INCORRECT
        high = None if number.high is None else answer.unit.convert(number.high, target)
        number = replace(number, value=value, high=high)
        tolerance = max(tolerance, 0.01 * abs(gold.value))
    return _number_label(number, gold, tolerance)


def _close(number: NumberMention, gold: Quantity, tolerance: float) -> bool:
    """Whether a stated number is the gold at the precision the two are written: rounded to the gold's decimals it
    is the gold ("67.5" for 68); the gold rounded to the number's fewer decimals is the number, written with three
    figures or more ("50.2" for 50.16, "29,137" for 29,137.40); within the gold's stated scale ("124k" for 120k);
    or, for a physical measure written with three figures or more, within 1% ("11.68 m/s" for 11.70, "14,402 ft"
    for 14,403). Counts are exact: "23" is not 24."""
    value = number.value
    if _round_half_up(value, gold.decimals) == _round_half_up(gold.value, gold.decimals):
        return True
    if abs(value - gold.value) <= tolerance:
        return True
    figures, decimals = _written(number)
    if figures < 3:
        return False
    if decimals < gold.decimals and _round_half_up(gold.value, decimals) == _round_half_up(value, decimals):
        return True
    physical = gold.unit is not None and gold.unit.dimension != "ratio"
    return physical and abs(value - gold.value) <= 0.01 * abs(gold.value)


def _round_half_up(value: float, decimals: int) -> Decimal:
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)


def _written(number: NumberMention) -> tuple[int, int]:
    """How many significant figures and decimals a number is written with; a round number ("29,000") counts as two
    figures."""
    body = re.sub(r"^[^\d]*", "", number.text)
    digits = re.sub(r"\D", "", body).lstrip("0")
    decimals = decimal_places(body)
    if not digits:
        return 0, decimals
    if not decimals and len(digits) - len(digits.rstrip("0")) >= 2:
        return 2, 0
    return len(digits), decimals


def _number_label(number: NumberMention, gold: Quantity, tolerance: float) -> Label:
    close = _close(number, gold, tolerance)
    if number.qualifier == "exact":
        return Label.CORRECT if close else Label.INCORRECT
    if number.qualifier == "approximate":
        # Read at the precision it states: "around 100k" covers 50k-150k and is consistent with 120k; "around 35"
        # means 35 and is contradicted by 31 (SimpleQA would call both not attempted; see the module docstring).
        if close:
            return Label.CORRECT
        within = abs(number.value - gold.value) <= _stated_spread(number.value)
        return Label.NOT_ATTEMPTED if within else Label.INCORRECT
    if number.qualifier == "at_least":
        return Label.NOT_ATTEMPTED if gold.value >= number.value else Label.INCORRECT
    if number.qualifier == "at_most":
        return Label.NOT_ATTEMPTED if gold.value <= number.value else Label.INCORRECT
    high = number.high if number.high is not None else number.value
    return Label.NOT_ATTEMPTED if number.value <= gold.value <= high else Label.INCORRECT


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


def _judge_text(reading: Reading, match: TextMatch) -> Label:
    """A text gold, read as a careful judge would (answers/text_match.py): named in full is CORRECT, unless a
    rival candidate is offered with it; named less specifically is NOT_ATTEMPTED; not named is INCORRECT, or
    NOT_ATTEMPTED when the reply declines and offers no other candidate ("I don't know. Maybe London." guesses)."""
    if match.rival is not None or (match.outcome is Outcome.FULL and reading.lists_alternatives):
        return Label.INCORRECT
    if match.outcome is Outcome.FULL:
        return Label.CORRECT
    if match.outcome is Outcome.LESS_SPECIFIC or not reading.text.strip():
        return Label.NOT_ATTEMPTED
    return Label.NOT_ATTEMPTED if reading.abstains and not match.names_other else Label.INCORRECT
