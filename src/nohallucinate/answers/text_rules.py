"""The named leniencies and rival rules of text matching (answers/text_match.py), each with the cases it must
and must not accept.

A leniency is something a match may leave out or write otherwise; a rival rule finds another candidate offered
with the gold for the same slot. Verdicts name them, tests/answers/test_text_match.py runs every case, and each
leniency is a template a policy could learn: the audit catalogue holds strategies for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from nohallucinate.answers.text_gold import DESIGNATOR, IN_QUESTION, TITLE, GoldPhrase


class Outcome(StrEnum):
    """How a reply names a gold: in full, less specifically (NOT_ATTEMPTED on the SimpleQA boundary), or not."""

    FULL = "full"
    LESS_SPECIFIC = "less_specific"
    NONE = "none"


@dataclass(frozen=True)
class MatchRule:
    """A named leniency or rival rule, with the (question, gold, reply) cases it must decide each way: a
    leniency turns `accepts` into a match that names it and leaves `rejects` unmatched by it; a rival rule
    fires on `accepts` and not on `rejects`."""

    name: str
    explains: str
    accepts: tuple[tuple[str, str, str], ...]
    rejects: tuple[tuple[str, str, str], ...] = ()


# Leniencies: what a match may leave out or write otherwise. All give a FULL match but the last three.
FUZZY = "fuzzy_spelling"
JOINED = "joined_pieces"
ANY_ORDER = "any_order"
TITLE_DROPPED = "title_dropped"
DESIGNATOR_DROPPED = "designator_dropped"
PRESUMED = "presumed_from_question"
GIVEN_DROPPED = "given_names_dropped"
INITIALS = "initials"
SHORT_GIVEN = "short_given_name"
SURNAME_FIRST = "surname_first"
QUALIFIER_DROPPED = "qualifier_dropped"
ALIAS = "alias_in_gold"
TRIMMED = "gold_trimmed"
SURNAME_ONLY = "surname_only"
GIVEN_ONLY = "given_name_only"
PART_ONLY = "part_only"
# Rivals: the gold is offered with another candidate for the same slot.
EITHER_OR = "either_or"
SOURCES_DISAGREE = "sources_disagree"
LISTED_WITH_OTHERS = "listed_with_others"
ANSWERED_OTHERWISE = "answered_otherwise_first"

SURE_LENIENCIES = frozenset({TITLE_DROPPED})  # a title left out changes no reading; a sure match may drop one
LESS_SPECIFIC_LENIENCIES = frozenset({SURNAME_ONLY, GIVEN_ONLY, PART_ONLY})

LENIENCY_RULES: tuple[MatchRule, ...] = (
    MatchRule(
        "normalised",
        "case, accents, punctuation, hyphens, articles, British spelling, plurals, number words and ordinals",
        (
            ("What was the venue?", "Forsgården Golf Club", "It was held at Forsgarden Golf Club."),
            ("Which academy?", "American Academy of Arts and Science", "the American Academy of Arts and Sciences"),
            ("In what inning?", "3rd", "in the third inning"),
            ("In what position did Romania finish?", "Second position", "Romania finished in 2nd place."),
            ("Which street?", "West 125 Street", "on West 125th Street"),
            ("How thick is it?", "6.9 millimetres", "6.9 millimeters"),
            ("Which team won?", "Asahis", "the Vancouver Asahi"),
            ("Which season?", "Season eighteen", "Season 18"),
        ),
        (
            ("Which code?", "SH229", "Route SH-228"),
            ("In what inning?", "3rd", "in the fourth inning"),
            # The question's own words, repeated in a decline, commit to nothing.
            (
                "Who won, Jaume Munar or Stefanos Tsitsipas?",
                "Jaume Munar",
                "I don't know of anyone called Jaume Munar.",
            ),
        ),
    ),
    MatchRule(
        FUZZY,
        "a word spelt within the edit budget (one edit from four letters, two from eight, same first letter)",
        (
            ("Which sculptor made it?", "Nicholas Pirotton", "Nicolas Pirotton."),
            ("Which song?", "Dilbaro", 'the song "Dilbaaro"'),
            ("What was the name of his wife?", "Roza Yulievna Fleishmann", "Rosa Fleischmann."),
            ("What subject did she lecture on?", "Botony", "She lectured on botany."),
        ),
        (
            ("Which song?", "Dilbaro", "Dilemma"),
            ("Who won?", "Lee Bates", "Lee Gates"),
            ("Which number?", "1953", "1955"),
            ("What was the word of the decade?", "they", "I can't find any record of them."),
        ),
    ),
    MatchRule(
        JOINED,
        "one word of the gold written as two in the reply, or two as one ('SH-229', 'S.P.')",
        (("Which highway?", "SH229", "It is SH-229."), ("Which highway?", "SH 229", "It is SH229.")),
        (("Which highway?", "SH229", "SH, 229"),),
    ),
    MatchRule(
        ANY_ORDER,
        "the items of a listed gold, in any order",
        (
            (
                "What were the names of the three ships?",
                "Avon River, Enchanter, and HMS Royal Scotsman",
                "1. Enchanter 2. Avon River 3. Royal Scotsman",
            ),
        ),
        (("What were the names of the three ships?", "Avon River, Enchanter, and HMS Royal Scotsman", "Enchanter."),),
    ),
    MatchRule(
        TITLE_DROPPED,
        "titles and ship prefixes of the gold left out (Dr., Mrs., Sir, Colonel, Friar, HMS)",
        (
            ("Who was the vice-chancellor?", "Dr. A. W. Khan", "It was A. W. Khan."),
            ("Who was the first principal?", "Colonel Sir Oliver St John", "Sir Oliver St. John."),
            ("Who founded the municipality?", "friar Juan de Los Barrios", "fundada por Fray Juan de Los Barrios"),
        ),
        (("Who was the vice-chancellor?", "Dr. A. W. Khan", "It was Dr. A. W. Khan."),),
    ),
    MatchRule(
        DESIGNATOR_DROPPED,
        "a designator ending the gold left out (FC, Club, Inc., Ltd.)",
        (("What team came second in the group?", "Liverpool FC", "Liverpool came second."),),
        (("What team came second in the group?", "Liverpool FC", "Everton came second."),),
    ),
    MatchRule(
        PRESUMED,
        "words of the gold the question holds need not be said ('multiple sclerosis' for a diagnosis question; "
        "of a person, only the family name: 'Michelle' for Barack Obama's wife)",
        (
            ("What was she diagnosed with?", "multiple sclerosis diagnosis", "She had multiple sclerosis."),
            ("What is the name of Barack Obama's wife?", "Michelle Obama", "Michelle."),
        ),
        (
            ("What is the name of Barack Obama's wife?", "Michelle Obama", "Michelle Smith."),
            (
                "Who won, Jaume Munar or Stefanos Tsitsipas?",
                "Jaume Munar",
                "I don't know of anyone called Jaume Munar.",
            ),
        ),
    ),
    MatchRule(
        GIVEN_DROPPED,
        "a person's family name with some of the given names, the others left out",
        (
            ("Who won the prize?", "Bruce W. Hapke", "The winner was Bruce Hapke."),
            ("Who succeeded him?", "Niels Fabian Helge von Koch", "Helge von Koch succeeded him."),
            ("Who described it?", "William John Swainson", "William Swainson."),
        ),
        (
            ("Who won the prize?", "Bruce W. Hapke", "John Hapke."),
            ("Who won the prize?", "Bruce Hapke", "Bruce Smith."),
        ),
    ),
    MatchRule(
        INITIALS,
        "given names written as initials on either side",
        (
            ("Who performed?", "Madurai Shanmukhavadivu Subbulakshmi", "M. S. Subbulakshmi performed."),
            ("Who won the medal?", "Alfred George Fischer", "Alfred G. Fischer."),
            ("Who won the medal?", "Anthony S. Fauci", "Anthony Stephen Fauci."),
        ),
        (("Who won the medal?", "Alfred George Fischer", "Alfred K. Fischer."),),
    ),
    MatchRule(
        SHORT_GIVEN,
        "a given name and a longer form of it ('Fred', 'Frederick'), three letters at least",
        (("Which artist drew it?", "Fred Gordon", "It was drawn by Frederick C. Gordon."),),
        (("Which artist drew it?", "Fred Gordon", "It was drawn by Ed Gordon."),),
    ),
    MatchRule(
        SURNAME_FIRST,
        "a person's name written family name first ('Hapke, Bruce', 'Nishimura Kon')",
        (
            ("Who won the prize?", "Bruce W. Hapke", "Hapke, Bruce."),
            ("Who played drums?", "Kon Nishimura", "Nishimura Kon."),
        ),
        (("Who won the prize?", "Bruce W. Hapke", "Hapke, John."),),
    ),
    MatchRule(
        QUALIFIER_DROPPED,
        "the head of a comma-qualified gold without its qualifier, when the question does not ask for it",
        (
            ("In what city did he die?", "Baltimore, Maryland", "He died in Baltimore."),
            ("From which university?", "University of Wisconsin, Madison", "the University of Wisconsin"),
            ("Who designed it?", "Rev. William Forster's brother, Richard Forster", "Richard Forster designed it."),
        ),
        (("In which city and state was he buried?", "Newport Beach, California", "In Newport Beach."),),
    ),
    MatchRule(
        ALIAS,
        "one of the gold's alternatives ('a.k.a.', 'or', a quoted nickname)",
        (
            ("Who was the president?", "Martha Louisa Cocke a.k.a Miss Matty Cocke", "Matty Cocke."),
            ("Who was the mother?", 'Carolyn "Mountain Girl" Adams', "Carolyn Garcia, also known as Mountain Girl."),
        ),
    ),
    MatchRule(
        TRIMMED,
        "a URL glued to the gold, a bracketed aside, or the frame of a cleft sentence, left out",
        (
            ("What color is the third stripe?", "Whitehttps://www.example.org/flags", "It is white."),
            ("What is the discovery site?", "Heidelberg (024)", "Heidelberg Observatory."),
            ("Who invited her?", "It was Loie Fuller who invited her.", "Loie Fuller invited her."),
        ),
    ),
    MatchRule(
        SURNAME_ONLY,
        "a person's family name alone: consistent with the gold, less specific (LESS_SPECIFIC)",
        (
            ("Who won the prize?", "Bruce W. Hapke", "Hapke."),
            ("Who was the civil engineer?", "Clarence van Riet Lowe", "Van Riet Lowe was."),
        ),
        (("Who won the prize?", "Bruce W. Hapke", "Gene Hapke."),),
    ),
    MatchRule(
        GIVEN_ONLY,
        "a person's given name alone, the family name not in the question (LESS_SPECIFIC)",
        (("Who is the secret identity of the neighbor?", "Harmony Cobel", "She is secretly Harmony."),),
        (("Who is the secret identity of the neighbor?", "Harmony Cobel", "She is Harmony Smith."),),
    ),
    MatchRule(
        PART_ONLY,
        "one part of a gold the question asks two things of, or a qualifier alone (LESS_SPECIFIC)",
        (
            ("In which city and state was he buried?", "Newport Beach, California", "In Newport Beach."),
            ("In what city did he die?", "Baltimore, Maryland", "Somewhere in Maryland."),
        ),
        (("In which season and episode?", "Season 5, Episode 3", "Season 5, Episode 6."),),
    ),
)

RIVAL_RULES: tuple[MatchRule, ...] = (
    MatchRule(
        EITHER_OR,
        "the gold joined by 'or' to another candidate ('X or Y', 'either Y or X', 'X, also known as Y or Z')",
        (
            ("Who won?", "Bruce Hapke", "Bruce Hapke or Gene Shoemaker."),
            ("Who won?", "Bruce Hapke", "Either Gene Shoemaker or Bruce Hapke."),
            ("Which city?", "London", "London, also known as Paris or Berlin."),
        ),
        (
            ("Who won?", "Bruce Hapke", "Bruce Hapke, more or less alone."),
            (
                "Which German surgeon is called the father of German surgery?",
                "Wilhelm Fabricius von Hilden",
                "Wilhelm Fabry, also known as Wilhelm Fabricius von Hilden or Guilhelmus Fabricius Hildanus.",
            ),
        ),
    ),
    MatchRule(
        SOURCES_DISAGREE,
        "a clause that says sources differ names another candidate ('possibly X; other sources say Y')",
        (("Who founded it?", "Tomas Castellanos", "Possibly Tomas Castellanos; other sources say Pedro Ruiz."),),
        (
            ("Who founded it?", "Tomas Castellanos", "Tomas Castellanos, as other sources confirm."),
            ("Who founded it?", "Juan Aguirre", "According to some sources, Juan Aguirre founded it."),
        ),
    ),
    MatchRule(
        LISTED_WITH_OTHERS,
        "the gold as one item of a list that names other candidates ('the first and fifth digits')",
        (
            ("Which digits are vestigial?", "the first digits", "The first and fifth digits are vestigial."),
            ("Who won?", "David Lee", "John Smith, Maria Garcia, David Lee, and James Brown."),
            ("Who won?", "David Lee", "Candidates:\n- John Smith\n- David Lee\n- James Brown"),
            ("Who won?", "David Lee", "John Smith, Maria Garcia, David Lee"),
            ("Which city?", "London", "London, Paris, Berlin, or Rome."),
        ),
        (
            ("In what city did he die?", "Baltimore", "He died in Baltimore, Maryland, United States."),
            ("Who won?", "David Lee", "David Lee and his wife attended."),
            ("Who inaugurated it?", "Manoj Sinha", "The Lieutenant Governor of Jammu and Kashmir, Manoj Sinha."),
            (
                "Where did he study medicine?",
                "University of Bonn",
                "He studied at the University of Bonn, Heidelberg University, and the University of Freiburg.",
            ),
        ),
    ),
    MatchRule(
        ANSWERED_OTHERWISE,
        "the reply first gives another candidate as the answer, and names the gold only later",
        (
            (
                "What was the opening theme?",
                "Dream Serenade",
                'The opening theme was the "Bayer Aspirin Theme Song". Another theme is "Dream Serenade".',
            ),
        ),
        (
            ("What was the opening theme?", "Dream Serenade", 'It was "Dream Serenade". The "Bayer" song came later.'),
            ("In what city was her first show?", "New York City", "It was held in Brooklyn, New York, in 1993."),
        ),
    ),
)


def dropped_leniencies(phrase: GoldPhrase, said: set[int]) -> set[str]:
    """The leniencies of leaving out the optional words of `phrase` whose indices are not in `said`."""
    names = set()
    for i, role in enumerate(phrase.roles):
        if i not in said and role == TITLE:
            names.add(TITLE_DROPPED)
        elif i not in said and role == DESIGNATOR:
            names.add(DESIGNATOR_DROPPED)
        elif i not in said and role == IN_QUESTION:
            names.add(PRESUMED)
    return names
