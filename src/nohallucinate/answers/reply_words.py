"""A reply indexed for matching a text gold: its words by form, its sentences, the runs of words that may be
names, the candidates it offers as answers, and the places a gold word is said.

Every lookup is indexed or bounded, so that reading a reply stays linear in its length.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache

from nohallucinate.answers.abstention import abstention_rule, hedge_rule, outside_declines, outside_declines_and_hedges
from nohallucinate.answers.czech_numbers import writes_czech
from nohallucinate.answers.lexicon import (
    CZECH_FUNCTION_WORDS,
    CZECH_QUESTION_WORDS,
    GUESS_COPULAS,
    HEDGE_WORDS,
    HOW_SURE,
    LABEL_WORDS,
    MONTHS,
    NOT_NAMES_IN_REPLIES,
    NOTHING_IN_PARTICULAR,
    NOTHING_IN_PARTICULAR_BEGINNINGS,
    PRONOUNS,
    WEEKDAYS,
)
from nohallucinate.answers.numbers import ordinal_values
from nohallucinate.answers.questions import content_words
from nohallucinate.answers.sentences import SpanIndex, split_clauses, split_sentences
from nohallucinate.answers.text_gold import ARTICLES, PARTICLES, TITLES, is_person_noun
from nohallucinate.answers.text_rules import CZECH_CASE, FUZZY
from nohallucinate.answers.word_forms import (
    Word,
    czech_case_form,
    edit_distance,
    joined,
    same_czech_unit,
    same_word,
    word_form,
    words_of,
)

SURE_WORDS = 40  # a longer reply may qualify its answer in ways the rules do not read

STOP_FORMS = frozenset(word_form(w) for w in (*NOT_NAMES_IN_REPLIES, *MONTHS, *WEEKDAYS))
# Words too common to be a misspelling of anything: "them" is no "they".
_UNMISSPELT = STOP_FORMS | frozenset(
    word_form(w)
    for w in (
        *PRONOUNS,
        *ARTICLES,
        *"this that these those there their then than when what which were with from have".split(),
    )
)
NAME_GAPS = frozenset({"", " ", "-", ". ", ".", "‐", "‑"})
_OPENS_A_QUOTE = re.compile(r'\s"')  # in a gap between two words (one right after a word closes), quotes straight
_ROMAN = re.compile(r"[IVXLC]{2,}")  # a regnal number ("Jan Pavel II."), whose dot is no initial's
_QUOTES_AND_BRACKETS = str.maketrans("", "", '"“”‘’()')
# A negation up to three words before a name denies it ("not Niels Bohr", "rozhodně ne Bruce Hapke", "nebyl to X"),
# unless a "but" between turns to what is affirmed ("not Niels Bohr but Albert Einstein").
_NOT_BUT = r"(?:(?!(?:but|ale|nýbrž)\b)[\w'.-]+\s+){0,3}$"
# "wasn't", "didn't", "can't": a verb's contracted "not" (not "ain't", which titles use: "It Ain't Legal").
_CONTRACTED_NOT = r"\b(?:is|was|are|were|did|does|do|has|have|had|could|would|should|ca|wo)n['’]t"
_NEGATION_BEFORE = re.compile(
    r"(?:\b(?P<negation>not|never|nor|neither|rather than|instead of|no longer|nikoli|nikoliv|nebyl|nebyla|nebylo|"
    rf"nebyli|nebyly|není|nejsou|nejde o|nejedná se o|(?-i:ne|ani))|{_CONTRACTED_NOT})\s+" + _NOT_BUT,
    re.IGNORECASE,
)
# Words that deny what follows them, as forms ("Never Milan Kundera", "Nikoli X").
NEGATION_WORDS = frozenset(word_form(w) for w in "not never nor neither nikoli nikoliv ne ani".split())
# A verb's denial right after a name, and the word it denies it to be ("is not the capital", "není autorem").
_NOT_WHAT_WAS_ASKED = re.compile(
    rf"[\s*]*(?:{_CONTRACTED_NOT}|(?:is|was)\s+not|není|nebyl[ao]?)\s+(?:the\s+|a\s+|an\s+)?(?P<what>[^\W\d_]+(?:\s+[^\W\d_]+)?)",
    re.IGNORECASE,
)
_SAYS_THE_ANSWER = frozenset(word_form(w) for w in "answer correct right odpověď správná správný správně".split())
# Capitalised, "Ne" and "Ani" open names too ("Nástupcem Ne Wina", "Ani DiFranco"): they deny a name right after
# them ("Vienna, Ne Berlin."), and in a Czech reply one up to three words on where they open the sentence.
_NE_OPENING = re.compile(r"^\s*(?:Ne|Ani|NE|ANI)\s+" + _NOT_BUT)
_NE_RIGHT_BEFORE = re.compile(r"\b(?:Ne|Ani|NE|ANI)\s+$")
_HERE_OR_THERE = frozenset("tam zde tu there here".split())  # "Nebyl zde uveden X": the question's word is next
# Negations that affirm: "not only", "nejen", "ne náhodou" (not by chance), "nikdo jiný než" and "none other than",
# "ne poprvé" (not for the first time), "nikoli překvapivě", "ne příliš známý".
_NOT_A_DENIAL = re.compile(
    r"\b(?:not\s+(?:only|just|merely|simply|sure|certain)|nejen|nejenom|ne\s+jen|(?:ne|nikoli|nikoliv)\s+"
    r"(?:náhodou|nadarmo|náhodně|překvapivě|příliš|zcela|poprvé|jediný)|jin\w*\s+než|other than)\b",
    re.IGNORECASE,
)
_PLAIN_BREAKERS = re.compile(r"\b(?:not|never|no|nor|or|n't|either|neither)\b", re.IGNORECASE)
# What follows "it was" in a sentence that guesses ("I think it was granite", "myslím, že je to Bylo nás pět"): the
# answer's slot, whatever its case, up to a mark that ends a phrase.
_SLOT_AFTER_A_COPULA = re.compile(
    r"\b(?:" + "|".join(GUESS_COPULAS) + r")\s+(?P<slot>[^\s,.;:!?()\[\]][^,.;:!?()\[\]\n]*)", re.IGNORECASE
)
_SLOT_WORDS = 5
_QUOTED = re.compile(r"\"([^\"\n]{2,80})\"|“([^”\n]{2,80})”|(?<!\w)'([^'\n]{2,80})'(?!\w)")
# A sentence that points elsewhere rather than answering ("I recommend checking the county records").
_REFERRAL = re.compile(
    r"\b(?:recommend|suggest|consult|check|checking|looking for|look up|contact|visit|refer to|reach out|"
    r"search|searching|resources?|databases?|archives?|websites?|library|libraries)\b",
    re.IGNORECASE,
)
_OPENERS = frozenset(word_form(w) for w in "searching looking checking given sadly regrettably honestly".split())


class Outcome(StrEnum):
    """How a reply names a gold: in full, less specifically (NOT_ATTEMPTED on the SimpleQA boundary), or not."""

    FULL = "full"
    LESS_SPECIFIC = "less_specific"
    NONE = "none"


RANK = {Outcome.FULL: 2, Outcome.LESS_SPECIFIC: 1, Outcome.NONE: 0}  # better outcomes first


@dataclass
class Hit:
    """Where one phrase of the gold is named: reply words start..end (inclusive), and how."""

    outcome: Outcome
    start: int
    end: int
    leniencies: set[str] = field(default_factory=set)
    exact: bool = False  # the gold's words, together and in order, and nothing else
    person: bool = False  # a person's name

    @property
    def rank(self) -> int:
        return RANK[self.outcome]


class Spans:
    """Character spans that may overlap, asked in logarithmic time whether any overlaps a range."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [s for s, _ in ordered]
        self._reach: list[int] = []  # the furthest end among the spans up to each one
        for _, end in ordered:
            self._reach.append(max(end, self._reach[-1]) if self._reach else end)

    def overlaps(self, start: int, end: int) -> bool:
        """True when some span shares a character with [start, end)."""
        before = bisect.bisect_left(self._starts, end)  # the spans that start before `end`
        return before > 0 and self._reach[before - 1] > start

    def holds(self, position: int) -> bool:
        return self.overlaps(position, position + 1)


class ReplyWords:
    """A reply indexed for matching, with the question's words and the gold's."""

    def __init__(self, text: str, question: str, gold_forms: frozenset[str], declines: bool | None = None) -> None:
        self.text = text
        self.words = words_of(text)
        self.question = question
        self.question_forms, self.question_stems = _question_words(question)
        self.question_prefixes = frozenset(f[:6] for f in self.question_forms if len(f) >= 6)
        if declines is not None:  # the caller read the reply for a decline already
            self.__dict__["declines_somewhere"] = declines
        self.gold_forms = gold_forms
        self.lowercase = not any(ch.isupper() for ch in text)
        # Written in Czech, or answering a Czech question: the gold's words may take Czech case endings.
        self.question_czech = writes_czech(question)  # the question's language: an English one has English replies
        self.czech = writes_czech(text) or self.question_czech
        self.sentences = SpanIndex(split_sentences(text))
        self.clauses = SpanIndex(split_clauses(text))
        self._by_form: dict[str, list[int]] = {}
        for i, w in enumerate(self.words):
            self._by_form.setdefault(w.form, []).append(i)
        self._by_letter: dict[str, list[str]] = {}
        for form in self._by_form:
            self._by_letter.setdefault(form[:1], []).append(form)
        self._places: dict[tuple[str, bool], list[tuple[int, int, str | None]]] = {}
        self._starts = [w.start for w in self.words]
        self._declines: dict[int, tuple[bool, bool]] = {}  # sentence start -> (declines, declines or refers)

    def places(self, form: str, pieces: bool = True) -> list[tuple[int, int, str | None]]:
        """Where a gold word is said, as (first word, last word, the leniency it needs or None): itself; with a
        Czech case ending in a Czech reply ("Chamberlinovi"), or within the edit budget (but never as a word of the
        question); or, with `pieces`, in two pieces ("SH-229")."""
        key = (form, pieces)
        if key not in self._places:
            found: list[tuple[int, int, str | None]] = [(i, i, None) for i in self._by_form.get(form, [])]
            for other in self._by_letter.get(form[:1], []):
                if other == form or other in self.question_forms:
                    continue
                if self.in_czech_case(form, other) or (self.czech and same_czech_unit(form, other)):
                    found += [(i, i, CZECH_CASE) for i in self._by_form[other]]
                elif form not in _UNMISSPELT and other not in _UNMISSPELT and same_word(form, other):
                    found += [(i, i, FUZZY) for i in self._by_form[other]]
            if pieces:
                found += [(i, i + 1, None) for i in self._in_two_pieces(form)]
            self._places[key] = sorted(found, key=lambda place: place[:2])
        return self._places[key]

    def in_czech_case(self, gold: str, said: str, softened: bool = True) -> bool:
        """Whether the reply's form `said` is the gold's form `gold` with a Czech case ending, in a Czech reply, and
        not a word of the question so inflected ("Mezi Jaumem Munarem a Stefanosem Tsitsipasem ..." repeats the
        question's two names, whichever the gold is)."""
        if not self.czech or not czech_case_form(gold, said, softened):
            return False
        return not any(czech_case_form(asked, said) for asked in self.question_forms)

    def _in_two_pieces(self, form: str) -> list[int]:
        """The words i where words i and i + 1, read as one, take this form ("SH-229" for "sh229"). The first
        piece's form is a beginning of the whole, so only those words are tried."""
        found = []
        for cut in range(1, len(form)):
            for i in self._by_form.get(form[:cut], []):
                if i + 1 < len(self.words):
                    pair = joined(self.words[i], self.words[i + 1], self.text)
                    if pair is not None and pair.form == form:
                        found.append(i)
        return found

    def words_within(self, start: int, end: int) -> list[Word]:
        """The words that begin in [start, end) (character offsets)."""
        return self.words[bisect.bisect_left(self._starts, start) : bisect.bisect_left(self._starts, end)]

    def word_from(self, position: int) -> Word | None:
        """The first word that begins at or after character `position`."""
        index = self.index_from(position)
        return self.words[index] if index < len(self.words) else None

    def index_from(self, position: int) -> int:
        """The index of the first word that begins at or after character `position` (`len(words)` if none)."""
        return bisect.bisect_left(self._starts, position)

    def gap(self, left: int, right: int) -> str:
        """The text between word `left` and word `right`."""
        return self.text[self.words[left].end : self.words[right].start]

    def name_gap(self, left: int, right: int) -> bool:
        """Only what parts the words of one name lies between them (spaces, hyphens, dots, quotes); not the full
        stop that ends a sentence ("Joseph Brodsky. Octavio Paz came second.", "Nevím. Brno?", "... in the USA.
        Canberra?"), though the dot of an initial or an abbreviation ("J. Smith", "St. Louis", "Gen. Patton") parts a
        name; nor a bracket, unless the name goes on
        after it ("Margaret (Molly) Brown"): what follows "Joseph Brodsky (" is a note or another name."""
        gap = self.gap(left, right).translate(_QUOTES_AND_BRACKETS).replace("  ", " ")
        if gap.startswith(".") and not _abbreviated(self.words[left]):
            following = self.sentences.at(self.words[right].start)
            if self.declines_at(self.words[left].start) or self.sentences.at(self.words[left].start) is not following:
                return False
        raw = self.gap(left, right)
        if "(" in raw and not self._closes_before_a_name(right, ")"):
            return False
        if _OPENS_A_QUOTE.search(raw) and not self._closes_before_a_name(right, '"'):
            return False  # 'in English "Leonardo da Vinci"' is no name; 'Earvin "Magic" Johnson' is one
        if ")" in raw and not self._opened_after_a_name(left):
            return False
        return gap in NAME_GAPS

    def _closes_before_a_name(self, right: int, closer: str) -> bool:
        """The bracket or the quote opened before word `right` closes (at `closer`) before a word that goes on with
        the name ("Mary (Molly) Brown", 'Earvin "Magic" Johnson'), or holds that word alone written anew
        ("Deherainerem (Dehérainem)")."""
        close = self.text.find(closer, self.words[right].start)
        if close == self.words[right].end and self.words[right].form[:4] == self.words[right - 1].form[:4]:
            return True
        after = self.index_from(close) if close >= 0 else len(self.words)
        return (
            after < len(self.words)
            and self.text[close + 1 : self.words[after].start] in NAME_GAPS
            and self.name_like(after)
            and all(self.name_like(i) for i in range(right, after))  # a nickname, not "(dnešní Burkiny Faso)"
        )

    def _opened_after_a_name(self, left: int) -> bool:
        """The bracket closed after word `left` opened right after a word of a name, as `_closes_before_a_name`."""
        start = self.words[left].start
        opened = self.text.rfind("(", 0, start)
        before = self.index_from(opened) - 1 if opened >= 0 else -1
        return (
            before >= 0
            and ")" not in self.text[opened:start]
            and self.text[self.words[before].end : opened] in NAME_GAPS
            and self.name_like(before)
            and all(self.name_like(i) for i in range(before + 1, left + 1))
        )

    def near_gold(self, form: str) -> bool:
        return form in self.gold_forms or any(same_word(form, g) for g in self.gold_forms if g[:1] == form[:1])

    def name_like(self, i: int) -> bool:
        """A word that may be part of a name: capitalised or an initial, and not a word that names no one
        (unless it is the gold's: "June Huh"); or a word of the gold however written ("bruce hapke"); in a reply
        written all in lower case, any word near one of the gold's."""
        w = self.words[i]
        if w.form in self.gold_forms:
            return True
        if self.lowercase:
            return self.near_gold(w.form)
        return (w.capitalised or w.initial) and (w.form not in STOP_FORMS or self.near_gold(w.form))

    def negated(self, start: int) -> bool:
        """A denial stands within three words before reply word `start`, in its sentence ("not Bruce Hapke",
        "rather than Luminism"), and not one the question makes too."""
        position = self.words[start].start
        sentence = self.sentences.at(position)
        opening = self.text[sentence.start if sentence else 0 : position]
        before = opening[-60:]
        negation = _NEGATION_BEFORE.search(before)
        if negation and self._questions_own(negation, before):
            negation = None
        if negation is None:  # "Ne" opening the sentence is read where the sentence opens within the window
            opens_within = self.czech and before == opening
            negation = _NE_RIGHT_BEFORE.search(before) or (_NE_OPENING.match(before) if opens_within else None)
        # An idiom that affirms counts only within the negation's own words ("Nebyl to nikdo jiný než X"), not
        # before it ("Other than that, it was not X but Y").
        return negation is not None and not _NOT_A_DENIAL.search(before, negation.start())

    def denied(self, first: int, last: int) -> bool:
        """Reply words first..last are denied: by a negation before them (`negated`), by one that opens them where
        it is no word of the gold ("Never Milan Kundera", a sentence "Not Sydney."; not "Never Let Me Go"), or by
        a verb after them that says they are not what was asked ("Sydney is not the capital", "X is not the
        author", "X není správná odpověď"; not "Canberra is not the largest city")."""
        opener = self.words[first].form
        if self.negated(first) or (first < last and opener in NEGATION_WORDS and opener not in self.gold_forms):
            return True
        said = _NOT_WHAT_WAS_ASKED.match(self.text, self.words[last].end)
        return said is not None and any(
            w.form in _SAYS_THE_ANSWER or self.asked(w.form) or is_person_noun(w.raw) for w in words_of(said["what"])
        )

    def _questions_own(self, negation: re.Match[str], before: str) -> bool:
        """The negation is the question's, said beside a word of the question's ("Kdo nebyl pozván?" "Pozván nebyl
        Charles de Gaulle."; "Who was not invited?" "Not invited was ..."), not a denial that merely shares its
        word ("It was not Stalin but de Gaulle")."""
        word = negation["negation"]
        if word is None or word_form(word) not in self.question_forms:
            return False
        after = [w for w in words_of(before[negation.end("negation") :]) if w.form not in _HERE_OR_THERE]
        beside = words_of(before[: negation.start()])[-1:] + after[:1]
        beside = [w for w in beside if len(w.form) >= 4 and w.form not in _UNMISSPELT]  # "invited", not "was"
        return any(self.asked(w.form) for w in beside)

    def inside_longer_name(self, start: int, end: int) -> bool:
        """Words start..end are part of a longer run of name words ("Liverpool" in "Liverpool Jones")."""
        before = start > 0 and self.name_gap(start - 1, start) and self.name_like(start - 1)
        after = end + 1 < len(self.words) and self.name_gap(end, end + 1) and self.name_like(end + 1)
        return before or after

    def restates_question(self, start: int, end: int) -> bool:
        """Every word of reply words start..end is the question's: the reply names what it was asked about."""
        return all(self.words[i].form in self.question_forms for i in range(start, end + 1))

    def sentence_index(self, position: int) -> int:
        sentence = self.sentences.at(position)
        return self.sentences.spans.index(sentence) if sentence else -1

    @cached_property
    def plain(self) -> bool:
        """Short, with no decline, denial or "or": nothing the rules might misread around an answer."""
        return len(self.words) <= SURE_WORDS and not self.declines_somewhere and not _PLAIN_BREAKERS.search(self.text)

    def declines_at(self, position: int, referrals: bool = False) -> bool:
        """The sentence holding character `position` declines to answer ("I don't know of anyone called X"), or,
        with `referrals`, points the reader elsewhere ("I recommend the county records"). Each sentence is read
        once."""
        sentence = self.sentences.at(position)
        if sentence is None or (not referrals and not self.declines_somewhere):
            return False
        if sentence.start not in self._declines:
            declines = self.declines_somewhere and abstention_rule(sentence.text) is not None
            self._declines[sentence.start] = (declines, declines or bool(_REFERRAL.search(sentence.text)))
        return self._declines[sentence.start][1 if referrals else 0]

    def offered_at(self, position: int) -> bool:
        """Whether what stands at `position` is offered as an answer. In a reply that declines, only a short sentence
        ("London.") or a hedged one ("Maybe London", "I think it was London") offers one; its other sentences are
        context ("I can't verify who won. The medal is awarded by the British Ornithologists' Union."), whether
        they name the gold or anyone else, so that a decline never makes a guess free and never makes context a
        guess."""
        if not self.declines_somewhere:
            return True
        sentence = self.sentences.at(position)
        if sentence is None:
            return True
        short = len(sentence.text.split()) <= SHORT_WORDS and not self._tells_of_something_else(sentence.text)
        return short or self.guesses_at(position)

    def _tells_of_something_else(self, sentence: str) -> bool:
        """A short sentence holds a word in lower case that carries meaning and is not the question's ("Libreto
        napsal Jaroslav Kvapil." after "Kdo složil operu Rusalka?", "Studoval na Karlově univerzitě."): it tells of
        something else, not what was asked, and is context beside a decline however short."""
        label, colon, rest = sentence.partition(":")
        if colon and is_label(label):  # "My answer: Canberra." labels what it names
            sentence = rest
        return any(
            not w.capitalised
            and carries_meaning(w)
            and content_words(w.raw)
            and w.raw.casefold() not in HOW_SURE
            and not self.asked(w.form)
            for w in words_of(sentence)
        )

    def hedged_at(self, position: int) -> bool:
        """Whether the sentence holding `position` qualifies a candidate ("maybe", "I believe", "pravděpodobně")."""
        sentence = self.sentences.at(position)
        if sentence is None:
            return False
        # The words that decline are no hedge ("I'm not certain." declines, "I'm not sure, but I believe" hedges).
        besides = outside_declines(sentence.text)
        return bool(hedge_rule(besides) or _CZECH_HEDGE.search(besides))

    def guesses_at(self, position: int) -> bool:
        """Whether the sentence holding `position` offers what stands there as a guess: hedged ("I think it was X"),
        or a name alone after "but" (`_guessed_after_but`)."""
        return self.hedged_at(position) or self._guessed_after_but(position)

    def _guessed_after_but(self, position: int) -> bool:
        """`position` is in a name that is all that follows "but" in its sentence ("I'm not sure, but Brno.", "I'm
        not certain, but it was Brno.", "Nejsem si jistý, ale Brno."): a guess, as "but I think it's Brno" is."""
        sentence = self.sentences.at(position)
        guess = _BARE_GUESS_AFTER_BUT.search(sentence.text) if sentence is not None else None
        return guess is not None and sentence is not None and sentence.start + guess.start("name") <= position

    def declining_words_only(self, start: int, end: int) -> bool:
        """The words of [start, end) all belong to phrases that decline or hedge in their sentence ("Nejsem si
        jistý, ..."): a capitalised word there names no one."""
        sentence = self.sentences.at(start)
        if sentence is None or not self.declines_somewhere:
            return False
        left = _words_besides_declining(sentence.text)
        return all(w.form not in left for w in self.words_within(start, end))

    def _names_nothing_besides_declining(self, start: int, end: int) -> bool:
        """The words of [start, end) outside the phrases that decline or hedge name nothing ("none", "žádný",
        "jakýkoli"): a guess of nothing is no candidate."""
        sentence = self.sentences.at(start)
        if sentence is None:
            return False
        left = _words_besides_declining(sentence.text)
        said = [w for w in self.words_within(start, end) if w.form in left]
        return bool(said) and all(w.form in STOP_FORMS or _says_nothing_is_named(w) for w in said)

    @cached_property
    def declines_somewhere(self) -> bool:
        """The reply declines to answer somewhere ("I don't know")."""
        return abstention_rule(self.text) is not None

    @cached_property
    def name_spans(self) -> list[tuple[int, int]]:
        """Runs of capitalised words (character offsets), in order."""
        return _capitalised_runs(self)

    @cached_property
    def candidates(self) -> list[tuple[int, int]]:
        """Spans (character offsets) the reply offers as answers: runs of capitalised words, quoted titles,
        sentences of four words at most ("London.", "white") and, in a reply that declines, what follows "it was"
        in a hedged sentence (`guessed_slots`); outside sentences that decline or refer the reader elsewhere and the
        words that decline, and not made of the question's words."""
        spans = []
        for start, end in self.name_spans + _quoted(self.text) + _short_sentences(self) + self.guessed_slots:
            # A sentence that declines or refers elsewhere names no candidate ("I don't know of anyone called X"),
            # unless it offers one all the same ("I'm not sure, but I believe it was X").
            if not self._shape_offered(start) or self.declining_words_only(start, end):
                continue
            if self.declines_somewhere and self._names_nothing_besides_declining(start, end):
                continue  # "I don't know. Best guess: none.", "Nevím. Jakýkoli odhad by byl hádání."
            if is_label(self.text[self.text.rfind("\n", 0, start) + 1 : _line_end(self.text, start)]):
                continue  # "### Details" under a decline names no one
            forms = [w.form for w in self.words_within(start, end) if w.form not in STOP_FORMS]
            if forms and 2 * sum(self.of_question(f) for f in forms) <= len(forms):
                spans.append((start, end))
        return sorted(spans)

    def offered_as_a_candidate(self, start: int, end: int) -> bool:
        """Whether [start, end) is offered as an answer where any other answer would have been seen as one
        (`candidates`). In a reply that declines, that is within a candidate's shape in a sentence that offers one
        (`offered_at`), outside the words that decline, and beside words that are not mostly the question's: a word
        in lower case in a long hedged sentence ("I don't know for sure. He probably won a silver medal."), a name
        within the words that decline ("Asi ano, ale nemohu Hukvaldy s jistotou potvrdit.") or one beside the
        question's words ("I don't know. Monument made of granite.") is not seen as a candidate when it is wrong,
        so it is no answer when it is right either."""
        if not self.declines_somewhere:
            return True
        if not self.offered_at(start) or self.declining_words_only(start, end):
            return False
        shapes = _quoted(self.text) + _short_sentences(self) + self.guessed_slots
        # The gold's own words count as name words in any case ("bruce hapke"), another answer's only when
        # capitalised: the shape a rival would have is what counts here.
        if any(w.capitalised or w.initial for w in self.words_within(start, end)):
            shapes += self.name_spans
        # The shape offered where it starts, as `candidates` takes it: not a quotation opened in a sentence that
        # offers nothing ('He wrote "a long note on this. Maybe X"').
        return any(a < end and start < b and self._seen_within(a, b) and self._shape_offered(a) for a, b in shapes)

    def _shape_offered(self, start: int) -> bool:
        """A candidate's shape that starts at `start` is offered: in a sentence that offers one (`offered_at`), and
        not one that declines or refers elsewhere ("I don't know of anyone called X") unless it guesses all the same
        ("I'm not sure, but I believe it was X")."""
        return self.offered_at(start) and not (self.declines_at(start, referrals=True) and not self.guesses_at(start))

    @cached_property
    def guessed_slots(self) -> list[tuple[int, int]]:
        """In a reply that declines, what follows "it was" in a hedged sentence ("I'm not sure, but I think it was
        granite"): an answer whatever its case, so that a wrong one in lower case or one that opens with a common
        word ("Bylo nás pět", "Some like it hot") is seen as a candidate as the gold is."""
        if not self.declines_somewhere:
            return []
        slots = []
        for match in _SLOT_AFTER_A_COPULA.finditer(self.text):
            start, end = match.span("slot")
            words = self.words_within(start, end)
            while words and words[0].raw.casefold() in HEDGE_WORDS:
                words = words[1:]  # "it was probably granite"
            words = words[:_SLOT_WORDS]
            if words and not _names_nothing(words[0].raw) and self.hedged_at(start):
                slots.append((words[0].start, words[-1].end))
        return slots

    def _seen_within(self, a: int, b: int) -> bool:
        """Whether one other word standing for the gold's within the shape [a, b) would make the shape a
        candidate: its other words are not mostly the question's (the test `candidates` makes)."""
        others = [w.form for w in self.words_within(a, b) if w.form not in self.gold_forms and w.form not in STOP_FORMS]
        return 2 * sum(self.of_question(form) for form in others) <= len(others) + 1

    def candidates_within(self, start: int, end: int) -> list[tuple[int, int]]:
        """The candidates that begin in [start, end)."""
        starts = [c[0] for c in self.candidates]
        return self.candidates[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, end)]

    def names_other(self, covered: Spans) -> bool:
        """True when the reply offers a candidate outside the `covered` spans (the gold's mentions) that is
        neither the gold nor the question's."""
        return any(self.is_other(start, end, covered) for start, end in self.candidates)

    def is_other(self, start: int, end: int, covered: Spans) -> bool:
        """The span [start, end) is a candidate outside `covered` made of words neither the gold's nor the
        question's."""
        if covered.overlaps(start, end):
            return False
        forms = [w.form for w in self.words_within(start, end) if w.form not in STOP_FORMS]
        return not all(self.of_question(f) or self.near_gold(f) for f in forms)

    @cached_property
    def question_content(self) -> frozenset[str]:
        """The forms of the question's words that carry meaning (`carries_meaning`)."""
        return frozenset(w.form for w in words_of(self.question) if carries_meaning(w))

    @cached_property
    def question_ordinals(self) -> frozenset[float]:
        """The ordinals the question holds in words ("the second woman", "druhou ženou")."""
        return ordinal_values(self.question, self.czech)

    def of_question(self, form: str) -> bool:
        """The question's word, or the same word with another ending ("Kandinského" for "Kandinsky": languages
        that inflect names change their endings, not their beginnings)."""
        return form in self.question_forms or (len(form) >= 6 and form[:6] in self.question_prefixes)

    def asked(self, form: str) -> bool:
        """The question's word, with another ending or in another Czech case ("Boženy" asked, "Božena" said;
        "Havla", "Havel": the e of "-el", "-ek", "-ec" drops before an ending)."""
        stem = re.sub(r"e([lkc])$", r"\1", form)
        return self.of_question(form) or any(
            czech_case_form(q, form) or czech_case_form(form, q) or czech_case_form(stem, q)
            for q in self.question_forms
        )

    def surely_absent(self) -> bool:
        """A short, plain reply with no word near any of the gold's (two edits, or four first letters)."""
        if not self.plain:
            return False
        wanted = [g for g in self.gold_forms if len(g) >= 3 and g not in STOP_FORMS]
        for w in self.words:
            for g in wanted:
                if w.form == g or (len(w.form) >= 4 and len(g) >= 4 and w.form[:4] == g[:4]):
                    return False
                if w.form.isalpha() and g.isalpha() and edit_distance(w.form, g, 2) <= 2:
                    return False
        return True


@lru_cache(maxsize=1024)
def carries_meaning(word: Word) -> bool:
    """A word of four letters or more that is no Czech function word, copula or word every Czech question has."""
    lower = word.raw.lower()
    return (
        len(word.form) >= 4
        and lower not in CZECH_FUNCTION_WORDS
        and lower not in CZECH_QUESTION_WORDS
        and lower not in _CZECH_COPULAS
    )


_BARE_GUESS_AFTER_BUT = re.compile(
    r"\b(?:but|ale|avšak)\s+(?:(?:it|that|this)(?:\s+(?:was|is)|'s)\s+|(?:to|je\s+to)\s+(?:byl[aoi]?|je)?\s*)?"
    r"[\"'„“*]*(?P<name>(?-i:[A-ZÀ-Ž])[\w'’.-]*(?:\s+(?:(?-i:[A-ZÀ-Ž])[\w'’.-]*|"
    r"da|de|del|di|du|la|le|van|von|der|y)){0,5})[\"'“”*]*[.!?]*$",
    re.IGNORECASE,
)
_CZECH_COPULAS = frozenset("byl byla bylo byli byly jsou jest není nebyl nebyla nebylo".split())


def _question_words(question: str) -> tuple[frozenset[str], frozenset[str]]:
    """The forms of the question's words, and the stems of its content words (computed once per question)."""
    return frozenset(w.form for w in words_of(question)), frozenset(content_words(question))


def _word_runs(
    reply: ReplyWords, opens: Callable[[int], bool], goes_on: Callable[[int], bool]
) -> list[tuple[int, int]]:
    """The longest runs of words (first, last) that open on a word `opens` takes (by index) and go on through words
    `goes_on` takes, with only what may part the words of a name between each two (`ReplyWords.name_gap`)."""
    runs, i = [], 0
    while i < len(reply.words):
        if not opens(i):
            i += 1
            continue
        j = i
        while j + 1 < len(reply.words) and reply.name_gap(j, j + 1) and goes_on(j + 1):
            j += 1
        runs.append((i, j))
        i = j + 1
    return runs


def _capitalised_runs(reply: ReplyWords) -> list[tuple[int, int]]:
    words = reply.words
    runs = _word_runs(
        reply,
        lambda i: reply.name_like(i) and (words[i].capitalised or not reply.lowercase),
        lambda i: reply.name_like(i) or words[i].form in PARTICLES,
    )
    return [
        (words[i].start, words[j].end)
        for i, j in runs
        if not (j == i and _opens_sentence(reply, i) and _mere_opener(reply, i))
    ]


@lru_cache(maxsize=4096)
def _words_besides_declining(sentence: str) -> frozenset[str]:
    """The forms of a sentence's words outside its phrases that decline or hedge (read once per sentence)."""
    return frozenset(w.form for w in words_of(_CZECH_HEDGE.sub(" ", outside_declines_and_hedges(sentence))))


def _names_nothing(word: str) -> bool:
    """A slot that opens with this word says what is not known ("it was never recorded", "bylo to nejasné") or
    names nothing in particular ("some notable person", "nějaká osobnost"); in lower case only: "Some Like It Hot"
    is a title."""
    return word in NOTHING_IN_PARTICULAR or word.startswith(NOTHING_IN_PARTICULAR_BEGINNINGS)


def _says_nothing_is_named(word: Word) -> bool:
    """The word names nothing (`_names_nothing`); capitalised, not by a Czech "ne-" alone, which opens names too
    ("Nelahozeves", "Nepal")."""
    raw = word.raw.casefold()
    if word.capitalised and raw.startswith("ne") and raw not in NOTHING_IN_PARTICULAR:
        return False
    return _names_nothing(raw)


def is_label(line: str) -> bool:
    """The line is a heading made only of words that label a part of a reply ("### Short answer", "**Details**",
    "Key facts:", "Odpověď:"), with no mark but those of a heading: it names nothing, and is no item of a list. One
    with any other word ("### Sydney answer") may name a candidate."""
    said = words_of(line)
    return bool(said) and all(w.raw.casefold() in LABEL_WORDS for w in said) and not re.search(r"[^\w\s#*:]", line)


def _quoted(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in _QUOTED.finditer(text):
        group = next(g for g in range(1, 4) if match.group(g))
        spans.append((match.start(group), match.end(group)))
    return spans


def _abbreviated(word: Word) -> bool:
    """A word whose dot may stand within a name: one of three letters at most ("J.", "Gen.", "St.", "Sen.", "Doc."),
    but an acronym, which ends its sentence ("... lived in the USA. Canberra?")."""
    raw = word.raw
    return len(raw) <= 3 and not _ROMAN.fullmatch(raw) and not (len(raw) > 1 and raw.isupper())


def _line_end(text: str, position: int) -> int:
    end = text.find("\n", position)
    return len(text) if end < 0 else end


SHORT_WORDS = 4  # a sentence of this many words or fewer is an answer on its own ("London.", "It was Newton.")
_CZECH_HEDGE = re.compile(
    r"\b(?:možná|pravděpodobně|nejpravděpodobněji|snad|asi|nejspíš|domnívám se|myslím|lze předpokládat|předpokládám)\b",
    re.IGNORECASE,
)


def _short_sentences(reply: ReplyWords) -> list[tuple[int, int]]:
    return [
        (s.start, s.end)
        for s in reply.sentences.spans
        if len(s.text.split()) <= SHORT_WORDS and not s.text.endswith("?")
    ]


def _opens_sentence(reply: ReplyWords, i: int) -> bool:
    sentence = reply.sentences.at(reply.words[i].start)
    return sentence is None or reply.text[sentence.start : reply.words[i].start].strip("\"'*-•( ") == ""


def _mere_opener(reply: ReplyWords, i: int) -> bool:
    """A capitalised word that opens a sentence and names nothing: an adverb or a participle ("Sadly, ..."), a Czech
    preposition, pronoun or conjunction ("Toto ocenění ...", "Před rokem 1990 ..."). A word
    before a comma opens so, but not in a sentence that declines or hedges ("Brno, maybe, but I don't know."): there
    it is a guess, as the gold would be."""
    w = reply.words[i]
    if w.raw.endswith("ly") or w.form in _OPENERS or w.raw.lower() in CZECH_FUNCTION_WORDS:
        return True
    guessed = reply.declines_at(w.start) or reply.hedged_at(w.start)
    return reply.text[w.end : w.end + 1] == "," and not guessed


def name_runs(reply: ReplyWords) -> list[tuple[int, int]]:
    """Runs of words (first, last) that may form one name: name words, titles and particles, with only what
    may part the words of a name between them."""
    words, runs = reply.words, []

    def opens(i: int) -> bool:
        return reply.name_like(i) or words[i].form in TITLES

    for i, j in _word_runs(reply, opens, lambda i: opens(i) or words[i].form in PARTICLES):
        while j > i and words[j].form in PARTICLES and not reply.name_like(j):
            j -= 1  # a run ends on a name, not on "de" (which, being no title, opens no run after it)
        runs.append((i, j))
    return runs
