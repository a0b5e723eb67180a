"""How a gold answer written as text is read: its alternatives, the items of a list, the parts of a qualified
name, and which of its words a reply must repeat.

A gold is read in four layers, each from its own punctuation:

- *alternatives* ("Martha Cocke a.k.a. Matty Cocke", 'Carolyn "Mountain Girl" Adams', "Whig or Liberal"): a
  reply needs only one;
- *items* of a list ("Avon River, Enchanter, and HMS Royal Scotsman"): a reply needs every one, in any order;
- *parts* of an item, split at commas ("Baltimore, Maryland", "University of California, Berkeley"): the head
  is needed, the qualifiers only when the question asks for them ("in which city and state"); a part split at a
  colon ("Episode 2: Gluten Free Ebola") is matched by either side, as the SimpleQA template allows;
- *words* of a part: articles, titles ("Dr.", "Sir", "HMS"), designators ("FC", "Club") and words the question
  already holds ("Outstanding Paper Award" for a question about an award) are optional.

What is dropped on the way (a URL glued to the gold, a bracketed aside, the frame of a cleft sentence "It was X
who ...") is never needed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nohallucinate.answers.czech_numbers import writes_czech
from nohallucinate.answers.lexicon import CZECH_PERSON_NOUNS, PERSON_NOUNS, TIME_UNITS
from nohallucinate.answers.normalise import fold
from nohallucinate.answers.word_forms import Word, czech_case_form, time_unit, word_form, words_of

# Words a gold may carry that a reply need not repeat.
ARTICLES = frozenset("the a an of and in for at on to by with from".split())
TITLES = frozenset(
    word_form(w)
    for w in """dr doctor mr mrs ms miss mx sir dame lord lady rev reverend revd fr father friar fray brother sister
    colonel col general gen major maj captain capt lieutenant lt admiral adm sergeant sgt commander cmdr professor
    prof king queen prince princess emperor empress pope bishop archbishop cardinal rabbi imam sheikh shaikh sri
    shri shrimati smt senor senora herr frau monsieur madame mme mlle baron baroness count countess duke duchess
    earl marquess viscount hon honourable justice judge senator governor mayor maharaja raja rani sultan
    hms uss rms hmas hmcs hmnzs""".split()
)
# Offices written before a person's name ("Prezident Obama", "Premiér William Davis"): titles of a person's name
# only, as they open other names too ("Premier League", "Král Lear").
OFFICE_TITLES = frozenset(
    word_form(w)
    for w in """president premier prezident prezidentka premiér premiérka doktor doktorka profesor profesorka generál
    kapitán král královna papež kníže senátorka guvernér starosta starostka""".split()
)
PERSON_TITLES = TITLES | OFFICE_TITLES
SUFFIXES = frozenset(word_form(w) for w in "jr junior sr senior ii iii iv phd md obe mbe cbe kbe qc kc esq".split())
DESIGNATORS = frozenset(word_form(w) for w in "fc afc cf sc club inc ltd llc plc co corp gmbh".split())
# The small words that open a family name ("von Koch", "van Riet Lowe", "de Los Barrios", "St John").
_PARTICLE_WORDS = "van von de da di du del della der den la le los las y bin ibn al el ben ter ten dos das do st saint"
PARTICLES = frozenset(word_form(w) for w in _PARTICLE_WORDS.split())
# Words that make a name something other than a person's: an institution, a place, a work, a prize.
NOT_PERSON_WORDS = frozenset(
    word_form(w)
    for w in """university college school academy institute institution society association club company corporation
    foundation trust council committee commission department ministry office agency bureau board party league union
    federation church cathedral temple mosque abbey monastery hospital museum gallery library theatre theater hall
    house palace castle tower bridge station airport port park garden street avenue road lane square river lake sea
    ocean bay island mountain mount hill valley beach city town village county state province district region
    kingdom republic empire award prize medal trophy cup championship tournament festival show series film album
    song band orchestra choir records press times news journal magazine observatory laboratory centre center group
    team united ship project program system act treaty war battle golf course stadium arena field studio channel
    network radio television bank market hotel restaurant inn farm mine mill factory works reserve forest desert
    falls canyon glacier peninsula strait canal harbour estate manor court building order prize scholarship
    fellowship""".split()
)
_URL = re.compile(r"https?://\S+|www\.\S+")
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
# "IIT (BHU)": a short acronym keeps its bracket, which says which one.
_ACRONYM_BRACKET = re.compile(r"^(?P<acronym>[A-Z]{2,5})\s*\((?P<which>[A-Z][^()]*)\)$")
_CLEFT = re.compile(r"^(?:it|this|that)\s+(?:was|is|were|are)\s+(?P<answer>.+?)\s+(?:who|that|which|whom)\b", re.I)
# "or" in lower case only: "Or" is a name ("Bob Or" is one person, not "Bob" or nothing).
_ALTERNATIVE = re.compile(r"\s*(?:\ba\.?k\.?a\b\.?|\balso known as\b|(?-i:\bor\b))\s*|\s+/\s+", re.I)
_NICKNAME = re.compile(r"^(?P<before>.*\w)\s+[\"“](?P<nickname>[^\"”]+)[\"”]\s+(?P<after>\w.*)$")
_LIST = re.compile(r"\s*,\s*(?:and\s+|&\s*)?|\s+(?:and|&)\s+|\s*&\s*|\s*;\s*", re.I)
_HAS_LIST = re.compile(r"\s(?:and|&)\s|&|;", re.I)
# A Czech gold joins its last item with "a" ("Rusko, Ukrajina a Quebec"), in lower case: "A" may be an initial.
_CZECH_LIST = re.compile(rf"{_LIST.pattern}|\s*,?\s+(?-i:a)\s+", re.I)
_HAS_CZECH_LIST = re.compile(rf"{_HAS_LIST.pattern}|\s(?-i:a)\s", re.I)
# An English gold of a Czech question joins with "a" only between names ("Nicole Arendt a Manon Bollegraf"); else
# "a" is its article ("In the name of a warming earth").
_NAMES_JOINED_BY_A = re.compile(r"\b[A-Z][\w.-]*\s+a\s+[A-Z]")
_PART = re.compile(r"\s*,\s*|\s+[-–—]\s+")  # "Baltimore, Maryland", "Cyndi Lauper - True Colors"
_COLON = re.compile(r"\s*:\s+")
# "In which city and state", "give me the number and title", "in years and days", "ve kterém městě a státě", "Jaké
# číslo a název", "v letech a dnech": the question asks for two things (a Czech interrogative opens the question or
# follows a preposition: "muž, který vynalezl a patentoval" is no such question).
_TIME_UNIT = "|".join(TIME_UNITS)
_ASKS_FOR_TWO = re.compile(
    r"\b(?:what|which|the|its|his|her|their)\s+\w+\s+and\s+(?:the\s+)?\w+\b|\b\w+,\s+(?:\w+\s+){0,2}?and\s+\w+|"
    rf"\bin\s+(?:{_TIME_UNIT})\s+and\s+\w+|"
    r"(?:^|\b(?:v|ve|na|z|ze|do|u|o|po|při|za|od|k|ke|s|se)\s+)(?:kter|jak)[éýáíou]\w*\s+\w+\s+(?-i:a)\s+\w+|"
    r"\bv\s+(?:letech|měsících|týdnech|dnech|hodinách|minutách)\s+(?-i:a)\s+\w+",
    re.I,
)
# A question about a person: who, whom, whose, someone's name, or a noun for a person right after "which", "name
# of" or an opening "Name the" ("which German surgeon", "the name of Wassily Kandinsky's mother", "Name the
# first Indian artist").
_PERSON_NOUNS = rf"(?:{'|'.join(PERSON_NOUNS)})(?:s|es)?"
_ASKS_FOR_A_PERSON = re.compile(
    r"\b(?:who|whom|whose)\b|\b(?:full|first|last|maiden|real|birth|given|middle|christian|family)\s+names?\b|"
    r"\bsurnames?\b|\b(?:which|what)\s+(?:[\w.-]+\s+){0,3}?" + _PERSON_NOUNS + r"\b|"
    r"\bnames?\s+of\s+(?:[\w'’.-]+\s+){0,5}?" + _PERSON_NOUNS + r"\b|"
    r"^\s*name\s+(?:the|a|an|one|two|three|both)\s+(?:[\w.-]+\s+){0,3}?" + _PERSON_NOUNS + r"\b|"
    r"\b(?:a|an|the|his|her|their)\s+(?:[\w-]+\s+)?" + _PERSON_NOUNS + r"\s+(?:named|called|who|whom|whose)\b|"
    # Czech: "Kdo ...?", "Koho ...?", "Čí ...?", "celé jméno", "příjmení".
    r"\b(?:kdo|koho|komu|kom|kým|čí|čího)\b|\b(?:celé|celého|křestní|rodné|dívčí)\s+jméno\b|\bpříjmení\b",
    re.I,
)
# A Czech word for a person, in any case ("fyzika", "vědci", "prezidentem", "soutěžící"): the noun or its stem (a
# final vowel dropped, the e of "-ec" and "-ek" too: "vědec", "vědce") and a case ending, in lower case with its
# accents ("hráčkou" is a player, "hračkou" a toy). A word that merely starts like one is not ("objevil").
_CZECH_ENDINGS = "a|e|ě|i|í|y|u|ů|o|ou|em|ovi|ové|ům|ech|ích|ám|ách|ami|ími|ího|ímu|ím|ete|eti|ata"
_CZECH_STEMS = sorted(
    {noun.lower() for noun in CZECH_PERSON_NOUNS}
    | {re.sub(r"e([ck])$", r"\1", re.sub(r"[aeioě]$", "", noun.lower())) for noun in CZECH_PERSON_NOUNS},
    key=len,
    reverse=True,
)
_PERSON_NOUN_FORMS = frozenset(word_form(noun) for noun in PERSON_NOUNS)
_CZECH_PERSON_WORD = re.compile(rf"(?:{'|'.join(_CZECH_STEMS)})(?:{_CZECH_ENDINGS})?")
# A Czech question about a person: an interrogative or "jmenoval", "jméno" before a word for a person, with at
# most two adjectives, numbers or possessives between ("Který německý chirurg", "Kteří dva astronomové", "Jak se
# jmenovala jeho druhá manželka", "jméno jediného syna"), or "prostřední jméno"; not in a relative clause. A noun
# between is the thing asked for ("Ve kterém městě se narodil matematik").
_CZECH_ADJECTIVE = r"\w+(?:ý|á|é|í|ou|ého|ému|ém|ým|ých|ými|ími|ího|ímu|ím|ích)"
_RELATIVE_CLAUSE_OPENS = re.compile(r",\s*(?:\w{1,3}\s+)?$")  # ", který dirigent", ", se kterou autor": no question
_CZECH_ASKS_FOR_A_PERSON = re.compile(
    r"\b(?:(?:kter|jak)(?:ý|á|é|ou|ého|ému|ém|ým|ých|ými)|kteří|jací|jmenoval[aio]?|jmenuj\w*|jméno|jména)\s+"
    rf"(?P<words>(?:(?:{_CZECH_ADJECTIVE}|dva|dvě|tři|čtyři|oba|obě|jeho|její|jejich)\s+){{0,2}}(?P<noun>\w+))|"
    r"\bprostřední\s+jméno\b",
    re.IGNORECASE,
)
_ASKS_FOR_THING = re.compile(r"\b(?:what|which)\s+(?P<first>\w+)(?:\s+(?P<second>\w+))?", re.I)


# Why a word of a gold need not appear in a reply; "" means it must.
REQUIRED, ARTICLE, TITLE, DESIGNATOR, IN_QUESTION = "", "article", "title", "designator", "in_question"


@dataclass(frozen=True)
class GoldPhrase:
    """A run of words a reply must say, with why each may be left out ("" when it may not), and, for a
    person's name, which are given names and which the family name (the last word, or from a particle on:
    "von Koch", "de Los Barrios"; both halves of a hyphenated name: "Rejto-Ujlaki")."""

    text: str
    words: tuple[Word, ...]
    roles: tuple[str, ...]
    person: bool = False
    given: tuple[int, ...] = ()
    surname: tuple[int, ...] = ()
    restated: bool = False  # every word is the question's own: a reply naming it may only be repeating it

    @property
    def required(self) -> tuple[int, ...]:
        return tuple(i for i, role in enumerate(self.roles) if role == REQUIRED)


@dataclass(frozen=True)
class GoldPart:
    """One comma-separated part of an item: any of its options (the sides of a colon) matches it."""

    options: tuple[GoldPhrase, ...]
    needed: bool  # the head, or a qualifier the question asks for


@dataclass(frozen=True)
class GoldItem:
    """One item of a list (most golds are a single item)."""

    text: str
    parts: tuple[GoldPart, ...]


@dataclass(frozen=True)
class TextGold:
    """A gold read for matching: alternatives, each a list of items that a reply must all name."""

    text: str
    alternatives: tuple[tuple[GoldItem, ...], ...]
    dropped: tuple[str, ...]  # the names of what was dropped from the gold as written ("url", "aside", "cleft")


@lru_cache(maxsize=4096)
def read_gold(gold: str, question: str = "") -> TextGold:
    """Read a text gold, with the question it answers (its words are optional in the gold)."""
    asked = _Asked.of(question)
    text, dropped = _cleaned(gold)
    two_things = bool(_ASKS_FOR_TWO.search(question))
    not_a_person = not asks_for_a_person(question)
    alternatives = []
    for alternative in _alternatives(text):
        items = tuple(
            GoldItem(item, _parts(item, asked, two_things, not_a_person))
            for item in _items(alternative, not_a_person, czech=_czech_list(alternative, asked))
        )
        if items and all(item.parts for item in items):
            alternatives.append(items)
    if not alternatives:  # nothing left after the optional words went: the whole gold, every word needed
        words = tuple(words_of(text or gold))
        whole = GoldPhrase(text or gold, words, tuple(REQUIRED for _ in words))
        alternatives = [(GoldItem(text or gold, (GoldPart((whole,), True),)),)]
    return TextGold(gold, tuple(alternatives), dropped)


def _cleaned(gold: str) -> tuple[str, tuple[str, ...]]:
    dropped: list[str] = []
    text = gold.strip()
    if _URL.search(text):
        text, dropped = _URL.sub(" ", text), [*dropped, "url"]
    acronym = _ACRONYM_BRACKET.match(" ".join(text.split()))
    if acronym:
        text = f"{acronym.group('acronym')} {acronym.group('which')}"
    elif _BRACKETED.search(text):
        text, dropped = _BRACKETED.sub(" ", text), [*dropped, "aside"]
    text = " ".join(text.split()).strip(" .;,")
    if len(text) > 1 and text[0] in "\"'“‘" and text[-1] in "\"'”’":
        text = text[1:-1].strip()
    cleft = _CLEFT.match(text)
    if cleft:
        text, dropped = cleft.group("answer"), [*dropped, "cleft"]
    return text, tuple(dropped)


def _alternatives(text: str) -> list[str]:
    nickname = _NICKNAME.match(text)
    if nickname:
        return [f"{nickname.group('before')} {nickname.group('after')}", nickname.group("nickname")]
    pieces = _ALTERNATIVE.split(text)
    if any(not piece.strip() for piece in pieces):
        return [text]  # a marker with nothing on one side marks no alternative: "Aa Aka" is a name
    return pieces


def _czech_list(text: str, asked: _Asked) -> bool:
    """Whether "a" joins the items of this gold: it writes Czech, or answers a Czech question with names."""
    return writes_czech(text) or (bool(asked.czech_words) and bool(_NAMES_JOINED_BY_A.search(text)))


def _items(text: str, not_a_person: bool, czech: bool = False) -> list[str]:
    """The items of a list: split at "and" ("a" in Czech), "&" and semicolons, and at commas when the list has one
    of them or when every piece is a person's name ("Peter West, Michael Aspel")."""
    joined, has_joins = (_CZECH_LIST, _HAS_CZECH_LIST) if czech else (_LIST, _HAS_LIST)
    if has_joins.search(text):
        return [item for item in joined.split(text) if item.strip()]
    pieces = [piece for piece in _PART.split(text) if piece.strip()]
    if len(pieces) > 1 and all(_person_like(piece, words_of(piece)) for piece in pieces):
        return pieces
    return [text]


def _parts(item: str, asked: _Asked, two_things: bool, not_a_person: bool) -> tuple[GoldPart, ...]:
    pieces = [piece for piece in _PART.split(item) if piece.strip()]
    parts = []
    for piece in pieces:
        sides = [piece, *_COLON.split(piece)] if _COLON.search(piece) else [piece]
        options = tuple(
            phrase
            for side in sides
            if (phrase := _phrase(side, asked, not_a_person)) is not None
            and phrase.required
            and not (phrase.restated and len(sides) > 1 and side != piece)  # "Zanele Muholi: Only Half ..."
        )
        if options:
            parts.append((piece, options))
    if not parts:
        return ()
    head = next((i for i, (piece, _) in enumerate(parts) if not _descriptive(piece)), 0)
    return tuple(
        GoldPart(options, two_things or i == head or not _qualifier(parts, i)) for i, (_, options) in enumerate(parts)
    )


def _qualifier(parts: list[tuple[str, tuple[GoldPhrase, ...]]], index: int) -> bool:
    """A part that may be left out: one of two, describing the other ("Rev. William Forster's brother") or
    short beside it ("Maryland", "Madison"). Three parts or more are a list ("Rusko, Ukrajina, ... a Quebec")."""
    piece = parts[index][0]
    return len(parts) == 2 and (_descriptive(piece) or len(words_of(piece)) <= 3)


def _descriptive(piece: str) -> bool:
    """A part that describes rather than names ("Rev. William Forster's brother"): it holds a lower-case word
    that is no article, particle or number."""
    return any(
        w.raw.islower() and len(w.raw) > 1 and not w.numeric and w.form not in ARTICLES | PARTICLES | TITLES
        for w in words_of(piece)
    ) or bool(re.search(r"\w['’]s\b", piece))


def _phrase(text: str, asked: _Asked, not_a_person: bool) -> GoldPhrase | None:
    words = words_of(text)
    if not words:
        return None
    lead, tail = 0, len(words) - 1
    titles = TITLES if not_a_person else PERSON_TITLES
    while lead < tail and (words[lead].form in titles or _article(words[lead])):
        lead += 1
    while tail > lead and (words[tail].form in SUFFIXES or words[tail].form in DESIGNATORS):
        tail -= 1
    # A designator ("Ford Motor Co", "Aa Aaa Ltd") names an organisation, never a person, whatever the question.
    organisation = any(w.form in DESIGNATORS for w in words[tail + 1 :])
    person = not not_a_person and not organisation and _person_like(text, words[lead : tail + 1])
    if person:  # "Rup SP Singh": the capitals are initials, as "S. P." would be
        words, lead, tail = _initials_spelled_out(words, lead, tail)
    roles = [REQUIRED] * len(words)
    for i, w in enumerate(words):
        if i < lead:
            roles[i] = TITLE if w.form in titles else ARTICLE
        elif i > tail:
            roles[i] = TITLE if w.form in SUFFIXES else DESIGNATOR
        elif _article(w) and not person:
            roles[i] = ARTICLE
    given: tuple[int, ...] = ()
    surname: tuple[int, ...] = ()
    if person:
        start = next((i for i in range(lead + 1, tail + 1) if words[i].form in PARTICLES), tail)
        while start > lead + 1 and text[words[start - 1].end : words[start].start] == "-":
            start -= 1  # "Ildiko Rejto-Ujlaki": both halves
        given, surname = tuple(range(lead, start)), tuple(range(start, tail + 1))
    # Words the question holds are presumed ("Outstanding Paper" for an award question; "Michelle" for Barack
    # Obama's wife: of a person's name, only the family name), unless nothing would be left.
    presumable = surname if person else range(lead, tail + 1)
    # Not a unit of time: "161 days" answers "in years and days" only with its unit, or "161 hours" would. A label
    # of a number ("Sezóna 3") only as the question writes it: another number for it contradicts the gold.
    cases = not any(w.numeric for w in words)
    in_question = [
        i
        for i in presumable
        if roles[i] == REQUIRED
        and asked.holds(words[i].form, cases)
        and not time_unit(words[i].form)
        and not asked.offers(words[i].form)
    ]
    restated = all(asked.holds(words[i].form, cases) for i in range(lead, tail + 1))
    if len(in_question) < sum(role == REQUIRED for role in roles):
        for i in in_question:
            roles[i] = IN_QUESTION
    return GoldPhrase(text, tuple(words), tuple(roles), person, given, surname, restated)


def _article(word: Word) -> bool:
    """An article or a small joining word; "A" with a capital may be an initial ("A. W. Khan"), not an article."""
    return word.form in ARTICLES and not word.initial


def _initials_spelled_out(words: list[Word], lead: int, tail: int) -> tuple[list[Word], int, int]:
    out: list[Word] = []
    for i, w in enumerate(words):
        if lead <= i <= tail and 2 <= len(w.raw) <= 3 and w.raw.isupper() and w.raw.isalpha():
            out += [Word(c.lower(), c, w.start + k, w.start + k + 1) for k, c in enumerate(w.raw)]
            tail += len(w.raw) - 1
        else:
            out.append(w)
    return out, lead, tail


def _person_like(text: str, core: list[Word]) -> bool:
    """Two to six name words, each capitalised, an initial or a particle, no digits, no word naming a thing."""
    if not 2 <= len(core) <= 6 or any(ch.isdigit() for ch in text):
        return False
    names = [w for w in core if w.form not in PARTICLES]
    return (
        len(names) >= 2
        and all(w.capitalised or w.initial for w in names)
        and not any(w.form in NOT_PERSON_WORDS or _article(w) for w in core)
    )


def asks_for_a_person(question: str) -> bool:
    """The question asks who someone is, or for a person's name, in English or Czech."""
    asks = _ASKS_FOR_A_PERSON.search(question) or any(
        not m.group("noun") or any(is_czech_person_word(word) for word in m.group("words").split())
        for m in _CZECH_ASKS_FOR_A_PERSON.finditer(question)
        if not _RELATIVE_CLAUSE_OPENS.search(question, 0, m.start())
    )
    return bool(asks) and not _asks_for_a_thing(question)


def is_person_noun(word: str) -> bool:
    """A noun for a person, English ("wife", "physicist") or Czech in any case ("manželkou", "fyzika")."""
    return word_form(word) in _PERSON_NOUN_FORMS or is_czech_person_word(word)


def is_czech_person_word(word: str) -> bool:
    """A Czech noun for a person, in any case ("fyzika", "Prezidentem", "soutěžící")."""
    return bool(_CZECH_PERSON_WORD.fullmatch(word.lower()))


def _asks_for_a_thing(question: str) -> bool:
    """ "What city ...", "which university ...": the answer is no person."""
    return any(
        word_form(word) in NOT_PERSON_WORDS for m in _ASKS_FOR_THING.finditer(question) for word in m.groups() if word
    )


_OR_WORDS = frozenset("or nebo či anebo popřípadě případně".split())  # that offer the names beside them


@dataclass(frozen=True)
class _Asked:
    """The question's word forms, and its words as written (folded) where it is Czech, whose case endings a form
    may have taken away ("ramosus" is the form "ramosu")."""

    forms: frozenset[str]
    czech_words: frozenset[str]
    # Of a question that offers candidates ("Do které řeky, Labe nebo Vltavy, ...?"), the names it writes: those are
    # the candidates, never words a reply may leave out.
    offered: frozenset[str]

    @classmethod
    def of(cls, question: str) -> _Asked:
        words = words_of(question)
        czech = frozenset(fold(w.raw) for w in words) if writes_czech(question) else frozenset()
        ors = [k for k, w in enumerate(words) if w.raw.lower() in _OR_WORDS]
        near = {i for k in ors for i in range(max(1, k - 3), min(len(words), k + 4))}  # "Labe nebo Vltavy"
        names = [words[i] for i in sorted(near) if words[i].capitalised]
        offered = frozenset(w.form for w in names) | frozenset(fold(w.raw) for w in names)
        return cls(frozenset(w.form for w in words if w.form not in ARTICLES), czech, offered)

    def offers(self, form: str) -> bool:
        """The question offers this word as a candidate, in any Czech case ("Vltava" for "Labe nebo Vltavy")."""
        return form in self.offered or any(czech_case_form(form, name) for name in self.offered)

    def holds(self, form: str, cases: bool = True) -> bool:
        """The question holds this word, or one of its family ("diagnosis" and "diagnosed", "award"/"awarded"),
        or, of the kinds of place a gold names in English, the Czech word in any case ("City" for "V jakém
        městě"); with `cases`, a word of a Czech question in another case ("okres" for "V jakém okrese")."""
        if form in self.forms:
            return True
        if form in _CZECH_PLACE_KINDS:
            return any(q.startswith(_CZECH_PLACE_KINDS[form]) for q in self.forms)
        if form.isdigit():
            return False
        if cases and any(czech_case_form(form, q) for q in self.czech_words):
            return True
        return len(form) >= 5 and any(
            len(q) >= 5 and (q.startswith(form) or form.startswith(q) or _shared_prefix(q, form) >= 7)
            for q in self.forms
        )


# English words for kinds of place, and the beginnings of the Czech words for them in every case, as `word_form`
# writes them (accents dropped: "městě" is "meste").
_CZECH_PLACE_KINDS = {
    "city": ("mest", "velkomest"),
    "town": ("mest",),
    "river": ("rek", "rec"),
    "island": ("ostrov",),
    "islands": ("ostrov", "souostrovi"),
    "lake": ("jezer",),
    "county": ("okres", "hrabstvi"),
    "province": ("provinci",),
    "state": ("stat",),
    "district": ("distrikt", "okres", "ctvrt"),
    "university": ("univerzit",),
    "college": ("kolej", "vysok", "univerzit"),
}


def _shared_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
