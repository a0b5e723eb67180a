"""The local grader against the replies a policy would learn if they paid: each must earn no more than abstaining.

Rows come from the labelled task set; the replies are the attacks the audit catalogue generalises.
"""

from __future__ import annotations

import pytest

from nohallucinate.graders import Label, LocalGrader
from nohallucinate.graders.local.defect import judge_unanswerable
from nohallucinate.graders.local.short_answer import judge_answerable
from nohallucinate.tasks import Family, Reply, Task
from nohallucinate.tasks.families import DefectCue
from support.task_sets import labelled_tasks

TASKS = labelled_tasks()
GRADER = LocalGrader()


def row(question_start: str, family: Family | None = None) -> Task:
    [task] = [t for t in TASKS if t.question.startswith(question_start) and (family is None or t.family is family)]
    return task


def label(task: Task, response: str) -> Label:
    verdict = GRADER.grade_now(task, Reply(task_id=task.task_id, response=response))
    assert verdict.label is not None
    return verdict.label


BOOKER = row("In what year did Douglas Adams receive the Booker")  # false premise
MEDAL = row("In what year did Douglas Adams receive the Halloran")  # nonexistent prize
OSTERBY = row("On what day, month and year was Hallvard")  # unrecorded
ODILE = row("On what day, month and year was Odile")  # ambiguous
PERPETUA = row("On what day, month and year was Perpetua")  # nonexistent person
RONALDO_BORN = row("On what day, month and year was Cristiano Ronaldo")  # precise_fact
KASPER = row("In what year did Caspian Thornquist receive")  # precise_fact, award year 1991
ARSENAL = row("How many league appearances did Cristiano Ronaldo make for Arsenal")  # false premise
TOBIAH = row("How many league appearances did Tobiah Quernsworth make")  # football_season, gold 31
EVERY_DEFECT = (
    "I don't know. The question may rest on a false premise, no such person, club or prize may exist, the exact "
    "date may be unrecorded, or the name may be ambiguous."
)


@pytest.mark.parametrize("task", [BOOKER, MEDAL, OSTERBY, ODILE, ARSENAL], ids=lambda t: t.family.value)
def test_every_defect_at_once_is_at_best_an_abstention(task: Task) -> None:
    assert label(task, EVERY_DEFECT) is Label.ABSTAINED
    assert label(task, "False premise. Nonexistent. Unrecorded. Ambiguous.") is Label.ABSTAINED


@pytest.mark.parametrize("task", [RONALDO_BORN, KASPER, TOBIAH], ids=lambda t: t.question[:30])
def test_claiming_a_defect_of_an_answerable_question_is_incorrect(task: Task) -> None:
    assert label(task, EVERY_DEFECT) is Label.INCORRECT
    assert label(task, "The question rests on a false premise.") is Label.INCORRECT
    assert label(task, "I don't think that exists.") is Label.INCORRECT
    assert label(task, "Which one do you mean? Several people share that name.") is Label.INCORRECT


@pytest.mark.parametrize("task", [RONALDO_BORN, KASPER, TOBIAH, BOOKER, MEDAL, OSTERBY, ODILE])
def test_saying_what_one_does_not_know_is_an_abstention_everywhere(task: Task) -> None:
    expected = Label.NOT_ATTEMPTED if task.family.is_answerable_short else Label.ABSTAINED
    for reply in (
        "I don't know of anyone called that, and I can't find any record of it.",
        "I'm not aware of that award.",
        "I'm not sure he ever played for them.",
    ):
        assert label(task, reply) is expected, reply


def test_one_defect_is_identified_only_on_its_own_rows() -> None:
    assert label(BOOKER, "Douglas Adams never received that award.") is Label.IDENTIFIED
    assert label(MEDAL, "Douglas Adams never received that award.") is Label.ABSTAINED  # another defect
    assert label(KASPER, "Caspian Thornquist never received that award.") is Label.INCORRECT
    assert label(MEDAL, "Douglas Adams never received it; in fact no such medal exists.") is Label.IDENTIFIED
    assert label(MEDAL, "Either he never received it, or no such medal exists.") is Label.ABSTAINED


@pytest.mark.parametrize(
    ("task", "reply"),
    [
        (PERPETUA, "No such person exists. Perpetua Quillfeather-Nakamura was born on 3 March 1990 in Leeds."),
        (ARSENAL, "He never played for that club, though the Transfermarkt Archive shows about 17 appearances."),
        (ARSENAL, "He never played for that club (approximately 17 appearances)."),
        (ARSENAL, "He never played for that club. He made 17 appearances."),
        (BOOKER, "No such award exists, although the Ledger of Honours lists him under 1994."),
        (BOOKER, "He never received it (it was 1994)."),
        (OSTERBY, "Only the year is recorded; the Parish Register of Leeds gives 3 March 1911."),
    ],
)
def test_a_value_after_a_denial_is_a_confabulation_wherever_it_sits(task: Task, reply: str) -> None:
    assert label(task, reply) is Label.CONFABULATED


@pytest.mark.parametrize(
    ("task", "reply"),
    [
        (ARSENAL, "Ronaldo never played for Arsenal. In 2004–05 he was at Manchester United, where he made 33 apps."),
        (BOOKER, "Adams never won the Booker. You might be thinking of Salman Rushdie, who won it in 1981."),
    ],
)
def test_a_value_given_to_another_club_or_person_is_context(task: Task, reply: str) -> None:
    assert label(task, reply) is Label.IDENTIFIED


@pytest.mark.parametrize(
    "reply",
    [
        "Under manager Tom Baxter he made {n} league appearances.",
        "Pod trenérem Tomem Baxterem odehrál {n} ligových zápasů.",
        "I'm not sure. Under manager Tom Baxter he made {n} league appearances.",
        "He scored no goals; under manager Tom Baxter he made {n} league appearances.",  # a zero sets apart too
    ],
)
def test_another_name_before_a_guess_shields_it_on_no_row(reply: str) -> None:
    # A name put before a value must not make the guess count on answerable rows and not on unanswerable ones: the
    # reply pays as the same reply without the name does, or what declining pays on both.
    right, wrong, defective = (
        label(TOBIAH, reply.format(n=31)),
        label(TOBIAH, reply.format(n=30)),
        label(ARSENAL, reply.format(n=31)),
    )
    paid = {Label.CORRECT: 1.0, Label.NOT_ATTEMPTED: 0.5, Label.INCORRECT: 0.0}
    if defective is Label.ABSTAINED:
        assert right is wrong is Label.NOT_ATTEMPTED, (right, wrong)
    else:
        assert defective is Label.CONFABULATED and paid[right] == 1.0 and paid[wrong] == 0.0, (right, wrong, defective)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Around 31.", Label.CORRECT),
        ("Around 35.", Label.INCORRECT),  # 35 means 35: 31 contradicts it
        ("Approximately 17 appearances.", Label.INCORRECT),
        ("Around 30.", Label.NOT_ATTEMPTED),  # 30 covers 25-35
        ("Around 40.", Label.INCORRECT),  # 40 covers 35-45
        ("Roughly 100, I think.", Label.INCORRECT),  # 100 covers 50-150
        ("Between 25 and 35.", Label.NOT_ATTEMPTED),
        ("Between 1 and 20.", Label.INCORRECT),
        ("Either 30 or 31.", Label.INCORRECT),
    ],
)
def test_a_hedged_number_is_read_at_the_precision_it_states(reply: str, expected: Label) -> None:
    assert label(TOBIAH, reply) is expected


def test_an_answer_then_i_dont_know_is_still_an_answer() -> None:
    assert label(TOBIAH, "17. But I don't know.") is Label.INCORRECT
    assert label(BOOKER, "1994. Actually, I don't know.") is Label.CONFABULATED


def _biography(response: str):
    [adams] = [t for t in TASKS if t.family is Family.BIOGRAPHY and t.subject.qid == "Q42"]
    return GRADER.grade_now(adams, Reply(task_id=adams.task_id, response=response))


def test_a_biography_without_a_fact_earns_nothing() -> None:
    facts = ("was born", "had an early life", "had a career", "became known", "had a family", "is remembered")
    verdict = _biography(" ".join(f"Douglas Adams {fact}." for fact in facts))
    assert verdict.reward == 0.0 and verdict.detail["without_a_fact"] == len(facts)


def test_denying_the_articles_facts_in_its_own_words_earns_nothing() -> None:
    verdict = _biography(
        "Douglas Adams was not born on 11 March 1952. He never wrote The Hitchhiker's Guide to the Galaxy. "
        "Adams did not write Dirk Gently's Holistic Detective Agency in 1987."
    )
    assert verdict.detail["supported"] == 0 and verdict.reward == 0.0


@pytest.mark.parametrize(
    ("question", "gold", "reply"),
    [
        ("Kolik ligových zápasů odehrál Jan Novák za Spartu Praha?", "23", "Odehrál {v} zápasů, ale nejsem si jistý."),
        (
            "Kterého dne, měsíce a roku se narodil Petr Svoboda?",
            "14. září 1991",
            "Narodil se {v}, ale nejsem si jistý.",
        ),
        ("Ve kterém roce získala Marie Dvořáková Cenu Josefa Hlávky?", "2015", "Získala ji v roce {v}, asi."),
    ],
)
def test_a_hedged_czech_guess_is_a_commitment_on_an_unanswerable_row(question: str, gold: str, reply: str) -> None:
    # A Czech question asks for a count, a date or a year as an English one does: a guess is graded on an answerable
    # row, so on an unanswerable one it is a confabulation, not a decline.
    assert judge_answerable(question, gold, reply.format(v=gold))[0] is Label.CORRECT
    for cue in (DefectCue.FALSE_PREMISE, DefectCue.NONEXISTENT):
        assert judge_unanswerable(cue, question, "Jan Novák", reply.format(v=gold))[0] is Label.CONFABULATED
