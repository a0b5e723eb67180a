"""Czech numbers in replies and golds: words ("tři děti", "dvakrát"), scale words after figures ("1,9 milionu"),
dotted ordinals ("v 80. letech"), and the Czech count questions a local grader reads them for ("Kolik ...?").

The property tests read numbers written by num2words, a library that knows Czech grammar and not our reader."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from num2words import num2words

from nohallucinate.answers.czech_numbers import czech_word_numbers
from nohallucinate.answers.numbers import find_numbers
from nohallucinate.answers.quantities import parse_quantity
from nohallucinate.graders import Label
from nohallucinate.graders.local.short_answer import judge_answerable


def values(text: str, ordinals: bool = False) -> list[float]:
    return [mention.value for mention in find_numbers(text, ordinals)]


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=999_999_999))
def test_a_number_num2words_writes_in_czech_reads_back_as_itself(number: int) -> None:
    assert values(f"Počet je {num2words(number, lang='cs')}.") == [number]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Měli tři děti.", [3]),
        ("Studoval tam dvaceti pěti let.", [25]),  # inflected, and a tens word then a unit: one number
        ("dvě stě padesát", [250]),
        ("tři sta", [300]),
        ("pět tisíc", [5000]),
        ("tři dvacet", [3, 20]),  # a unit before a ten makes no one number: two
        ("dvacet dvanáct", [20, 12]),
        ("Vyhrál dvakrát, ona čtyřikrát.", [2, 4]),
        ("set", []),  # "set" multiplies the number before it; alone it is no number (and an English word)
        ("tisíce lidí", []),  # "thousands of people"
        ("několika tisíc obyvatel", []),  # "several thousand"
        ("tisíc lidí", [1000]),
        ("sedmadvacet zápasů", [27]),  # the unit first, in one word
        ("patnáct set korun", [1500]),
        ("dvacet osm set obyvatel", []),  # a multiplier left over spoils the number before it: no guess
        ("Dva a půl roku, ne tři.", [2.5, 3]),
        ("He had a pet and a set.", []),  # Czech spellings only, accents and all
        ("Stuart 'Stu' Pearce scored five, osm.", []),  # words without accents only in a text that writes Czech
        ("Sto let samoty, dva díly.", []),  # no letter or word only Czech has: "sto" and "dva" could be names
        ("Sto let samoty je román ve dvou dílech.", [100, 2]),
    ],
)
def test_czech_number_words(text: str, expected: list[float]) -> None:
    assert [value for value, _, _ in czech_word_numbers(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Vážilo jednu tunu.", [1]),
        ("Měl jednoho syna.", [1]),
        ("Byl jedním z nejlepších hráčů.", []),  # one of
        ("Jednoho dne odešel.", []),  # one day
        ("Na jedné straně stál dům.", []),  # on one hand
        ("Neměl ani jeden titul.", []),  # not one
        ("Byl tam jednou.", []),  # once, or one day
        ("Byl tam jen jednou.", [1]),  # only once
        ("Jedna je.", [1]),
    ],
)
def test_the_czech_one_is_a_count_but_in_its_idioms(text: str, expected: list[int]) -> None:
    assert values(text) == expected


def test_czech_scale_words_after_figures() -> None:
    assert values("Měla přibližně 1,9 milionu obyvatel a 150 tisíc domů.") == [1_900_000, 150_000]


def test_a_figure_with_a_dot_before_a_lower_case_word_is_an_ordinal_in_czech() -> None:
    text = "Čip z 80. let měl 3 kanály."
    assert values(text) == [3]  # "80." is the eighties, no count
    assert values(text, ordinals=True) == [80, 3]  # where a place is asked, it is read
    assert values("He scored 27. He retired in 1990.") == [27]  # a capital after the dot: a sentence ends
    assert values("He made 27. no more.") == [27]  # English: a careless full stop, and a count
    assert values("They were 3rd. the USA were 2nd.", ordinals=True) == [3, 2]  # an ordinal suffix says so already
    quantity = parse_quantity("3. směna")
    assert quantity is not None and quantity.value == 3 and quantity.ordinal


@pytest.mark.parametrize(
    ("question", "gold", "reply", "label"),
    [
        ("Kolik dětí měla?", "3", "Měla tři děti.", Label.CORRECT),
        ("Kolik dětí měla?", "4", "Měla tři děti.", Label.INCORRECT),
        ("Kolikrát turnaj vyhrál?", "2", "Turnaj vyhrál dvakrát.", Label.CORRECT),
        ("Kolik let tam studoval?", "Dvě", "Studoval tam dva roky.", Label.CORRECT),  # a gold in words
        ("Kolik let držel rekord?", "Dva", "Po dobu 2 let.", Label.CORRECT),  # read as Czech: the question is
        ("Kolik let tam studoval?", "2", "Dva.", Label.CORRECT),
        ("Kolik synů měl?", "Dva", "Neměl žádné syny.", Label.INCORRECT),  # no sons: zero
        ("Kolik synů měl?", "Dva", "Nemám o tom žádné informace.", Label.NOT_ATTEMPTED),
        ("Kolik kanálů měl ten čip?", "3", "Čip z 90. let měl 3 kanály.", Label.CORRECT),
        ("Na kolikátém místě skončila?", "39", "Skončila na 39. místě.", Label.CORRECT),
        ("Ve které epizodě se objevil?", "7", "Objevil se v 7. epizodě.", Label.CORRECT),
        ("V jaké směně odpálil?", "3. směna", "Odpálil ve 3. směně.", Label.CORRECT),
        # A four-digit count: before the word the question counts, or the gold's noun, it is no year.
        ("Kolik obyvatel tam žilo v roce 2000?", "454", "V roce 2000 tam žilo 1758 obyvatel.", Label.INCORRECT),
        ("Jaká je cena meče?", "1000 duší", "Meč stojí 2000 duší.", Label.INCORRECT),
        ("Jaké je třetí upírské číslo?", "1435", "666", Label.INCORRECT),  # "číslo" asks a number, not a year
        ("Ve kterém roce byla změřena výška hory?", "1975", "Výška byla změřena v roce 1975.", Label.CORRECT),
        ("Kolik obyvatel měla obec v roce 2011?", "1900", "V roce 2011 měla obec 1 850 obyvatel.", Label.INCORRECT),
        ("Kolik obyvatel měla obec v roce 2011?", "1900", "V roce 2011 měla obec 1 900 obyvatel.", Label.CORRECT),
        ("Kdy dosáhl počet obyvatel města maxima?", "1991", "V roce 1990.", Label.INCORRECT),  # "when": a year
        ("Kdy dosáhl počet obyvatel města maxima?", "1991", "V roce 1991.", Label.CORRECT),
        ("Na kolikátém místě skončila?", "3", "Skončila čtvrtá.", Label.INCORRECT),  # an ordinal word
        ("Na kolikátém místě skončila?", "4", "Skončila na čtvrtém místě.", Label.CORRECT),
        # A Czech title that opens with a number word is a title, not a count: a wrong title is wrong.
        ("Který western natočil John Sturges v roce 1960?", "Sedm statečných", "Velký útěk.", Label.INCORRECT),
        ("Jak se jmenuje Smetanova opera?", "Dvě vdovy", "Dvě vdovy.", Label.CORRECT),
        ("Kdo napsal Babičku?", "Božena Němcová", "Nevím.", Label.NOT_ATTEMPTED),  # "I don't know"
        ("How many goals did Stuart Pearce score?", "5", "Stuart 'Stu' Pearce scored 5.", Label.CORRECT),
        ("How many appearances did he make?", "28", "He made 27. no more.", Label.INCORRECT),
    ],
)
def test_czech_count_questions(question: str, gold: str, reply: str, label: Label) -> None:
    assert judge_answerable(question, gold, reply)[0] is label


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=2, max_value=999))
def test_a_count_in_czech_words_grades_as_the_same_count_in_figures(number: int) -> None:
    reply = f"Na olympiádě získala {num2words(number, lang='cs')} medailí."
    assert judge_answerable("Kolik medailí získala?", str(number), reply)[0] is Label.CORRECT
    assert judge_answerable("Kolik medailí získala?", str(number + 1), reply)[0] is Label.INCORRECT


@pytest.mark.parametrize(
    ("reply", "label"),
    [
        # A decline and a name in one sentence offer no candidate, the gold no more than another, or every guess
        # after "I don't know," would be free; a guess hedged as one answers.
        ("I don't know, Hukvaldy.", Label.NOT_ATTEMPTED),
        ("I don't know, Brno.", Label.NOT_ATTEMPTED),
        ("Nevím, Hukvaldy.", Label.NOT_ATTEMPTED),
        ("Nevím, Brno.", Label.NOT_ATTEMPTED),
        ("I don't know for sure, but I believe it was Hukvaldy.", Label.CORRECT),
        ("I don't know for sure, but I believe it was Brno.", Label.INCORRECT),
        ("I don't know. Hukvaldy, check.", Label.NOT_ATTEMPTED),  # a guess where the reply points elsewhere
        ("I don't know. Brno, check.", Label.NOT_ATTEMPTED),
        ("Hukvaldy, maybe, but I don't know.", Label.CORRECT),  # a guess before a comma, hedged: it answers
        ("Brno, maybe, but I don't know.", Label.INCORRECT),
        ("Nevím. Hukvaldy?", Label.CORRECT),  # a decline, then a guess of its own: read as a guess either way
        ("Nevím. Brno?", Label.INCORRECT),
        # "Or" in Czech offers another candidate as "or" does; so does "or" after a comma.
        ("Brno nebo Hukvaldy.", Label.INCORRECT),
        ("Brno či Hukvaldy.", Label.INCORRECT),
        ("Brno, případně Hukvaldy.", Label.INCORRECT),
        ("Brno, or Hukvaldy.", Label.INCORRECT),
        ("Hukvaldy.", Label.CORRECT),
    ],
)
def test_a_guess_beside_a_decline_or_among_candidates_is_not_free(reply: str, label: Label) -> None:
    assert judge_answerable("In which village was the composer born?", "Hukvaldy", reply)[0] is label


@pytest.mark.parametrize("reply", ["28 či 27.", "28, případně 27.", "Odehrál 28, resp. 27 zápasů."])
def test_numbers_offered_with_a_czech_or_are_alternatives(reply: str) -> None:
    assert judge_answerable("Kolik zápasů odehrál?", "28", reply)[0] is Label.INCORRECT


@pytest.mark.parametrize(
    ("question", "gold", "reply", "label"),
    [
        # What "Kolik" counts, in another case, picks the count out of the reply's other numbers.
        (
            "Kolik narozenin oslavil na cestě?",
            "3",
            "Ušel 2 000 mil, oslavil 3 narozeniny a bylo mu 90 let.",
            Label.CORRECT,
        ),
        (
            "Kolik narozenin oslavil na cestě?",
            "4",
            "Ušel 2 000 mil, oslavil 3 narozeniny a bylo mu 90 let.",
            Label.INCORRECT,
        ),
        # Czech unit words, in the cases numbers put them in.
        ("Kolik kilometrů měřil závod?", "105 km", "Závod měřil přibližně 105 kilometrů.", Label.CORRECT),
        ("Jak vysoká je věž?", "500 m", "Věž měří 1 640 stop.", Label.CORRECT),  # converted: 499.9 m
        ("Jak vysoká je věž?", "500 m", "Věž měří 1 940 stop.", Label.INCORRECT),
        ("Jak těžký byl náklad?", "3 524 kg", "Náklad vážil 3 524 kilogramů.", Label.CORRECT),
        # "X až Y" and "mezi X a Y" are ranges, read as the English ones are.
        ("Kolik karet má balíček?", "48", "Balíček má 36 až 78 karet.", Label.NOT_ATTEMPTED),
        ("Kolik karet má balíček?", "48", "Balíček má 50 až 60 karet.", Label.INCORRECT),
        ("Kolik karet má balíček?", "48", "Balíček má mezi 40 a 50 kartami.", Label.NOT_ATTEMPTED),
        ("Kolik karet má balíček?", "48", "Balíček má od 40 do 50 karet.", Label.NOT_ATTEMPTED),
        ("Kolik karet má balíček?", "50", "Balíček má od 40 do 45 karet.", Label.INCORRECT),
        # A stem of three letters ties nothing: "1 rok", "2 roky" and "16 let" are one noun.
        ("Kolik let vládl?", "1", "Vládl jen 1 rok; zavražděn byl v 16 letech.", Label.CORRECT),
        ("Kolik dní trvala bitva?", "2", "Bitva trvala 2 dny, celé tažení asi 30 dní.", Label.CORRECT),
        # Czech scales abbreviated, with their dot, before what they count; "mil." at a sentence's end is miles.
        ("Kolik obyvatel má Česko?", "10 690 000", "Česko má 10,69 mil. obyvatel.", Label.CORRECT),
        ("Kolik stál most?", "382 000", "Most stál 382 tis. Kč.", Label.CORRECT),
        ("Jak daleko to je?", "77 km", "Je to 48 mil.", Label.CORRECT),
        ("Jaká je rozloha obce?", "48,7 km²", "Obec má 48,7 km čtverečních.", Label.CORRECT),
        # Seconds, minutes and hours convert, as lengths do.
        ("Jak dlouho trvá kolo?", "90 sekund", "Každé kolo trvá 1,5 minuty (90 sekund).", Label.CORRECT),
        ("How long does a round last?", "90 seconds", "Each round lasts 1.5 minutes.", Label.CORRECT),
        ("How long does a round last?", "90 seconds", "Each round lasts 2 minutes.", Label.INCORRECT),
        ("Jak dlouho let trval?", "3 hodiny", "Let trval 180 minut.", Label.CORRECT),
    ],
)
def test_czech_counts_units_and_ranges(question: str, gold: str, reply: str, label: Label) -> None:
    assert judge_answerable(question, gold, reply)[0] is label


POPULATION = "Jaká byla populace města podle sčítání lidu v roce 2020?"


@pytest.mark.parametrize("gold", ["10", "2 300"])
@pytest.mark.parametrize(
    "reply",
    [
        "Přesný počet nemám k dispozici. Sčítání lidu se v USA koná každých 10 let.",
        "Bohužel to nevím; leží 2 300 metrů nad mořem.",
        "I cannot verify that. The census is held every 10 years.",
    ],
)
def test_a_number_in_passing_beside_a_decline_pays_what_declining_pays(reply: str, gold: str) -> None:
    # Whatever the number, and whether or not it is the gold: the reply declined, and the rule never reads the gold.
    assert judge_answerable(POPULATION, gold, reply)[0] is Label.NOT_ATTEMPTED


@pytest.mark.parametrize(
    "reply",
    [
        "Nejsem si jistý, ale populace města byla přibližně 2 300 obyvatel.",
        "Nemohu to ověřit. 2 300.",
        "Nemohu to ověřit, ale při sčítání lidu v roce 2020 mělo město 2 300 obyvatel.",
        "I cannot verify it, but the population was 2,300.",
        # A guess offered as one answers, as a hedged name does.
        "I'm not sure, but I think it's 2,300.",
        "Nejsem si jistý, ale myslím, že 2 300.",
        "Nevím to jistě, ale tipuji 2 300.",
    ],
)
def test_a_number_given_as_the_value_beside_a_decline_is_graded(reply: str) -> None:
    assert judge_answerable(POPULATION, "2 300", reply)[0] is Label.CORRECT
    assert judge_answerable(POPULATION, "2 400", reply)[0] is Label.INCORRECT


@pytest.mark.parametrize("gold", ["Hukvaldy", "Brno"])
@pytest.mark.parametrize(
    "reply",
    [
        "Nemám přesné informace. Toto místo je pravděpodobně malá vesnice.",
        "Před rokem 1900 se to nevědělo a dnes to nemohu s jistotou určit.",
        "Nevím. Mezi možnými místy se uvádí několik vesnic.",
    ],
)
def test_a_czech_word_that_opens_a_sentence_is_no_candidate_beside_a_decline(reply: str, gold: str) -> None:
    # "Toto", "Před", "Mezi" open the sentence and name nothing: the reply declines, whatever the gold.
    assert judge_answerable("Ve které vesnici se skladatel narodil?", gold, reply)[0] is Label.NOT_ATTEMPTED


@pytest.mark.parametrize("gold", ["14. září 2011", "28. června 2011"])
def test_a_date_in_passing_beside_a_decline_pays_what_declining_pays(gold: str) -> None:
    reply = "Přesné datum vydání v Japonsku nemám k dispozici. Celosvětově bylo vydáno 28. června 2011."
    assert judge_answerable("Kdy vyšlo album v Japonsku?", gold, reply)[0] is Label.NOT_ATTEMPTED


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Kolik let vládl?", "Vládl 25 let. Nejsem si tím ale jistý, přesné údaje nemám."),
        ("Kdy vyšlo album v Japonsku?", "Album vyšlo 14. září 2011. Přesné informace ale nemám k dispozici."),
        ("How many years did he reign?", "He reigned for 25 years. I cannot verify this, though."),
    ],
)
def test_an_answer_given_before_a_decline_is_graded(question: str, reply: str) -> None:
    gold, other = ("14. září 2011", "15. září 2011") if "album" in question else ("25", "26")
    assert judge_answerable(question, gold, reply)[0] is Label.CORRECT
    assert judge_answerable(question, other, reply)[0] is Label.INCORRECT


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Kolik bodů získali Nizozemci v zápase?", "Nizozemci v zápase nezískali žádné body."),
        ("How many points did the Dutch win in the match?", "They won no points: they never won a single set."),
        ("Kdo získal bronzovou medaili v roce 1896?", "Bronzovou medaili tehdy nezískal nikdo."),
    ],
)
def test_where_the_answer_is_none_saying_it_never_happened_answers(question: str, reply: str) -> None:
    none, some = ("Nikdo", "Jan Novák") if question.startswith("Kdo") else ("0", "3")
    assert judge_answerable(question, none, reply)[0] is Label.CORRECT
    assert judge_answerable(question, some, reply)[0] is Label.INCORRECT  # a false premise claimed: no free claim


@pytest.mark.parametrize(
    ("question", "none", "some", "reply"),
    [
        ("How many goals did he score in the final?", "0", "2", "None."),
        ("Kolikrát turnaj vyhrál?", "0", "3", "Nikdy."),
        ("Kolik medailí získal?", "0", "1", "Žádnou."),
        ("Who won the prize in 1999?", "Nobody", "Jan Novák", "Nobody."),
        ("Kdo získal bronzovou medaili?", "Nikdo", "Jan Novák", "Nikdo."),
    ],
)
def test_a_reply_of_none_answers_a_gold_of_none(question: str, none: str, some: str, reply: str) -> None:
    assert judge_answerable(question, none, reply)[0] is Label.CORRECT
    assert judge_answerable(question, some, reply)[0] is Label.INCORRECT


@pytest.mark.parametrize("reply", ["Za ten klub nehrál.", "Ten údaj nemám.", "Odehrál ten zápas v roce 1990."])
def test_czech_ten_is_that_not_a_number(reply: str) -> None:
    # "ten" is Czech for "that": read as 10, "Ten údaj nemám." was CORRECT for a gold of 10.
    assert judge_answerable("Kolik zápasů odehrál za Spartu?", "10", reply)[0] is not Label.CORRECT
    assert judge_answerable("How many goals did he score?", "10", "He scored ten goals.")[0] is Label.CORRECT
