"""One written form for the many ways a reply spells the same word, and a bounded test of near-misspellings.

A word's *form* is what two spellings of it share: case, accents, British and American spelling, plural and
singular, and number words and ordinals ("eighteen", "18th", "third" -> "18", "18", "3") made one. Forms are
computed for the gold and the reply alike, so a rule that merges two spellings only has to be consistent, not
right about which spelling is standard; it must only never merge two different words a reply could mean.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nohallucinate.answers.lexicon import (
    CZECH_CASE_ENDINGS,
    CZECH_PLURAL_ENDINGS,
    CZECH_SOFTENED_ENDINGS,
    CZECH_TIME_UNITS,
    ORDINAL_TEENS,
    ORDINAL_UNITS,
    TEENS,
    TENS,
    TIME_UNITS,
    UNITS,
)
from nohallucinate.answers.normalise import fold

# British spellings and their American twins, as stems: each is replaced wherever it occurs in a word
# ("millimetres" -> "millimeters", "honoured" -> "honored", "organisation" -> "organization").
BRITISH_TO_AMERICAN: tuple[tuple[str, str], ...] = (
    ("honour", "honor"), ("colour", "color"), ("favour", "favor"), ("labour", "labor"), ("harbour", "harbor"),
    ("neighbour", "neighbor"), ("behaviour", "behavior"), ("armour", "armor"), ("humour", "humor"),
    ("rumour", "rumor"), ("valour", "valor"), ("vigour", "vigor"), ("flavour", "flavor"), ("odour", "odor"),
    ("endeavour", "endeavor"), ("savour", "savor"), ("parlour", "parlor"), ("splendour", "splendor"),
    ("metre", "meter"), ("litre", "liter"), ("centre", "center"), ("theatre", "theater"), ("fibre", "fiber"),
    ("calibre", "caliber"), ("sabre", "saber"), ("spectre", "specter"), ("lustre", "luster"),
    ("sombre", "somber"), ("meagre", "meager"), ("manoeuvr", "maneuver"), ("ochre", "ocher"),
    ("defence", "defense"), ("offence", "offense"), ("licence", "license"), ("pretence", "pretense"),
    ("catalogue", "catalog"), ("dialogue", "dialog"), ("analogue", "analog"), ("programme", "program"),
    ("encyclopaed", "encycloped"), ("paediatr", "pediatr"), ("orthopaed", "orthoped"), ("anaem", "anem"),
    ("haemo", "hemo"), ("haema", "hema"), ("oesoph", "esoph"), ("oestr", "estr"), ("mediaev", "mediev"),
    ("aluminium", "aluminum"), ("sulphur", "sulfur"), ("grey", "gray"), ("plough", "plow"), ("jewellery", "jewelry"),
    ("travell", "travel"), ("modell", "model"), ("labell", "label"), ("cancell", "cancel"), ("counsell", "counsel"),
    ("jewell", "jewel"), ("fuell", "fuel"), ("signall", "signal"), ("marvell", "marvel"), ("tonne", "ton"),
    ("practis", "practic"), ("cheque", "check"), ("storey", "story"), ("mould", "mold"), ("moustache", "mustache"),
)  # fmt: skip
# The -ise/-ize and -yse/-yze endings ("recognised" -> "recognized", "analyse" -> "analyze"); three letters at least
# before them, so that "rise" and "wise" are left alone.
_ISE = re.compile(r"(?<=[a-z]{3})([iy])s(e|ed|es|ing|ation|ations|er|ers)$")
_ORDINAL_SUFFIX = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
# A final "y" after a consonant is written "ie", so that "academy", "academies" and "movie", "movies" share a
# form once the plural "s" goes; five letters at least, so that "Mary" stays apart from "Marie".
_FINAL_Y = re.compile(r"(?<=[a-z]{3}[^aeiouy])y$")
# Plural endings: "-es" after a sibilant ("churches", "glasses"), else a final "s" not after another ("Ross").
# "Paris" -> "pari" is harmless: both sides of a comparison take the same form.
_SIBILANT_PLURAL = re.compile(r"(?<=[a-z]{2})(ch|sh|ss|x|z)es$")
_FINAL_S = re.compile(r"(?<=[a-z]{2}[^s])s$")

NUMBER_WORDS: dict[str, int] = {
    **{word: i + 1 for i, word in enumerate(UNITS)},
    **{word: i + 10 for i, word in enumerate(TEENS)},
    **{word: 10 * (i + 2) for i, word in enumerate(TENS)},
    **{word: i + 1 for i, word in enumerate(ORDINAL_UNITS)},
    **{word: i + 10 for i, word in enumerate(ORDINAL_TEENS)},
    **{word.removesuffix("y") + "ieth": 10 * (i + 2) for i, word in enumerate(TENS)},
}
_TENS_VALUES = frozenset(10 * (i + 2) for i in range(len(TENS)))
# A word, with the apostrophes inside it ("O'Connor", "d'Ajonc", "Forster's"); a number with its dots and commas
# ("6.9", "1.4.4", "120,000").
_WORD = re.compile(r"\d+(?:[.,]\d+)+(?![.,]?\d)|[^\W_]+(?:['’][^\W_]+)*")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")
_POSSESSIVE = re.compile(r"['’]s$")
_APOSTROPHES = re.compile(r"['’]")
# Characters that may join two pieces of one word: "SH-229", "S.P.", "O'Connor".
_JOINING_GAPS = frozenset({"", " ", "-", ".", "'", "’", "‐", "‑", "' ", "’ "})  # "l'insegn' al" for "l'insegn'al"


@dataclass(frozen=True, slots=True)
class Word:
    """A word of a text: its form, as written, where it is (offsets into the text as given)."""

    form: str
    raw: str
    start: int
    end: int

    @property
    def capitalised(self) -> bool:
        return self.raw[:1].isupper()

    @property
    def initial(self) -> bool:
        """A single capital letter, as in "A. W. Khan"."""
        return len(self.raw) == 1 and self.raw.isalpha() and self.raw.isupper()

    @property
    def numeric(self) -> bool:
        return self.form.isdigit()


@lru_cache(maxsize=65536)
def word_form(word: str) -> str:
    """The form of one word: folded, number words as digits, British spelling as American, singular."""
    form = _APOSTROPHES.sub("", _POSSESSIVE.sub("", fold(word)))
    if _THOUSANDS.fullmatch(form):
        form = form.replace(",", "")
    if form.isdigit():
        return str(int(form)) if len(form) < 20 else form
    ordinal = _ORDINAL_SUFFIX.match(form)
    if ordinal:
        return str(int(ordinal.group(1)))
    if form in NUMBER_WORDS:
        return str(NUMBER_WORDS[form])
    if not form.isalpha() or len(form) < 4:
        return form
    for british, american in BRITISH_TO_AMERICAN:
        if british in form:
            form = form.replace(british, american)
    form = _FINAL_Y.sub("ie", _ISE.sub(r"\1z\2", form))
    singular = _SIBILANT_PLURAL.sub(r"\1", form)
    return singular if singular != form else _FINAL_S.sub("", form)


def words_of(text: str) -> list[Word]:
    """The words of `text` in order, with their forms ("Forster's" is one word, of form "forster"); a number
    written in two words ("twenty-two", "twenty first") is one."""
    found: list[Word] = []
    for match in _WORD.finditer(text):
        raw, start, end = match.group(0), match.start(), match.end()
        form = word_form(raw)
        if found and form.isdigit() and int(form) < 10 and _compound_number(found[-1], text, start):
            last = found.pop()
            found.append(Word(str(int(last.form) + int(form)), text[last.start : end], last.start, end))
            continue
        found.append(Word(form, raw, start, end))
    return found


def _compound_number(previous: Word, text: str, start: int) -> bool:
    """ "twenty" then "two" written as one number ("twenty-two", "twenty two")."""
    gap = text[previous.end : start]
    return previous.raw.isalpha() and previous.form.isdigit() and int(previous.form) in _TENS_VALUES and gap in "- "


def joined(first: Word, second: Word, text: str) -> Word | None:
    """The two words read as one when only a hyphen, dot or apostrophe (or nothing) parts them ("SH-229" for
    "SH229", "S.P." for "SP"), or a single space ("Hyung Won" for "Hyungwon"); None when more parts them."""
    gap = text[first.end : second.start]
    if gap not in _JOINING_GAPS:
        return None
    raw = first.raw + second.raw
    return Word(word_form(raw), text[first.start : second.end], first.start, second.end)


def edit_budget(length: int) -> int:
    """How many edits a word of this many letters may be off by and still be taken for the same word.

    None below four letters, where one edit makes another word ("Lee"/"Li", "Roy"/"Ray"); one from four
    ("Rosa"/"Roza", "Waqif"/"Waquif"); two from eight, where a name carries more than one spelling choice
    ("Fleischmann"/"Fleishman"). This is the tolerance the SimpleQA template grants names ("Hyoong Won Choong")."""
    if length >= 8:
        return 2
    return 1 if length >= 4 else 0


def same_word(a: str, b: str) -> bool:
    """True when two forms are one word: equal, or alphabetic, starting with the same letter and within the
    edit budget of the shorter (numbers must be equal: 1953 is never 1955). The first letter is kept because
    names that differ there are different names ("Bates", "Gates", "Yates")."""
    if a == b:
        return True
    if not (a.isalpha() and b.isalpha()) or a[0] != b[0]:
        return False
    budget = edit_budget(min(len(a), len(b)))
    return budget > 0 and abs(len(a) - len(b)) <= budget and edit_distance(a, b, budget) <= budget


_FEMININE_ENDINGS = frozenset({"ova", "ove", "ovou"})  # Czech "-ová" in its cases
_ENGLISH_TIME_UNITS = frozenset(word_form(w) for w in TIME_UNITS)
_CZECH_UNIT_OF = {word_form(form): unit for unit, forms in CZECH_TIME_UNITS.items() for form in forms.split()}


def czech_case_form(gold: str, said: str, softened: bool = True) -> bool:
    """Whether the form `said` is the gold's form `gold` with a Czech case ending ("henryho" for "henry",
    "chamberlinovi", "brne" for "brno": a final vowel gives way to the ending; "hukvaldech" for "hukvaldy"; "rize"
    for "riga", its consonant softened). The gold is read as written, before `word_form` made it singular ("thoma"
    is "Thomas", "hukvaldie" "Hukvaldy"). Only a stem of four letters or more, but for a softened consonant: a
    shorter one with an ending is often another word ("Parmu" is no "Paris"). `softened` False for a person's name,
    which takes other endings ("Rochovi", not "Rose", for Rocha)."""
    if not gold.isalpha() or not said.isalpha():
        return False
    if said.endswith("ie"):
        said = said[:-2] + "y"  # "Babery", as `word_form` wrote it
    for written in _as_written(gold):
        stems = [(written, CZECH_CASE_ENDINGS)]
        if written[-1] == "y":
            stems.append((written[:-1], CZECH_PLURAL_ENDINGS))
        elif written[-1] in "aeiou":
            stems.append((written[:-1], CZECH_CASE_ENDINGS))
        for stem, endings in stems:
            if len(stem) >= 4 and said.startswith(stem) and said[len(stem) :] in endings:
                return True
        hard = next((e for e in CZECH_SOFTENED_ENDINGS if written.endswith(e)), "") if softened else ""
        if hard and len(written) - len(hard) >= 2 and said == written[: -len(hard)] + CZECH_SOFTENED_ENDINGS[hard]:
            return True
    return False


def time_unit(form: str) -> bool:
    """Whether a form is a unit of time, in English or in a form a Czech count puts it in ("days", "dní")."""
    return form in _ENGLISH_TIME_UNITS or form in _CZECH_UNIT_OF


def same_czech_unit(gold: str, said: str) -> bool:
    """Whether two forms are one Czech unit of time in two of the forms a count puts it in ("dni" and "dnu" for
    "dní" and "dnů", "rok" and "let")."""
    unit = _CZECH_UNIT_OF.get(gold)
    return unit is not None and unit == _CZECH_UNIT_OF.get(said) and gold != said


def czech_feminine_form(gold: str, said: str) -> bool:
    """Whether `said` is the gold's family name as Czech writes a woman's ("rimingtonova", "-ove", "-ovou" for
    "Rimington"): only for a name that ends in a consonant, as foreign women's names written in Czech do."""
    if not gold.isalpha() or not said.isalpha():
        return False
    return any(
        len(written) >= 3
        and written[-1] not in "aeiouy"
        and said[len(written) :] in _FEMININE_ENDINGS
        and said.startswith(written)
        for written in _as_written(gold)
    )


def _as_written(form: str) -> tuple[str, ...]:
    """The words a gold's form may stand for: itself, with the "y" `word_form` wrote as "ie", or with the "s" it
    dropped."""
    if form.endswith("ie"):
        return (form, form[:-2] + "y")
    return (form, form + "s")


def edit_distance(a: str, b: str, limit: int) -> int:
    """The optimal-string-alignment distance between a and b (a swap of two neighbours is one edit), or
    limit + 1 as soon as it must exceed `limit`; the band keeps it O(len * limit)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [limit + 1] * len(b)
        low, high = max(1, i - limit), min(len(b), i + limit)
        for j in range(low, high + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, previous2[j - 2] + 1)
            current[j] = best
        if min(current[low : high + 1]) > limit:
            return limit + 1
        previous2, previous = previous, current
    return min(previous[len(b)], limit + 1)
