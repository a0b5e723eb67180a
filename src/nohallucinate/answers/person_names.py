"""A person's name in a reply, read against a gold name: the family name with one of the given names, either
of them as initials or misspelt within the edit budget, in either order; or less: the family name alone, a given
name alone."""

from __future__ import annotations

import re

from nohallucinate.answers.lexicon import FAMILIAR_NAMES
from nohallucinate.answers.reply_words import Hit, Outcome, ReplyWords, name_runs
from nohallucinate.answers.text_gold import (
    DESIGNATORS,
    IN_QUESTION,
    PARTICLES,
    PERSON_TITLES,
    SUFFIXES,
    TITLE,
    GoldPhrase,
    is_person_noun,
)
from nohallucinate.answers.text_rules import (
    ANY_ORDER,
    CZECH_CASE,
    CZECH_FEMININE,
    FUZZY,
    GIVEN_DROPPED,
    GIVEN_ONLY,
    INITIALS,
    PRESUMED,
    SHORT_GIVEN,
    SURE_LENIENCIES,
    SURNAME_FIRST,
    SURNAME_ONLY,
    dropped_leniencies,
)
from nohallucinate.answers.word_forms import Word, czech_case_form, czech_feminine_form, same_word


def person_hits(phrase: GoldPhrase, reply: ReplyWords) -> list[Hit]:
    """Each run of name words in the reply, read against the gold's name (`_person_in_run`)."""
    words = phrase.words
    # The family name's pieces, less its particles, but its last word is a name whatever it is ("Aa Da Aaa Da"),
    # as a reply's run reads it (`_person_in_run`).
    last = phrase.surname[-1] if phrase.surname else -1
    core = [words[i].form for i in phrase.surname if words[i].form not in PARTICLES or i == last]
    presumed = all(phrase.roles[i] == IN_QUESTION for i in phrase.surname if words[i].form in core)
    given = [words[i] for i in phrase.given if phrase.roles[i] != TITLE]
    runs = name_runs(reply)
    hits = []
    for k, (start, end) in enumerate(runs):
        following = runs[k + 1] if k + 1 < len(runs) and reply.gap(end, runs[k + 1][0]).strip() == "," else None
        hit = _person_in_run(phrase, reply, core, given, presumed, start, end, following)
        if hit is not None and GIVEN_ONLY in hit.leniencies and _named_in_full_elsewhere(reply, runs, start, end):
            continue  # "Rosa" after "Rosa Dimitrova" is that Rosa again
        if hit is not None and hit.outcome is Outcome.LESS_SPECIFIC and _beside_another_name(reply, runs, k, hit):
            continue  # part of the name beside another person's: "Boggs, Karen Olsen", "Karen Olsen, syn Boggs"
        if hit is not None and (phrase.restated or not reply.restates_question(hit.start, hit.end)):
            hit.person = True
            hits.append(hit)
    return hits


_BESIDE = frozenset(", ; & + a and the of his her their jeho její jejich".split())


def _beside_another_name(reply: ReplyWords, runs: list[tuple[int, int]], k: int, hit: Hit) -> bool:
    """A run next to the hit names someone else in two words or more, only marks, joining words or words for a
    person between ("Boggs, Karen Olsen", "Karen Olsen, syn Boggs"): a policy offering a part of one name beside
    another whole one has offered two people. The question's own person ("Brod, přítel Franze Kafky") and a relative
    of the same family name ("Masaryk, otec Jana Masaryka") are no one else."""
    neighbours = [(runs[k - 1], reply.gap(runs[k - 1][1], hit.start))] if k else []
    if k + 1 < len(runs) and runs[k + 1][0] > hit.end:
        neighbours.append((runs[k + 1], reply.gap(hit.end, runs[k + 1][0])))
    forms = {reply.words[i].form for i in range(hit.start, hit.end + 1)}
    return any(
        end > start
        and _only_joins(gap)
        and not all(reply.asked(reply.words[i].form) for i in range(start, end + 1))  # the question's person
        and not any(
            czech_case_form(f, reply.words[i].form, False) or f == reply.words[i].form
            for f in forms
            for i in range(start, end + 1)
        )
        for (start, end), gap in neighbours
    )


def _only_joins(gap: str) -> bool:
    """Marks, joining words and words for a person only (", syn", " a jeho otec")."""
    tokens = re.findall(r"\w+|[^\w\s]", gap.lower())
    return bool(tokens) and all(t in _BESIDE or is_person_noun(t) for t in tokens)


def _named_in_full_elsewhere(reply: ReplyWords, runs: list[tuple[int, int]], start: int, end: int) -> bool:
    """Every word of the run stands in a longer run of the reply: the run names that person again, for short."""
    forms = {reply.words[i].form for i in range(start, end + 1)}
    return any(
        b - a > end - start and forms <= {reply.words[i].form for i in range(a, b + 1)}
        for a, b in runs
        if (a, b) != (start, end)
    )


def _person_in_run(
    phrase: GoldPhrase,
    reply: ReplyWords,
    core: list[str],
    given: list[Word],
    presumed: bool,
    start: int,
    end: int,
    following: tuple[int, int] | None,
) -> Hit | None:
    """Read one run of name words against the gold's name. The family name ends the run ("Bruce Hapke") or
    opens it ("Nishimura Kon"), or a comma and the given names follow it ("Hapke, Bruce"); the given names
    said must include one of the gold's. Without the family name, a run of the gold's given names is the gold
    when the question holds the family name, and less specific otherwise."""
    # A title comes before a name; a particle opens a family name ("von Koch"); a run's last word is a name,
    # whatever it is ("Da"; "Aa Lt", as the gold reads it).
    titles = [i for i in range(start, end) if reply.words[i].form in PERSON_TITLES]
    names = [
        reply.words[i]
        for i in range(start, end + 1)
        if i not in titles and (reply.words[i].form not in PARTICLES or i == end)
    ]
    while names and (names[-1].form in SUFFIXES or names[-1].form in DESIGNATORS):
        names.pop()  # "Michael Todd Robinson Jr."; a company's "Real Madrid CF" where a question reads as a person's
    if not names or (start == end and reply.words[start].form in PERSON_TITLES):
        return None  # an office alone ("Král.") names no one
    n = len(core)
    leniencies: set[str] = set()
    said_given: list[Word] | None = None
    if len(names) >= n and _same_pieces(core, names[-n:], leniencies, reply, asked=presumed and not phrase.restated):
        said_given = names[:-n]
    elif (
        len(names) > n
        and (reply.lowercase or names[0].capitalised)  # "The winner was Aa Smith" names no "Aa Was"
        and _same_pieces(core, names[:n], leniencies, reply)
    ):
        said_given = names[n:]
        leniencies.add(SURNAME_FIRST)
    if said_given is None:
        return _given_names_alone(phrase, reply, names, given, presumed, start, end)
    if not said_given and following is not None:
        after = [
            reply.words[i] for i in range(following[0], following[1] + 1) if reply.words[i].form not in PERSON_TITLES
        ]
        if after and _given_matches(given, after, set(), reply):
            said_given, end = after, following[1]
            leniencies.add(SURNAME_FIRST)
    leniencies |= dropped_leniencies(
        phrase, set(range(len(phrase.words))) - _titlesdropped_leniencies(phrase, reply, start)
    )
    if not given:
        return Hit(Outcome.FULL, start, end, leniencies, exact=not leniencies - SURE_LENIENCIES)
    if CZECH_FEMININE in leniencies and not _given_names_as_written(given, said_given, reply):
        return None  # "Jana Nováková" is not Jan Novák: a woman's family name needs the gold's own given names
    if not said_given:
        return Hit(Outcome.LESS_SPECIFIC, start, end, leniencies | {SURNAME_ONLY})
    matched = _given_matches(given, said_given, leniencies, reply)
    if not matched:
        return None  # another person of the same family name
    first = [w for w in said_given if not is_person_noun(w.raw)][:1]  # not "Herec" of "Herec Sean Connery"
    if 0 not in matched and not _given_matches(given, first, set(), reply):
        return None  # the first given name said is another than the gold's: "Amit Nath Ray", "A. W. Hapke"
    if 0 not in matched and len(names) > 2 and all(w.form in reply.question_forms for w in names[1:]):
        return None  # the question's own person after an opening word: "Manželkou Aftaba Ghulama Nabiho Kazi"
    asked_given = [w for w in said_given if _given_matches(given, [w], set(), reply)]
    if presumed and not phrase.restated and all(reply.asked(w.form) for w in asked_given):
        return None  # the question's person, whose family name the gold shares: "Ghulama Nabi Azada" for his daughter
    if len(matched) < len(given):
        leniencies.add(GIVEN_DROPPED)
    exact = not leniencies - SURE_LENIENCIES and len(said_given) == len(given)
    return Hit(Outcome.FULL, start, end, leniencies, exact)


def _titlesdropped_leniencies(phrase: GoldPhrase, reply: ReplyWords, start: int) -> set[int]:
    """The gold's titles the reply leaves out (an empty set when it writes them all)."""
    said = {reply.words[i].form for i in range(max(0, start - 3), start + 1)}
    return {i for i, role in enumerate(phrase.roles) if role == TITLE and phrase.words[i].form not in said}


def _same_pieces(
    core: list[str], said: list[Word], leniencies: set[str], reply: ReplyWords, asked: bool = False
) -> bool:
    """The said words are the family name's pieces, in any order ("Újlaky-Rejtő" for "Rejto-Ujlaki"); in Czech,
    with a case ending ("Chamberlinovi" for "Chamberlin"), even as the question inflects it when the question holds
    the family name (`asked`: "Karla Thomasa Mozarta" for a son of Amadeus Mozart's)."""
    remaining = list(core)
    for w in said:
        match = next((piece for piece in remaining if piece == w.form), None)
        if match is None:
            match = next((piece for piece in remaining if _case_of(piece, w.form, reply, asked)), None)
            if match is not None:
                leniencies.add(CZECH_CASE)
        if match is None and reply.czech:
            match = next((piece for piece in remaining if czech_feminine_form(piece, w.form)), None)
            if match is not None:
                leniencies.add(CZECH_FEMININE)
        if match is None:
            # Never a word of the question, misspelt ("Azada" in a question about Ghulam Nabi Azad's daughter).
            fuzzy = w.form not in reply.question_forms
            match = next((piece for piece in remaining if fuzzy and same_word(piece, w.form)), None)
            if match is None:
                return False
            leniencies.add(FUZZY)
        remaining.remove(match)
    if said and [w.form for w in said] != core and sorted(w.form for w in said) == sorted(core):
        leniencies.add(ANY_ORDER)
    return not remaining


def _case_of(piece: str, form: str, reply: ReplyWords, asked: bool) -> bool:
    """`form` is `piece` with a Czech case ending; unless `asked`, not as the question inflects it."""
    if asked:
        return reply.czech and czech_case_form(piece, form, False)
    return reply.in_czech_case(piece, form, softened=False)


def _given_matches(given: list[Word], said: list[Word], leniencies: set[str], reply: ReplyWords) -> set[int]:
    """Which of the gold's given names the said ones match, recording how."""
    matched = set()
    for w in said:
        for index, gold in enumerate(given):
            how = _given_match(gold, w, reply)
            if how is not None:
                matched.add(index)
                if how:
                    leniencies.add(how)
    return matched


def _given_names_as_written(given: list[Word], said: list[Word], reply: ReplyWords) -> bool:
    """One of the given names said is the gold's written out as the gold writes it, and none is one of the gold's
    written otherwise ("Jana" for "Jan"); other words may stand beside them ("Mary C. Pangbornová"). An initial
    alone tells no woman from a man ("A. Nováková" for A. Novák)."""
    hows = [(w, _given_match(g, w, reply)) for g in given for w in said]
    return any(how == "" and not w.initial for w, how in hows) and all(how in ("", None) for _, how in hows)


def _given_match(gold: Word, said: Word, reply: ReplyWords) -> str | None:
    """How a said given name matches a gold one: "" (the same, or the same initial), a leniency, or None."""
    if gold.initial and said.initial:
        return "" if gold.form == said.form else None
    if gold.initial or said.initial:
        return INITIALS if gold.form[:1] == said.form[:1] else None
    if gold.form == said.form:
        return ""
    if reply.in_czech_case(gold.form, said.form):
        return CZECH_CASE
    if same_word(gold.form, said.form):
        return FUZZY
    short, long_ = sorted((gold.form, said.form), key=len)
    if len(short) >= 3 and long_.startswith(short):
        return SHORT_GIVEN
    familiar = FAMILIAR_NAMES.get(gold.form, frozenset()) | FAMILIAR_NAMES.get(said.form, frozenset())
    return SHORT_GIVEN if said.form in familiar or gold.form in familiar else None


def _given_names_alone(
    phrase: GoldPhrase, reply: ReplyWords, names: list[Word], given: list[Word], presumed: bool, start: int, end: int
) -> Hit | None:
    """A run of the gold's given names only: the gold when the question holds the family name ("Michelle" for
    Michelle Obama), less specific otherwise ("Harmony" for Harmony Cobel); any other word in the run makes it
    someone else ("Michelle Smith"), and each given name is said once ("Baa Baa" is no "Baa Aa")."""
    if not given:
        return None
    leniencies: set[str] = set()
    used: set[int] = set()
    for w in names:
        free = _given_matches(given, [w], leniencies, reply) - used
        if not free:
            return None
        used.add(min(free))
    if presumed and not leniencies & {FUZZY, SHORT_GIVEN, INITIALS}:
        return Hit(Outcome.FULL, start, end, leniencies | {PRESUMED})  # not "Frank" for Franz nor "Král" for Karl
    if all(w.initial or len(w.form) < 3 for w in names) or all(given[i].initial for i in used):
        return None  # an initial alone names no one ("Albertě" is no "A.")
    return Hit(Outcome.LESS_SPECIFIC, start, end, leniencies | {GIVEN_ONLY})
