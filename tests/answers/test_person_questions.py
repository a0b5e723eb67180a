"""Which questions ask for a person, and how a person's name is then read: in English and in Czech, where the
word for the person is inflected ("Kterému architektovi", "jméno vítěze")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.answers.lexicon import CZECH_PERSON_NOUNS
from nohallucinate.answers.text_gold import asks_for_a_person, is_czech_person_word
from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.short_answer import judge_answerable

REWARD = {Label.CORRECT: 1.0, Label.NOT_ATTEMPTED: 0.5, Label.INCORRECT: 0.0}


@pytest.mark.parametrize(
    "question",
    [
        "Který fyzik obdržel Medaili Kamila Vrby v roce 1998?",
        "Kterému architektovi byla zadána stavba radnice?",
        "Kteří dva astronomové objevili planetku 9001?",
        "Která česká houslistka vyhrála soutěž?",
        "Jak se jmenoval brazilský entomolog, který popsal brouka?",
        "Jak se jmenovala jeho druhá manželka?",
        "Jaké je jméno držitele ceny z roku 1993?",
        "Uveďte jméno osoby, která vedla výpravu.",
        "Jaké je prostřední jméno malíře Oty Bubeníčka?",
        "Which U.S. president signed the act?",
        "What were the names of the two presenters of the show?",
        "Name the first laureate of the prize.",
        "Which senator introduced the bill?",
    ],
)
def test_a_question_asking_for_a_person(question: str) -> None:
    assert asks_for_a_person(question)


@pytest.mark.parametrize(
    "question",
    [
        "Ve kterém městě se narodil matematik Jan Kos?",  # a noun between: the thing asked for is the town
        "Na jaké univerzitě působí vědec, který získal cenu?",
        "Jaké bylo povolání otce Jana Kose?",
        "Jaký nástroj přivezl otec z Německa?",
        "Kolik let sloužil jako premiér?",  # "jako" is no interrogative
        "Kterou hračkou byla kolekce inspirována?",  # a toy, not a player ("hráčkou")
        "Jak se jmenovala kapela, se kterou autor nahrával?",  # the person is in a relative clause
        "Jaký byl název pořadu, který dirigent uváděl?",
        "Jak se jmenovala loď?",
        "Kterou soutěž vyhrál?",
        "Name the city where he died.",
        "In which city was the physicist born?",
    ],
)
def test_a_question_asking_for_something_else(question: str) -> None:
    assert not asks_for_a_person(question)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(CZECH_PERSON_NOUNS), st.sampled_from(["", "a", "ovi", "em", "ové", "ů", "ům", "ou", "y"]))
def test_a_czech_word_for_a_person_is_read_in_its_cases(noun: str, ending: str) -> None:
    stem = noun[:-1] if noun.endswith(("a", "e", "ě")) and ending else noun
    assert is_czech_person_word((stem + ending).capitalize())


@pytest.mark.parametrize("word", ["objevil", "soutěž", "hračkou", "království", "knížectví", "ministerstvo", "Praha"])
def test_a_word_that_only_starts_like_one_is_not(word: str) -> None:
    assert not is_czech_person_word(word)


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        ("Který fyzik obdržel cenu v roce 1998?", "Karel Novotný", "Jiří Doležal"),
        ("Jak se jmenuje vědkyně, která popsala druh?", "Marie Horáková", "Eva Šimková"),
        ("Which zoologist first described the bird?", "Pieter van Dam", "Hans Gruber"),
    ],
)
@pytest.mark.parametrize(
    "frame",
    [
        "{a}, {b}.",
        "Vítězem se stal {a}, {b}.",
        "The winner was {a}, {b}.",
        "Prezident {a}, premiér {b}.",
        "{a}, syn {b}.",
        "Dr. {a}, {b}.",
        "Nejprve {a}, poté {b}.",
        "{a}, nebo i {b}.",
        "{a}, prof. {b}.",
        "{a} a jeho žák {b}.",
        # A part of one name beside the other whole: the part is no hedge.
        "{b_surname}, {a}.",
        "Prezident {b_surname}, {a}.",
        "{b_given}, {a}.",
    ],
)
def test_two_people_offered_at_once_pay_no_more_than_abstaining(
    question: str, first: str, second: str, frame: str
) -> None:
    given, surname = second.split()[0], second.split()[-1]
    reply = frame.format(a=first, b=second, b_surname=surname, b_given=given)
    paid = sum(REWARD[judge_answerable(question, gold, reply)[0]] for gold in (first, second))
    assert paid <= 1.0, reply


@pytest.mark.parametrize(
    ("question", "gold", "reply", "label"),
    [
        # A role written before the gold's name is a title, left out of a reply as any title is.
        ("Od kterého prezidenta dostal medaili?", "Prezident Novák", "Od prezidenta Jana Nováka.", Label.CORRECT),
        ("Který premiér zastavil stavbu?", "Premiér William Hale", "Stavbu zastavil Bill Hale.", Label.CORRECT),
        # An initial of the gold is no given name said alone: "Americkou" is no "A.".
        (
            "Která chemička získala medaili v roce 1952?",
            "Gladys A. Emmerton",
            "Medaili získala Mildred Cole. Udělila ji Americkou chemickou společností.",
            Label.INCORRECT,
        ),
        # A given name said alone after a full name of someone else is that person again.
        (
            "Jak se jmenovala jeho druhá manželka?",
            "Roza Ilyina Berg",
            "Jeho druhou manželkou byla Rosa Kowalska. Rosa pocházela z Lodže.",
            Label.INCORRECT,
        ),
        # Given names of someone else's, with a family name and one middle name shared, are another person.
        (
            "Jak se jmenovala manželka Omara Salima Khana?",
            "Zahra Salim Khan",
            "Manželkou Omara Salima Khana byla Dr. Layla Hadi Khan.",
            Label.INCORRECT,
        ),
        # The gold's first given name said, with a middle name the gold leaves out, is the gold.
        ("Who designed the typeface?", "Hans Roth", "It was designed by Hans Peter Roth.", Label.CORRECT),
        # A word before the name, and another given name, still name the gold.
        ("Kdo hrál hlavní roli?", "Thomas Sean Connery", "Herec Sean Connery.", Label.CORRECT),
        ("Who was the 18th president?", "Hiram Ulysses Grant", "Ulysses S. Grant.", Label.CORRECT),
        # An office alone, or a given name misspelt where the question holds the family name, is no full answer.
        ("Jak se jmenoval druhý syn Amadea Mozarta?", "Karl Thomas Mozart", "Král.", Label.INCORRECT),
        ("Jak se jmenoval mladší syn Mozarta?", "Franz Xaver Mozart", "Frank.", Label.NOT_ATTEMPTED),
        # The family name the question holds, in the case the question puts it in, with the gold's given names.
        ("Jak se jmenoval druhý syn Amadea Mozarta?", "Karl Thomas Mozart", "Karla Thomasa Mozarta.", Label.CORRECT),
        ("Jak se jmenoval otec Talata Ahmada?", "Moinuddin Ahmad", "Talat je synem Moinuddina Ahmada.", Label.CORRECT),
        # A relative of the same family name beside a family name alone is no second candidate.
        ("Kdo byl prvním prezidentem?", "Tomáš Garrigue Masaryk", "Masaryk, otec Jana Masaryka.", Label.NOT_ATTEMPTED),
        # A person's whole name after a dash that sets it in context.
        ("Kdo získal cenu v roce 2019?", "Ehud Hrushovski", "ETH Zürich – Ehud Hrushovski.", Label.CORRECT),
        # The question's own person, in any case, is no candidate beside the answer.
        (
            "Kdo byla manželkou Václava Havla?",
            "Olga Havlová",
            "Václav Havel a jeho manželka Olga Havlová.",
            Label.CORRECT,
        ),
        ("Kdo byl trenérem Emila Zátopka?", "Jan Haluza", "Emil Zátopek, trenér Haluza.", Label.NOT_ATTEMPTED),
        # A company's designator after the name where the question reads as asking for a person.
        ("Který výrobce postavil letoun?", "Lockheed Martin", "Lockheed Martin Corp.", Label.CORRECT),
        # A note in brackets after the name is no part of it; a nickname inside it, or the name written anew, is.
        ("Who won the prize in 1987?", "Joseph Brodsky", "Joseph Brodsky (USA)", Label.CORRECT),
        ("Who won the prize in 1987?", "Joseph Brodsky", "Joseph Brodsky (American).", Label.CORRECT),
        ("Who wrote the novel?", "George Orwell", "George Orwell (Eric Arthur Blair) wrote it.", Label.CORRECT),
        ("Who wrote the novel?", "Eric Arthur Blair", "George Orwell (Eric Arthur Blair) wrote it.", Label.INCORRECT),
        ("Who survived the sinking?", "Margaret Brown", "Margaret (Molly) Brown.", Label.CORRECT),
        ("S kým publikoval?", "Pierre Paul Dehérain", "S Pierrem Paulem Deherainerem (Dehérainem).", Label.CORRECT),
        # A full stop ends a name: the sentence after it is another.
        ("Who won the prize in 1987?", "Joseph Brodsky", "Joseph Brodsky. Nobody else came close.", Label.CORRECT),
        ("Who won the prize in 1987?", "Joseph Brodsky", "Joseph Brodsky. Octavio Paz came second.", Label.CORRECT),
        ("Who won the prize in 1987?", "Octavio Paz", "Joseph Brodsky. Octavio Paz came second.", Label.INCORRECT),
        ("Who won the prize in 1987?", "Octavio Paz", "Joseph Brodsky. Octavio Paz.", Label.INCORRECT),
    ],
)
def test_how_a_person_s_name_is_read(question: str, gold: str, reply: str, label: Label) -> None:
    assert judge_answerable(question, gold, reply)[0] is label
