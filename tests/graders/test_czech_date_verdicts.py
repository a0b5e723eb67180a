"""Czech dates as the Czech SimpleQA golds and replies write them, graded as the English ones are."""

from __future__ import annotations

import pytest

from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.short_answer import judge_answerable


@pytest.mark.parametrize(
    ("question", "gold", "reply", "label"),
    [
        # "roku" between the month and the year: the date is read, right or wrong.
        ("Kdy byl kostel vysvěcen?", "26. července 1851", "Byl vysvěcen 26. července roku 1851.", Label.CORRECT),
        ("Kdy byl kostel vysvěcen?", "26. července 1851", "Byl vysvěcen 26. července roku 1873.", Label.INCORRECT),
        # A gold with a comma before its year, a gold without one, and a bare month.
        ("Kdy byla činnost ukončena?", "15. červen, 1923.", "Skončila 28. prosince 2001.", Label.INCORRECT),
        ("Který den a měsíc v roce 1956 byl dopis zaslán?", "21. listopadu", "Dne 21. listopadu 1956.", Label.CORRECT),
        ("Který den a měsíc v roce 1956 byl dopis zaslán?", "21. listopadu", "Dne 9. dubna 1956.", Label.INCORRECT),
        ("V kterém měsíci roku 1968 byla loď vypuštěna?", "Duben", "Byla vypuštěna v dubnu 1968.", Label.CORRECT),
        ("V kterém měsíci roku 1968 byla loď vypuštěna?", "Duben", "Byla vypuštěna v říjnu 1968.", Label.INCORRECT),
        ("V kterém měsíci roku 1968 byla loď vypuštěna?", "Duben", "Červenec.", Label.INCORRECT),
        ("Kdy začala invaze v roce 1968?", "srpen", "V srpnu 1968.", Label.CORRECT),  # "when" asks a month too
        ("Kdy začala invaze v roce 1968?", "srpen", "V září 1968.", Label.INCORRECT),
        # A month word of another language is a month only where a month is asked: "Mars" is also a planet.
        ("Which planet is fourth from the Sun?", "Mars", "March.", Label.INCORRECT),
        ("Which planet is fourth from the Sun?", "Mars", "It is Mars.", Label.CORRECT),
        # Spans joined the Czech way.
        ("V kterých letech byla rektorkou?", "1995-1997", "Byla jí v letech 1995 až 1997.", Label.CORRECT),
        ("V kterých letech byla rektorkou?", "1837 až 1839", "Od roku 1837 do roku 1839.", Label.CORRECT),
        ("V kterých letech byla rektorkou?", "1995-1997", "Mezi lety 1995 a 1998.", Label.INCORRECT),
    ],
)
def test_czech_dates(question: str, gold: str, reply: str, label: Label) -> None:
    assert judge_answerable(question, gold, reply)[0] is label


_LUGARD_CS = "V kterém měsíci a roce zorganizoval Frederick Lugard West African Frontier Force?"
_LUGARD_EN = "In which month and year did Frederick Lugard organise the West African Frontier Force?"


@pytest.mark.parametrize(
    ("question", "gold", "reply", "label"),
    [
        # A month after the year, in its sentence, makes one date with it: a wrong month is no less specific answer.
        (_LUGARD_CS, "Srpen 1897", "Lugard ji zorganizoval v roce 1897, konkrétně v říjnu.", Label.INCORRECT),
        (_LUGARD_CS, "Srpen 1897", "Lugard ji zorganizoval v roce 1897, konkrétně v srpnu.", Label.CORRECT),
        (_LUGARD_EN, "August 1897", "He raised the force in 1897, in October.", Label.INCORRECT),
        (_LUGARD_EN, "August 1897", "He raised the force in 1897, in August.", Label.CORRECT),
        # The year alone stays less specific; a month of another sentence, or one of two, makes no date with it.
        (_LUGARD_CS, "Srpen 1897", "Lugard ji zorganizoval v roce 1897.", Label.NOT_ATTEMPTED),
        (_LUGARD_EN, "August 1897", "He raised the force in 1897. In October he left.", Label.NOT_ATTEMPTED),
        (_LUGARD_EN, "August 1897", "He raised the force in 1897, in August or October.", Label.NOT_ATTEMPTED),
        (_LUGARD_EN, "August 1897", "Lugard raised the force in 1897, probably in August.", Label.CORRECT),
        (_LUGARD_EN, "August 1897", "Lugard raised the force in 1897 (October).", Label.INCORRECT),
        # A month after a verb is another event's ("born in 1915 and died in March").
        (_LUGARD_EN, "August 1897", "Lugard raised the force in 1897 and left it in August.", Label.NOT_ATTEMPTED),
        (_LUGARD_CS, "Srpen 1897", "Lugard ji zorganizoval v roce 1897 v měsíci srpnu.", Label.CORRECT),
        # A bare year given as the answer, in a reply of many words, is wrong when it is another year.
        (_LUGARD_EN, "August 1897", "Lugard organised the West African Frontier Force in 1895.", Label.INCORRECT),
        (_LUGARD_CS, "Srpen 1897", "Lugard zorganizoval West African Frontier Force v roce 1895.", Label.INCORRECT),
        # ... but not a year of something else, nor one beside a decline.
        (_LUGARD_EN, "August 1897", "He was a soldier from 1885 to 1895 and later a governor.", Label.NOT_ATTEMPTED),
        (_LUGARD_CS, "Srpen 1897", "Nevím to jistě. Lugard byl v Africe od roku 1895.", Label.NOT_ATTEMPTED),
        # A Czech month alone, after a word that puts a time in it, answers a month question.
        ("V kterém měsíci zorganizoval Lugard tu jednotku?", "Srpen", "Stalo se to v srpnu.", Label.CORRECT),
        ("V kterém měsíci zorganizoval Lugard tu jednotku?", "Srpen", "Stalo se to koncem října.", Label.INCORRECT),
    ],
)
def test_a_month_beside_a_bare_year(question: str, gold: str, reply: str, label: Label) -> None:
    assert judge_answerable(question, gold, reply)[0] is label
