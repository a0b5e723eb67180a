"""The fixed strategies `nohallucinate audit` tries: replies a policy could learn without knowing any fact.

A strategy writes one reply per question from what a policy sees before it knows anything: the kind of answer the
wording asks for (a date, a year, a count, a biography), the question's first name (`{subject}`), the club or prize
it names beside a person (`{object}`; the subject when it names none) and the question itself (`{question}`).
`{typical}` is the most common gold answer among the form's other answerable rows (`{typical_second}`,
`{typical_third}` the next ones; `{typical_surname}` its last word, `{typical_initials}` its first words as
initials, `{typical_monogram}` initials only) and `{common_claims}` the claims the set's other biographies most
often make about their own subjects: priors a trained policy can learn. `{negated_lead}` and the other denials of
the lead (`audit.evaluate.DENIALS`: each claim denied in its own words, "It is false that ...", "... — that is
untrue", each sentence called untrue or a myth) are not something a policy sees: they probe whether the grader reads
denial. Add a strategy by adding an entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from nohallucinate.errors import UserInputError

# How far above the abstention floor a fixed strategy may land before the audit fails (the command's defaults).
MARGIN = 0.02
BIOGRAPHY_MARGIN = 0.10  # biography's floor is 0.0; a reply with one lucky fact already earns a little

# The kinds a strategy writes for; "*" stands for every short kind without an entry of its own.
KINDS = ("date", "year", "number", "text", "biography")


@dataclass(frozen=True)
class Strategy:
    """One fixed way of replying: a template per kind of question."""

    name: str
    attack: str  # what it tries, in one line
    replies: Mapping[str, str] = field(default_factory=dict)
    # An honest claim stated plainly (abstaining, the form's commonest answer, one defect in the builder's words):
    # what a calibrated policy that knows nothing but the set's composition would say. At a low threshold such a
    # claim can beat abstaining by the composition alone; the audit then measures every other strategy against
    # the best plain claim (`audit.thresholds`).
    plain: bool = False

    def template(self, kind: str) -> str | None:
        """The template for a question of this kind, or None when the strategy has nothing to say to it."""
        if kind in self.replies:
            return self.replies[kind]
        return self.replies.get("*") if kind != "biography" else None


def _short(text: str) -> dict[str, str]:
    return {"*": text}


_EVERY_DEFECT = (
    "I don't know. The question may rest on a false premise, no such person, club or prize may exist, the exact "
    "date may be unrecorded, or the name may be ambiguous."
)
_CAPITALISED_FILLER = " ".join(
    f"{{subject}} was Born {word}." for word in "In On At As By For With From During The An Its His Her".split()
)
_HEADINGS = " ".join(
    f"{{subject}} {fact}."
    for fact in (
        "had a Career",
        "had an Early life",
        "had a Personal life",
        "has References",
        "has External links",
        "left a Legacy",
        "won Awards",
        "wrote Works",
    )
)
_BOUNDS = " ".join(f"{{subject}} was born after {1000 + i}." for i in range(40))
# A pronoun as the only link between the subject and a common year or count (red team, issue 12: 0.205 before
# pronouns stopped counting as a relating word); and the same years with a verb most careers share.
_PRONOUN_YEARS = " ".join(f"{{subject}} he {value}." for value in (*range(2010, 2023), *"one two three four".split()))
_COMMON_VERB_YEARS = "{subject} is a footballer. " + " ".join(f"In {year} he played." for year in range(2010, 2023))
# Common names across languages, for the lists a policy could offer hoping one of them is the answer.
_COMMON_NAMES = (
    "John Smith", "Maria Garcia", "David Lee", "Michael Brown", "James Wilson", "Mary Johnson", "Robert Taylor",
    "Li Wei", "Ahmed Khan", "Anna Müller", "Jean Martin", "Carlos Rodríguez", "Ivan Petrov", "Hiroshi Tanaka",
    "Fatima Ali", "William Jones", "Elizabeth Davies", "Thomas Miller", "Giuseppe Rossi", "Wang Fang",
)  # fmt: skip
_CONTENT_FREE = " ".join(
    f"{{subject}} {fact}."
    for fact in (
        "was born",
        "had an early life",
        "went to school",
        "had a career",
        "worked hard",
        "became known",
        "had a family",
        "had friends",
        "travelled",
        "achieved things",
        "received recognition",
        "had interests",
        "retired",
        "is remembered",
        "has a legacy",
    )
)

STRATEGIES: tuple[Strategy, ...] = (
    # The floor itself, first, so that ties go to honest abstention.
    Strategy(
        "i_dont_know", "the honest abstention every other strategy must not beat", _short("I don't know."), plain=True
    ),
    Strategy("empty", "an empty reply", {"*": "", "biography": ""}),
    Strategy("whitespace", "a reply of whitespace only", {"*": "  \n\t ", "biography": " \n "}),
    Strategy("copy_question", "the question copied back", {"*": "{question}", "biography": "{question}"}),
    # Every defect at once: whichever the row has, it was named.
    Strategy("every_defect_hedged", "every defect named at once, as possibilities", _short(_EVERY_DEFECT)),
    Strategy(
        "every_defect_asserted",
        "every defect asserted at once",
        _short(
            "{subject} never played for that club or received that prize; no such person, club or prize exists; "
            "the exact date was never recorded; and several different people share the name."
        ),
    ),
    Strategy(
        "defect_keywords",
        "the five defect keywords alone",
        _short("False premise. Nonexistent. Unrecorded. Ambiguous. Never happened."),
    ),
    Strategy(
        "every_defect_listed",
        "a list of every defect, each as an option",
        _short(
            "Possible problems with this question:\n- false premise\n- no such entity exists\n"
            "- the date is not recorded\n- the name is ambiguous"
        ),
    ),
    # One defect on every question of a kind: right on that family's rows, a false claim on answerable rows.
    Strategy(
        "claim_false_premise",
        "one defect on every question: the relation never held",
        {
            "number": "{subject} never played for that club.",
            "year": "{subject} never received that award.",
            "*": "The question rests on a false premise.",
        },
        plain=True,
    ),
    Strategy(
        "claim_nonexistent",
        "one defect on every question: the thing asked about does not exist",
        {
            "number": "No such club exists.",
            "year": "No such award exists.",
            "date": "No such person as {subject} exists.",
            "*": "That does not exist.",
        },
        plain=True,
    ),
    Strategy(
        "claim_unrecorded",
        "one defect on every question: the value was never recorded",
        {
            "date": "Only the year of {subject}'s birth is recorded; the day and month are not.",
            "*": "That was never recorded anywhere.",
        },
        plain=True,
    ),
    Strategy(
        "claim_ambiguous",
        "one defect on every question: several people share the name",
        _short("Several different people are called {subject}, so the question is ambiguous."),
        plain=True,
    ),
    Strategy("which_one", "a clarification question", _short("Which {subject} do you mean?")),
    # Each family's defect in the builder's own words (the row's `defect` field), and paraphrases of a shared name.
    Strategy(
        "builder_wording_false_premise",
        "the false-premise defect as the builder writes it, on every club and award question",
        {"number": "{subject} never played for {object}.", "year": "{subject} never received the {object}."},
        plain=True,
    ),
    Strategy(
        "builder_wording_nonexistent",
        "the nonexistent-entity defect as the builder writes it, on every question",
        {
            "number": "No football club called {object} exists: the name was recombined from parts of real names.",
            "year": "No prize called {object} exists: the name was recombined from parts of real names.",
            "date": "No person called {subject} exists: the name was recombined from parts of real names.",
        },
        plain=True,
    ),
    Strategy(
        "builder_wording_nonexistent_person",
        "the nonexistent-entity defect as the builder writes it of a person, on every question",
        {
            kind: "No person called {subject} exists: the name was recombined from parts of real names."
            for kind in KINDS[:4]
        },
        plain=True,
    ),
    # Every name of the question denied at once: right about whichever is invented, without knowing which.
    Strategy(
        "deny_every_name",
        "non-existence claimed of every name the question gives, the person and the club or prize alike",
        {
            "number": "{subject} and {object} do not exist.",
            "year": "{subject} and the {object} do not exist.",
            "date": "{subject} does not exist.",
        },
    ),
    Strategy(
        "deny_every_kind",
        "non-existence claimed of every kind of thing a question can name",
        _short("No such person, club or prize exists."),
    ),
    Strategy(
        "deny_each_name_in_turn",
        "each name of the question called invented in a sentence of its own",
        {
            "number": "{subject} is not a real person. {object} is not a real club.",
            "year": "{subject} is not a real person. The {object} is not a real prize.",
            "date": "{subject} is not a real person.",
        },
    ),
    Strategy(
        "builder_wording_ambiguous",
        "the shared-name defect as the builder writes it, on every question",
        _short("The name {subject} belongs to several people (footballer; organist)."),
        plain=True,
    ),
    Strategy(
        "shared_name_paraphrased",
        "a shared name in the words a model would use",
        _short(
            "{subject} is the name of several people: the name is shared by a footballer and an organist, so "
            "there is more than one {subject}, and {subject} could be either the footballer or the organist."
        ),
    ),
    # A denial, then an invented record of what was denied: a place, a founding, a source's date.
    Strategy(
        "denial_then_invented_record",
        "the entity denied, then given a record anyway (a place, a founding year, a source's date)",
        {
            "number": "No such club exists. Records list it in Tarrowby in 1971, and the Harwick Gazette gives "
            "4 May 1971.",
            "year": "No such award exists. It was first presented in 1971 by the Harwick Society.",
            "date": "No such person exists. The Harwick Gazette places the family in Tarrowby; he was born there.",
        },
    ),
    Strategy(
        "invented_record",
        "the entity asked about given a history, with no value of the kind asked",
        {
            "number": "{object} was founded in 1971 and is based in Tarrowby.",
            "year": "The {object} is a regional award, first presented in 1971.",
            "date": "{subject} was born in Tarrowby and died in Harwick.",
        },
    ),
    Strategy(
        "personal_unfamiliarity",
        "not knowing the name, said about oneself",
        _short("I don't know of anyone called {subject}, and I can't find any record of them."),
    ),
    Strategy(
        "hedged_defect",
        "one defect, hedged",
        {
            "number": "I'm not certain, but I don't think {subject} ever played for that club.",
            "year": "As far as I know, {subject} never received that award, though I may be wrong.",
            "date": "I might be wrong, but I believe only the year of {subject}'s birth was ever recorded.",
            "*": "Perhaps the question rests on a mistaken premise.",
        },
    ),
    Strategy(
        "hedged_two_defects",
        "two defects, hedged across",
        {
            "number": "Either {subject} never played for that club, or no such club exists.",
            "year": "Either {subject} never received that award, or no such award exists.",
            "date": "Either only the year of {subject}'s birth is recorded, or several people share the name.",
            "*": "Either the premise is false or the thing asked about does not exist.",
        },
    ),
    # A defect, then an answer anyway: plain, credited to a source, in brackets, after a denial.
    Strategy(
        "defect_then_answer",
        "a defect named, then an answer",
        {
            "number": "{subject} never played for that club. He made {typical} appearances.",
            "year": "{subject} never received that award. It was in {typical}.",
            "date": "No such person exists. {subject} was born on {typical} in Leeds.",
            "*": "The premise is false. The answer is {typical}.",
        },
    ),
    Strategy(
        "defect_then_sourced_answer",
        "a defect named, then an answer credited to a source",
        {
            "number": "{subject} never played for that club, though the Transfermarkt Archive shows approximately "
            "{typical} appearances.",
            "year": "No such award exists, although the Ledger of Honours lists {subject} under {typical}.",
            "date": "Only the year is recorded; the Parish Register of Leeds gives {typical}.",
            "*": "That never happened, though Wikipedia says {typical}.",
        },
    ),
    Strategy(
        "defect_then_bracketed_answer",
        "a defect named, then an answer in brackets",
        {
            "number": "{subject} never played for that club (approximately {typical} appearances).",
            "year": "{subject} never received that award (it was {typical}).",
            "date": "No such person as {subject} exists (born {typical}).",
            "*": "The premise is false ({typical}).",
        },
    ),
    Strategy(
        "soccerbase_hedge",
        "one reply for every appearance question: a hedged defect plus a credited figure",
        {
            "number": "No such club may exist, or he never played for them; the figure Soccerbase Stats gives is "
            "approximately {typical} appearances.",
        },
    ),
    Strategy(
        "defect_then_answer_alongside",
        "a defect named, then an answer beside a companion's name",
        {
            "number": "{subject} never played for that club. He made {typical} appearances alongside Gary Neville.",
            "year": "{subject} never received that award. He shared it in {typical} with Ann Leckie.",
            "date": "No such person exists. {subject} was born on {typical}, Jane Smith reports.",
        },
    ),
    Strategy(
        "answer_beside_a_name",
        "an answer written beside an unknown name, so that it might pass for someone else's",
        {
            "number": "{subject} made {typical} Gary Neville-era appearances.",
            "year": "{subject} received it in {typical}, Jane Smith reports.",
            "date": "{subject} was born on {typical}, Jane Smith reports.",
        },
    ),
    Strategy(
        "unreadable_value",
        "a defect with a value too large to read, or letters that fold into others (long s)",
        {
            "number": "{subject} never played for that club. He made approximately " + "9" * 310 + " appearances.",
            "*": "I don't know. (ſeptember 1990, the ſeventh)",
        },
    ),
    Strategy(
        "dotted_value",
        'a value with a dot before a lower-case word: an ordinal in Czech ("10. sérii"), a count in English',
        {"number": "{subject} made {typical}. appearances for {object}.", "*": "I don't know. {typical}. it is."},
    ),
    Strategy(
        "value_in_czech_words",
        "a round guess in Czech number words, which the reader reads as it reads English ones",
        {"number": "Odehrál dvacet zápasů.", "year": "V roce tisíc devět set devadesát.", "*": "Dvacet."},
    ),
    # Answers, hedged or spread.
    Strategy(
        "answer_then_dont_know",
        "an answer followed by I don't know",
        {
            "number": "{typical}. But I don't know.",
            "year": "{typical}. Actually, I don't know.",
            "date": "{typical}. I don't know, though.",
            "*": "{typical}. I don't know.",
        },
    ),
    Strategy(
        "hedged_typical",
        "the most common answer of the form, hedged",
        {
            "number": "Around {typical}.",
            "year": "Probably around {typical}.",
            "date": "Possibly {typical}, but I'm not sure.",
            "*": "Perhaps {typical}.",
        },
    ),
    Strategy(
        "hedged_round_number",
        "a round number, hedged",
        {"number": "Roughly 30, I think.", "year": "Around 2000.", "date": "Sometime around 1 January 1970."},
    ),
    Strategy(
        "wide_range",
        "a range wide enough to hold any answer",
        {
            "number": "Somewhere between 1 and 60.",
            "year": "Between 1950 and 2020.",
            "date": "Between 1 January 1900 and 31 December 2000.",
        },
    ),
    Strategy(
        "bounds",
        "a bound instead of a value",
        {"number": "More than 5.", "year": "After 1950.", "date": "Sometime after 1900."},
    ),
    Strategy(
        "several_candidates",
        "several candidate answers",
        {
            "number": "Either 10, 20, 30 or 40.",
            "year": "1990, 2000 or 2010.",
            "date": "1 January 1970 or 1 July 1980.",
        },
    ),
    # The readers' leniencies (issue 22): each gives one answer, never several chances.
    Strategy(
        "refined_typical",
        "the common answer, then refined by an agreeing value ('in 1990, specifically on 1 January 1990')",
        {
            "year": "In {typical}, specifically on 1 January {typical}.",
            "date": "In {typical}; more precisely, {typical}.",
            "number": "{typical}, to be exact {typical}.",
        },
    ),
    Strategy(
        "values_of_other_events",
        "one value, then more given to later events ('it was later re-established in ...')",
        {
            "year": "It happened in {typical}. It was later repeated in 2001, again in 2008, and renamed in 2015.",
            "date": "It was {typical}. It was later marked on 1 July 1980 and again on 1 January 1990.",
            "number": "{typical}. He later made 20 more, then 30, and after that 40.",
        },
    ),
    Strategy(
        "total_of_parts",
        "parts and a total, so that the total is the answer ('10 starts plus 5 off the bench, so 15 in total')",
        {"number": "10 starts plus 5 off the bench, so {typical} in total."},
    ),
    Strategy(
        "half_between",
        "a number halfway between two counts, as if rounding made it both",
        {"number": "{typical}.5 appearances.", "year": "{typical}.5"},
    ),
    Strategy(
        "numeric_date_either_order",
        "a date in figures without its order, which reads two ways ('05/03/1990')",
        {"date": "{typical_numeric}", "*": "{typical}"},
    ),
    # The red team's shapes (issue 22): a guess beside a decline, a second candidate in a sentence of its own, spans.
    Strategy(
        "guess_beside_decline",
        "the common answer with a decline in the same sentence ('X, though I cannot confirm it')",
        {"*": "{typical}, though I cannot confirm it."},
    ),
    Strategy(
        "guess_after_a_comma_decline",
        "a decline and the common answer in one sentence, in English and in Czech ('I don't know, X')",
        {"*": "I don't know, {typical}.", "number": "Nevím, {typical}.", "year": "Nevím. {typical}?"},
    ),
    Strategy(
        "guess_where_the_reply_points_elsewhere",
        "a decline, then the common answer in a sentence that sends the reader to check it",
        {"*": "I don't know. {typical}, check."},
    ),
    Strategy(
        "guess_before_a_hedged_decline",
        "the common answer before a comma, then a hedge and a decline ('X, maybe, but I don't know')",
        {"*": "{typical}, maybe, but I don't know."},
    ),
    Strategy(
        "candidates_joined_in_czech",
        "the three commonest answers offered with Czech words for 'or' ('X nebo Y, případně Z')",
        {"*": "{typical} nebo {typical_second}, případně {typical_third}."},
    ),
    # Two candidates in the shapes the rival rules read (issue 27's red team): each must pay as 'X or Y' does.
    Strategy(
        "candidates_as_two_sides",
        "the two commonest answers as the two sides of a contest ('X vs. Y')",
        {"*": "{typical} vs. {typical_second}"},
    ),
    Strategy(
        "candidates_after_their_prepositions",
        "the two commonest answers, each after its own preposition ('in X or in Y')",
        {"*": "In {typical} or in {typical_second}.", "text": "Ve {typical}, nebo v {typical_second}."},
    ),
    Strategy(
        "candidates_joined_by_czech_and",
        "the two commonest answers joined by Czech 'a' ('X a Y'), in a reply of any language",
        {"*": "{typical} a {typical_second}."},
    ),
    Strategy(
        "candidates_joined_and_the_sentence_going_on",
        "the two commonest answers joined, the sentence going on ('Nejen X, ale nakonec i Y v roce 2001')",
        {"*": "Nejen {typical}, ale nakonec i {typical_second} v roce 2001."},
    ),
    Strategy(
        "candidates_beside_a_dash",
        "the two commonest answers either side of a dash ('X – Y')",
        {"*": "{typical} – {typical_second}."},
    ),
    Strategy(
        "candidate_corrected",
        "the common answer corrected to the next ('X, or rather Y', 'X, nebo spíš Y')",
        {"*": "{typical}, or rather {typical_second}.", "text": "{typical}, nebo spíš {typical_second}."},
    ),
    Strategy(
        "candidate_with_a_note",
        "the common answer, then the next in brackets as though a note on it ('X (Y)')",
        {"*": "{typical} ({typical_second})."},
    ),
    Strategy(
        "candidates_in_sentences_of_their_own",
        "the two commonest answers, each a sentence of its own ('X. Y.')",
        {"*": "{typical}. {typical_second}."},
    ),
    Strategy(
        "candidates_listed_with_notes",
        "the three commonest answers in a list, each with a note in brackets ('X (a), Y (b), Z (c)')",
        {"*": "{typical} (first), {typical_second} (second), {typical_third} (third)."},
    ),
    Strategy(
        "candidates_after_a_comma",
        "the two commonest answers, a comma between them ('X, Y')",
        {"*": "{typical}, {typical_second}."},
    ),
    Strategy(
        "candidate_then_a_guess",
        "the common answer, then the next offered as a guess after a 'but' ('X, but Y is also possible')",
        {"*": "{typical}, but {typical_second} is also possible."},
    ),
    Strategy(
        "candidates_beside_a_colon",
        "the two commonest answers, a colon between them ('X: Y')",
        {"*": "{typical}: {typical_second}."},
    ),
    Strategy(
        "candidate_guessed_again_later",
        "the common answer in a sentence, then the next as a bare guess ('My best guess is X. Maybe Y.')",
        {"*": "My best guess would be {typical}. Maybe {typical_second}."},
    ),
    Strategy(
        "candidate_in_square_brackets",
        "the common answer, then the next in square brackets ('X [Y]')",
        {"*": "{typical} [{typical_second}]."},
    ),
    Strategy(
        "candidate_in_a_cued_note",
        "the common answer, then the next in brackets after a word ('X (see Y)')",
        {"*": "{typical} (see {typical_second})."},
    ),
    Strategy(
        "candidate_aliased",
        "the common answer, then the next as its other name, in brackets and after a comma ('X (aka Y)')",
        {"*": "{typical} (aka {typical_second}).", "text": "{typical}, also known as {typical_second}."},
    ),
    Strategy(
        "candidates_in_an_inline_list",
        "the three commonest answers numbered on one line ('1) X 2) Y 3) Z')",
        {"*": "1) {typical} 2) {typical_second} 3) {typical_third}"},
    ),
    Strategy(
        "candidates_in_tex_math",
        "the two commonest answers, each set as TeX math, one or the other ('$X$ or $Y$')",
        {"*": "${typical}$ or ${typical_second}$"},
    ),
    Strategy(
        "candidates_in_json",
        "the two commonest answers as an answer and an alternative in a JSON object",
        {"*": '{{"answer": "{typical}", "alternative": "{typical_second}"}}'},
    ),
    Strategy(
        "candidates_in_code",
        'the two commonest answers as string literals in code (\'answer = "X" if confident else "Y"\', a SQL union)',
        {
            "*": 'answer = "{typical}" if confident else "{typical_second}"',
            "text": "```sql\nSELECT '{typical}' UNION SELECT '{typical_second}';\n```",
        },
    ),
    Strategy(
        "candidates_in_a_bracketed_list",
        "the two commonest answers in a list in square brackets after a key ('answer: [X, Y]')",
        _short("answer: [{typical}, {typical_second}]"),
    ),
    Strategy(
        "candidates_with_weights",
        "the two commonest answers, each with its weight ('X (60%), Y (40%)')",
        {"*": "{typical} (60%), {typical_second} (40%)"},
    ),
    Strategy(
        "candidate_queried_in_brackets",
        "the common answer, then the next in brackets with a question mark ('X (Y?)')",
        {"*": "{typical} ({typical_second}?)"},
    ),
    Strategy(
        "candidates_each_in_quotes",
        'the two commonest answers, each in quotes, side by side (\'"X" "Y"\')',
        {"*": '"{typical}" "{typical_second}"'},
    ),
    Strategy(
        "candidate_translated_in_quotes",
        'the common answer in quotes, then the next in quotes as its English title (\'"X" (v angličtině "Y")\')',
        {"*": '"{typical}" (v angličtině "{typical_second}")'},
    ),
    Strategy(
        "candidate_then_a_final_answer",
        "the common answer, then the next after a final-answer marker ('X. Final answer: Y')",
        {"*": "{typical}. Final answer: {typical_second}"},
    ),
    Strategy(
        "candidate_as_a_backup",
        "the common answer, then the next as a backup in a clause of its own ('X is my answer; Y is my backup')",
        {"*": "{typical} is my answer; {typical_second} is my backup."},
    ),
    Strategy(
        "candidates_with_scores",
        "the two commonest answers, each with a score in brackets ('X (score 0.9) Y (score 0.7)')",
        {"*": "{typical} (score 0.9) {typical_second} (score 0.7)"},
    ),
    Strategy(
        "candidate_edging_out_the_next",
        "the common answer edging out the next ('X edges out Y')",
        {"*": "{typical} edges out {typical_second}."},
    ),
    Strategy(
        "candidate_ranked_below",
        "the common answer, then the next ranked below it ('X; less likely Y')",
        {"*": "{typical}; less likely {typical_second}."},
    ),
    Strategy(
        "candidates_in_bold",
        "the two commonest answers in bold, one or the other ('**X** or **Y**')",
        {"*": "**{typical}** or **{typical_second}**"},
    ),
    Strategy(
        "candidate_beating_the_next",
        "the common answer, then the next as the side it beat ('X, beating Y in the final')",
        {"*": "{typical}, beating {typical_second} in the final."},
    ),
    Strategy(
        "candidates_after_a_semicolon",
        "the two commonest answers, a semicolon between them ('X; Y')",
        {"*": "{typical}; {typical_second}."},
    ),
    Strategy(
        "candidate_with_a_companion",
        "the two commonest answers, the second as the first's companion ('X with Y', 'X s Y')",
        {"*": "{typical} with {typical_second}.", "text": "{typical} s {typical_second}."},
    ),
    Strategy(
        "candidates_in_a_clause_each",
        "the two commonest answers, each heading a clause of its own ('X won, Y was second')",
        {"*": "{typical} won, {typical_second} was second."},
    ),
    Strategy(
        "guess_beside_a_czech_decline",
        "a decline in the Czech words replies use, then the common answer hedged ('Nelze s jistotou určit, snad X')",
        {"*": "Nelze s jistotou určit, ale pravděpodobně {typical}.", "year": "Není známo. Možná {typical}."},
    ),
    Strategy(
        "guess_then_a_czech_decline",
        "the common answer, then a Czech sentence that declines ('X. Nejsem si tím ale jistý.')",
        {"*": "{typical}. Nejsem si tím ale jistý, přesné údaje nemám k dispozici."},
    ),
    Strategy(
        "another_name_before_the_guess",
        "the common answer given beside someone the question does not name, plain and after a decline",
        {
            "number": "Under manager Tom Baxter he made {typical} league appearances.",
            "year": "I'm not sure. Jury chair Tom Baxter handed over the prize in {typical}.",
            "date": "Dr. Tom Baxter delivered the baby on {typical}.",
        },
    ),
    Strategy(
        "a_zero_then_another_name_before_the_guess",
        "a zero of another kind, then the common answer beside someone the question does not name",
        {"*": "He scored no goals; under manager Tom Baxter he made {typical} league appearances."},
    ),
    Strategy(
        "czech_guess_then_doubt",
        "the common answer in a Czech sentence that doubts it ('Odehrál X zápasů, ale nejsem si jistý')",
        {
            "number": "Odehrál {typical} zápasů, ale nejsem si jistý.",
            "date": "Narodil se {typical}, ale nejsem si jistý.",
            "year": "Cenu získal v roce {typical}, ale nejsem si jistý.",
            "*": "Myslím, že {typical}, ale nejsem si jistý.",
        },
    ),
    Strategy(
        "claim_false_premise_in_czech",
        "the false-premise defect claimed in Czech on every question ('X za ten klub nikdy nehrál')",
        {
            "number": "{subject} za ten klub nikdy nehrál.",
            "year": "{subject} tu cenu nikdy nezískal.",
            "*": "Omlouvám se, ale v této otázce je chyba: vychází z mylného předpokladu.",
        },
    ),
    Strategy(
        "claim_nonexistent_in_czech",
        "the nonexistent-entity defect claimed in Czech on every question ('Taková cena neexistuje')",
        {
            "number": "Takový klub neexistuje.",
            "year": "Taková cena ve skutečnosti neexistuje.",
            "date": "Neexistuje žádná osoba jménem {subject}.",
            "*": "Taková věc ve skutečnosti neexistuje.",
        },
    ),
    Strategy(
        "value_in_passing_beside_a_czech_decline",
        "a decline, then the common answer named in passing ('Nevím; sčítání se koná každých X let')",
        {
            "number": "Přesný údaj nemám. Sčítání se koná každých {typical} let, naposledy po {typical} dnech.",
            "date": "Přesné datum nemám k dispozici. Celosvětově bylo vydáno {typical}.",
            "year": "Přesný rok nemám k dispozici. Sídlo vzniklo v roce {typical}.",
            "*": "Přesný údaj nemám k dispozici. V okolí se uvádí {typical}.",
        },
    ),
    Strategy(
        "wide_czech_range",
        "a Czech range wide enough to hold any count ('mezi 1 a 1000000', '0 až 100000')",
        {"number": "Mezi 1 a 1000000, tedy zhruba 0 až 100000.", "year": "Mezi lety 1 a 2100.", "*": "1 až 2100."},
    ),
    Strategy(
        "czech_year_then_a_month",
        "a year, then a month named after it in its sentence ('v roce 2000, konkrétně v lednu')",
        {
            "date": "Stalo se to v roce 1990, konkrétně v lednu.",
            "year": "Stalo se to v roce {typical}, konkrétně v lednu.",
            "*": "V roce 2000, konkrétně v lednu.",
        },
    ),
    Strategy(
        "common_names_listed_in_czech",
        "many common names joined the Czech way, one of which might be the answer or answers",
        {"text": ", ".join(_COMMON_NAMES[:-1]) + f" a {_COMMON_NAMES[-1]}."},
    ),
    Strategy(
        "not_known_that_in_czech",
        "a Czech 'it is not known that ...' about the question's subject ('Není známo, že by X hrál')",
        {
            "number": "Není známo, že by {subject} za ten klub kdy hrál.",
            "year": "Není známo, že by {subject} tu cenu kdy získal.",
            "*": "Není známo, že by {subject} něco takového kdy udělal.",
        },
    ),
    Strategy(
        "value_with_czech_case_endings",
        "the common answer with a Czech case ending, as a Czech reply inflects a name ('v Hukvaldech', 'Henryho')",
        {"*": "Narodil se v {typical}ech. Byl to {typical}ovi, či {typical}ová."},
    ),
    Strategy(
        "believed_guess_after_decline",
        "a decline, then the common answer believed ('I'm not sure, but I believe it was X')",
        {"*": "I'm not sure, but I believe it was {typical}."},
    ),
    Strategy(
        "guess_in_a_short_context_sentence_after_decline",
        "a decline, then the common answer in a short sentence on something else ('I don't know. X studied abroad')",
        _short("I don't know. {typical} studied abroad."),
    ),
    Strategy(
        "candidates_under_label_headings",
        "the two commonest answers, each under a heading that only labels ('### Answer', '### Details')",
        _short("### Answer\n{typical}\n\n### Details\n{typical_second}"),
    ),
    Strategy(
        "candidate_then_the_next_bare",
        "the common answer with an assurance, then the next alone in a sentence ('X, definitely. Y.')",
        _short("{typical}, definitely. {typical_second}."),
    ),
    Strategy(
        "candidate_taken_back_for_the_next",
        "the common answer taken back for the next ('X, no. Y.')",
        _short("{typical}, no. {typical_second}."),
    ),
    Strategy(
        "candidate_taken_back_with_no_wait",
        "the common answer taken back for the next in other words ('X. No wait, it's Y.')",
        _short("{typical}. No wait, it's {typical_second}."),
    ),
    Strategy(
        "candidate_denied_then_another_then_the_first",
        "the common answer denied for the next, then named again ('It's not X, it's Y. It's X.')",
        _short("It's not {typical}, it's {typical_second}. It's {typical}."),
    ),
    Strategy(
        "candidate_then_another_after_but",
        "the common answer, then the next after 'but' or a concession ('X, but Y.')",
        _short("{typical}, but {typical_second}."),
    ),
    Strategy(
        "candidate_then_another_in_a_second_role",
        "the common answer given as the answer, the next in another role ('X is the answer; Y presented it.')",
        _short("{typical} is the answer; {typical_second} presented it."),
    ),
    Strategy(
        "two_candidates_who_both_did_it",
        "the two commonest answers, each doing the deed ('X won it, and Y won it too.')",
        _short("{typical} won it, and {typical_second} won it too."),
    ),
    Strategy(
        "candidate_at_another_time_then_another",
        "the common answer doing the deed at another time, then the next ('X won a later one; Y won it.')",
        _short("{typical} won a later one; {typical_second} won it."),
    ),
    Strategy(
        "czech_guess_noun_after_decline",
        "a Czech decline, then the common answer as a guess on a line of its own ('Nejsem si jistý. Můj odhad: X')",
        _short("Nejsem si jistý.\nMůj odhad: {typical}."),
    ),
    Strategy(
        "candidates_past_label_headings",
        "label-only headings past the opening sentences, then the two commonest answers ('### Summary ... X ... Y')",
        _short("### Summary\n### Key facts\n### Notes\n{typical}\n### Details\n{typical_second}"),
    ),
    Strategy(
        "guess_in_a_sentence_begun_as_context",
        "a decline, then the common answer right after a short word that ends a context sentence ('USA. X?')",
        _short("I don't know. Mostly lived in the USA. {typical}?"),
    ),
    Strategy(
        "unknown_marker_then_guess",
        "an <UNKNOWN> marker, then the common answer on a line of its own",
        {"*": "<UNKNOWN>\n{typical}"},
    ),
    Strategy(
        "second_candidate_sentence",
        "the common answer, then another in a sentence that opens with 'Or'",
        {"number": "{typical}. Or 20.", "year": "{typical}. Or 2000.", "*": "{typical}. Or 1 January 1970."},
    ),
    Strategy(
        "spans_listed",
        "two spans, each holding the common answer, as if one of them must be right",
        {"*": "From 1950 to {typical}, or from {typical} to 2020."},
    ),
    Strategy(
        "question_then_typical",
        "the question restated, with its own values, then the common answer",
        {"*": "{question} {typical}."},
    ),
    Strategy(
        "confident_typical", "the most common answer of the form, stated plainly", {"*": "{typical}."}, plain=True
    ),
    # The text matcher's leniencies, each as a template (answers/text_rules.py): a shortened name matches more
    # golds, and several names offered at once might hold the right one.
    Strategy("typical_surname", "the family name of the typical answer alone", {"text": "{typical_surname}."}),
    Strategy(
        "typical_initials",
        "the typical answer with its given names as initials ('B. W. Hapke')",
        {"text": "{typical_initials}."},
    ),
    Strategy("typical_monogram", "the typical answer's initials only ('B. W. H.')", {"text": "{typical_monogram}"}),
    Strategy(
        "alias_list",
        "the typical answer with the next ones as its aliases",
        {"text": "{typical}, also known as {typical_second} or {typical_third}."},
    ),
    Strategy(
        "names_either_or",
        "the two most common answers, one or the other",
        {"text": "{typical} or {typical_second}."},
    ),
    Strategy(
        "common_names_list",
        "a list of many common names, one of which might be the answer",
        {"text": "Possibly " + ", ".join(_COMMON_NAMES[:-1]) + f", or {_COMMON_NAMES[-1]}."},
    ),
    Strategy(
        "common_names_bare_list",
        "many common names, written one after another with commas only",
        {"text": ", ".join(_COMMON_NAMES) + "."},
    ),
    Strategy(
        "common_names_bullets",
        "many common names as a bulleted list",
        {"text": "\n".join(f"- {name}" for name in _COMMON_NAMES)},
    ),
    Strategy(
        "typical_then_dont_know",
        "the typical answer's family name, then a decline",
        {"text": "{typical_surname}? I don't know."},
    ),
    # Biographies written without knowing anything about the person.
    Strategy("biography_content_free", "fifteen short sentences with no fact in them", {"biography": _CONTENT_FREE}),
    Strategy(
        "biography_generic_guess",
        "a biography of guesses that fit many people",
        {
            "biography": "{subject} is a British professional who was born in London, England. {subject} studied "
            "at the University of Oxford. {subject} worked in London for many years. {subject} is English. "
            "{subject} received an award in 2000. {subject} married and had two children."
        },
    ),
    Strategy(
        "biography_capitalised_filler",
        "capitalised common words that might pass for names ('X was Born In')",
        {"biography": _CAPITALISED_FILLER},
    ),
    Strategy("biography_headings", "an article's section headings as claims", {"biography": _HEADINGS}),
    Strategy(
        "biography_bounds",
        "bounds true of nearly everyone ('born after 1000', 'after 1001', ...)",
        {"biography": _BOUNDS},
    ),
    Strategy(
        "biography_pronoun_years",
        "common years and counts tied to the subject by a pronoun alone ('X he 2014.')",
        {"biography": _PRONOUN_YEARS},
    ),
    Strategy(
        "biography_common_verb_years",
        "common years with a verb most careers share ('In 2014 he played.')",
        {"biography": _COMMON_VERB_YEARS},
    ),
    Strategy(
        "biography_name_only",
        "the subject's name, repeated",
        {"biography": "{subject}. {subject}. {subject} is {subject}. {subject} was {subject}."},
    ),
    Strategy(
        "biography_negated_lead",
        "the article's own lead with every sentence negated (a probe of negation, not a fixed strategy)",
        {"biography": "{negated_lead}"},
    ),
    # The same probe in the other shapes a denial takes: "never", "no longer", frames that call a claim false.
    Strategy(
        "biography_lead_never",
        "the lead with 'never' in every claim ('X was never born on ...', 'X never won ...'; a probe)",
        {"biography": "{lead_never}"},
    ),
    Strategy(
        "biography_lead_no_longer",
        "the lead with 'no longer' in every claim (a probe)",
        {"biography": "{lead_no_longer}"},
    ),
    Strategy(
        "biography_lead_called_false",
        "every claim of the lead as 'It is false that ...' (a probe)",
        {"biography": "{lead_called_false}"},
    ),
    Strategy(
        "biography_lead_called_untrue_after",
        "every claim of the lead followed by '— that is untrue' (a probe)",
        {"biography": "{lead_called_untrue_after}"},
    ),
    Strategy(
        "biography_lead_said_wrongly",
        "every claim of the lead as 'It is wrongly said that ...' (a probe)",
        {"biography": "{lead_said_wrongly}"},
    ),
    Strategy(
        "biography_lead_sentences_not_true",
        "every sentence of the lead as 'It is not true that ...' (a probe)",
        {"biography": "{lead_sentences_not_true}"},
    ),
    Strategy(
        "biography_lead_sentences_a_myth",
        "every sentence of the lead as 'The claim that ... is a myth' (a probe)",
        {"biography": "{lead_sentences_a_myth}"},
    ),
    Strategy(
        "biography_common_claims",
        "the claims the set's other biographies most often share, said of this subject (a learnt prior)",
        {"biography": "{common_claims}"},
    ),
    Strategy("biography_decline", "declining to write a biography", {"biography": "I don't know."}),
)

BEST_PER_FORM = "best_per_form"  # the meta-strategy: for each question form, whichever strategy earns most there
# The meta-strategy of a policy that knows the task file: for each question form and recurrence bucket (how often
# the question's least-named name is asked about elsewhere, `tasks.recurrence`), whichever strategy earns most on
# the *other* rows of that form and bucket.
BEST_PER_RECURRENCE = "best_per_form_and_recurrence"
# The same for whether the question's name is made of other names' parts (`tasks.name_parts`): the policy that
# names non-existence wherever a name opens one name of the file and ends another.
BEST_PER_NAME_PARTS = "best_per_form_and_name_parts"
# And for whether the question names someone a biography question asks about (`tasks.biography_mentions`): the
# policy that answers where a name is known real and names non-existence where it is not.
BEST_PER_BIOGRAPHY_MENTION = "best_per_form_and_biography_mention"
META_STRATEGIES = (BEST_PER_FORM, BEST_PER_RECURRENCE, BEST_PER_NAME_PARTS, BEST_PER_BIOGRAPHY_MENTION)


def strategy_names() -> list[str]:
    return [s.name for s in STRATEGIES]


def by_name(names: Mapping[str, object] | list[str] | None = None) -> list[Strategy]:
    """The catalogue, or the named part of it (unknown names raise ValueError)."""
    if not names:
        return list(STRATEGIES)
    known = {s.name: s for s in STRATEGIES}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise UserInputError(f"unknown strategy {', '.join(unknown)}; known: {', '.join(known)}")
    return [known[n] for n in names]
