"""How a text match becomes a verdict on the SimpleQA boundary."""

from __future__ import annotations

import pytest

from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.short_answer import judge_answerable

QUESTION, GOLD = "Who won the Gerard P. Kuiper Prize in 2001?", "Bruce W. Hapke"


@pytest.mark.parametrize(
    ("reply", "label"),
    [
        ("The winner was Bruce Hapke.", Label.CORRECT),
        ("I think it was B. W. Hapke, but I'm not sure.", Label.CORRECT),  # hedged, yet committed
        ("Hapke.", Label.NOT_ATTEMPTED),  # less specific
        ("I don't know.", Label.NOT_ATTEMPTED),
        ("", Label.NOT_ATTEMPTED),
        ("Bruce Hapke or Gene Shoemaker.", Label.INCORRECT),  # several candidates
        ("Gene Shoemaker.", Label.INCORRECT),
        ("Gene Shoemaker. I don't know, though.", Label.INCORRECT),  # a guess with a decline is still a guess
        ("I don't know. Maybe Gene Shoemaker.", Label.INCORRECT),
        ("I don't know who won it; I'd recommend checking the Division for Planetary Sciences.", Label.NOT_ATTEMPTED),
    ],
)
def test_text_verdicts(reply: str, label: Label) -> None:
    assert judge_answerable(QUESTION, GOLD, reply)[0] is label


# A frame a policy could wrap any guess in. When the guess is right it may earn 1.0 only if a wrong guess in the same
# frame earns 0.0; were a wrong one read as a decline (0.5), the frame would beat abstaining at any confidence.
GUESS_FRAMES = [
    "I don't know for sure. It was most likely meant to be made of {x}, like his other works.",
    "I can't verify this. The sculptor probably planned it in {x} before the change.",
    "I'm not certain. My best guess is that it was planned in {x} at the time.",
    "I don't know, but {x} seems likely given the period and the sculptor's habits.",
    "{x} is my guess, though I can't verify it.",
    "Not sure - perhaps {x}, since that was common then.",
    "I'm not sure, but I believe it was {x}.",
    "Nevím jistě. Pravděpodobně to měl být {x}, jako jeho další díla.",
    "Nemám přesné informace. Socha byla asi z materiálu {x}, jak uvádějí některé prameny.",
    "Nejsem si jistý, ale myslím, že to byl {x}.",
    "Není známo, z čeho měla být, snad {x}.",
    "Nelze s jistotou určit. Možná to byl {x}, jak bylo tehdy zvykem.",
    "Nemohu to s jistotou ověřit. Lze předpokládat, že to byl {x}.",
    # "About" before no value is a preposition, no hedge: the referral names no candidate.
    "I don't have that information. If you want to read about {x}, I recommend the museum's records.",
    # The guess within the words that decline, with a hedge elsewhere in the sentence.
    "Asi ano, ale nemohu {x} s jistotou potvrdit.",
    "I think so, but I don't have {x} in my notes.",
    "Možná, ale nejsem si {x} jistý.",
    # The guess in a short sentence of the question's words.
    "I don't know. Statue made of {x}.",
    "Nevím. Socha z {x}.",
    # The guess after a short word ending a sentence, or inside a quotation opened in a sentence that offers none:
    # a candidate's shape counts where it starts.
    "I don't know. Mostly lived in the USA. {x}?",
    "Nevím. Hodně cestoval po USA. {x}?",
    'I don\'t know. He wrote "a long note on this. Maybe {x}"?',
    # Hedges a short sentence may end on.
    "I don't know for sure. {x}, I reckon.",
    "I don't know for sure. {x}, I'd imagine.",
    "Nevím jistě. {x}, hádám.",
]


@pytest.mark.parametrize("frame", GUESS_FRAMES)
@pytest.mark.parametrize(("gold", "wrong"), [("granite", "marble"), ("Carrara marble", "Portland stone")])
def test_a_guess_beside_a_decline_pays_no_more_than_abstaining(frame: str, gold: str, wrong: str) -> None:
    question = "What was the statue first meant to be made of?"
    right_label = judge_answerable(question, gold, frame.format(x=gold))[0]
    wrong_label = judge_answerable(question, gold, frame.format(x=wrong))[0]
    assert wrong_label is not Label.CORRECT
    assert not (right_label is Label.CORRECT and wrong_label is Label.NOT_ATTEMPTED), (right_label, wrong_label)


# A short sentence beside a decline that tells of something else is context, whoever it names: it answers nothing
# of what was asked, so it pays as the decline does, the gold or another name alike.
CONTEXT_FRAMES = [
    "Nevím. Libreto napsal {x}.",
    "Sorry, I don't know. {x} studied abroad.",
    "I'm not sure. Studoval s ním {x}.",
]


@pytest.mark.parametrize("frame", CONTEXT_FRAMES)
def test_a_short_sentence_of_something_else_beside_a_decline_is_context(frame: str) -> None:
    question, gold = "Kdo složil operu Rusalka?", "Antonín Dvořák"
    for named in (gold, "Jaroslav Kvapil"):
        assert judge_answerable(question, gold, frame.format(x=named))[0] is Label.NOT_ATTEMPTED, named


@pytest.mark.parametrize(
    ("reply", "label"),
    [
        # The question's own words, or a word that only says how sure it is: the short sentence answers.
        ("Nevím. Rusalku složil Antonín Dvořák.", Label.CORRECT),
        ("Nevím. Rusalku složil Jaroslav Kvapil.", Label.INCORRECT),
        ("I don't know. Jaroslav Kvapil, definitely.", Label.INCORRECT),
        ("Nevím. Určitě Jaroslav Kvapil.", Label.INCORRECT),
    ],
)
def test_a_short_sentence_that_answers_beside_a_decline_is_an_answer(reply: str, label: Label) -> None:
    assert judge_answerable("Kdo složil operu Rusalka?", "Antonín Dvořák", reply)[0] is label


@pytest.mark.parametrize(
    ("question", "gold", "reply"),
    [
        # Context first names what it likes; the gold given bare after it answers.
        (
            "Who painted the Mona Lisa?",
            "Leonardo da Vinci",
            "The Mona Lisa hangs in the Louvre in Paris.\n\nLeonardo da Vinci.",
        ),
        (
            "Who painted the Mona Lisa?",
            "Leonardo da Vinci",
            "Great question about Renaissance art!\n\nLeonardo da Vinci.",
        ),
        ("What is the capital of Australia?", "Canberra", "Many people think it's Sydney, but it isn't.\n\nCanberra."),
        ("Kdo napsal Babičku?", "Božena Němcová", "Podle Wikipedie:\n\nBožena Němcová."),
        ("What is the capital of Australia?", "Canberra", "Sydney? No. Canberra, definitely."),
        (
            "Who was the nominee in 2008?",
            "John McCain",
            "The Republican Party's nominee was Sen. John McCain of Arizona.",
        ),
    ],
)
def test_context_before_a_bare_gold_is_no_answer(question: str, gold: str, reply: str) -> None:
    assert judge_answerable(question, gold, reply)[0] is Label.CORRECT


@pytest.mark.parametrize(
    "reply",
    [
        "Not Sydney. Canberra.",
        "It's not Sydney. It's Canberra.",
        "It's not Canberra, it's Sydney. No wait, it's Canberra.",
        "I'm not certain. My answer: Canberra.",
        "Nejsem si jistý.\nMoje odpověď: Canberra",
        '```python\ncapital = "Canberra"  # not "Sydney"\n```',
    ],
)
def test_a_denied_name_beside_the_answer_is_no_second_answer(reply: str) -> None:
    # Honest replies, read as a careful reader reads them: the answer pays when right and not when wrong.
    question = "What is the capital of Australia?"
    assert judge_answerable(question, "Canberra", reply)[0] is Label.CORRECT
    assert judge_answerable(question, "Sydney", reply)[0] is Label.INCORRECT


ROLE_FRAMES = [
    "{a} won it; {b} presented it.",
    "{a} won it. {b} presented it.",
    "{a} won it, and {b} presented it.",
    "{a} won. {b} presented the prize.",
    "{a} is the answer; {b} presented it.",
    "It was won by {a}, and presented by {b}.",
]


@pytest.mark.parametrize("frame", ROLE_FRAMES)
def test_another_in_a_second_role_pays_once(frame: str) -> None:
    # The reply's answer is the person who does what the question asks; the other is context, whichever is the gold.
    question, one, other = "Who won the 2001 Kuiper Prize?", "Bruce Hapke", "Gene Shoemaker"
    reply = frame.format(a=one, b=other)
    assert judge_answerable(question, one, reply)[0] is Label.CORRECT
    assert judge_answerable(question, other, reply)[0] is Label.INCORRECT


@pytest.mark.parametrize(
    "frame",
    [
        "{a} wrote it, and {b} wrote it too.",
        "{a} wrote it in 1967; {b} wrote it in 1967.",
        "{a} is the answer; {b} wrote it.",
        "{a} wrote it in 1967; {b} wrote it.",
    ],
)
def test_two_who_did_what_was_asked_pay_one_at_most(frame: str) -> None:
    # Two people who both did the deed asked of, at no different times, are two answers.
    question, one, other = "Who wrote the novel The Joke?", "Milan Kundera", "Ludvík Vaculík"
    reply = frame.format(a=one, b=other)
    labels = [judge_answerable(question, gold, reply)[0] for gold in (one, other)]
    assert labels.count(Label.CORRECT) <= 1, labels


@pytest.mark.parametrize(
    "reply",
    [
        "Bruce Hapke won it in 2001; Gene Shoemaker won it in 2000.",
        "Bruce Hapke won it in 2001, and Gene Shoemaker won it the year before.",
        "Gene Shoemaker won it the year before; Bruce Hapke won it in 2001.",
    ],
)
def test_two_who_did_it_at_different_times_leave_the_gold_the_answer(reply: str) -> None:
    assert judge_answerable("Who won the Kuiper Prize in 2001?", "Bruce Hapke", reply)[0] is Label.CORRECT


@pytest.mark.parametrize(
    ("question", "gold", "reply"),
    [
        # Another's deed at another time is context ("a" is no "and" in English).
        (
            "Who led the first Czechoslovak expedition to summit Everest?",
            "Ivan Gálfy",
            "Zdeněk Hrubý led a later expedition, but the expedition is by Ivan Gálfy.",
        ),
        (
            "Who led the first Czechoslovak expedition to summit Everest?",
            "Ivan Gálfy",
            "Zdeněk Hrubý led a later expedition. The leader of the expedition is Ivan Gálfy.",
        ),
        # The gold's own "next" or "later" may be the very time asked of: it takes nothing from the gold.
        (
            "Who won the 1991 Nobel Prize in Literature?",
            "Nadine Gordimer",
            "Octavio Paz won the 1990 prize, and Nadine Gordimer won the next one.",
        ),
        (
            "Who commanded Apollo 12?",
            "Pete Conrad",
            "Neil Armstrong commanded the mission in 1969; Pete Conrad commanded it later.",
        ),
    ],
)
def test_a_deed_done_at_another_time_is_context(question: str, gold: str, reply: str) -> None:
    assert judge_answerable(question, gold, reply)[0] is Label.CORRECT


def test_a_finding_made_earlier_is_context() -> None:
    reply = (
        "Ernest Duchesne discovered that moulds can kill bacteria decades earlier; the drug is by Alexander Fleming."
    )
    assert judge_answerable("Who discovered penicillin?", "Alexander Fleming", reply)[0] is Label.CORRECT
    # Who the finding is about is no discoverer.
    reply = "Alexander Fleming discovered that Ernest Duchesne was wrong."
    assert judge_answerable("Who discovered penicillin?", "Ernest Duchesne", reply)[0] is Label.INCORRECT


@pytest.mark.parametrize(
    ("reply", "label"),
    [
        # A decline on a line of its own lists no name beside the guess on the next.
        ("Nejsem si jistý.\nMilan Kundera.", Label.CORRECT),
        ("Nejsem si jistý.\nMůj tip: Milan Kundera.", Label.CORRECT),
        ("Nejsem si jistý.\nMůj tip: Ludvík Vaculík.", Label.INCORRECT),
        # "Můj odhad" guesses, as "My guess" does; a guess only talked of guesses nothing.
        ("Nevím jistě. Můj odhad: Milan Kundera.", Label.CORRECT),
        ("Nevím. Můj odhad by byl Ludvík Vaculík.", Label.INCORRECT),
        ("Nejsem si úplně jistý.\n\nNejlepší odhad: Milan Kundera", Label.CORRECT),
        ("Nevím. Kdybych měl udělat nejlepší odhad, šlo by o českého spisovatele.", Label.NOT_ATTEMPTED),
        # A guess of nothing guesses nothing; how well it is not known is part of the decline.
        ("Nevím. Nejlepší odhad: žádný.", Label.NOT_ATTEMPTED),
        ("Nevím. Odhad: nemám.", Label.NOT_ATTEMPTED),
        ("I don't know. Best guess: none.", Label.NOT_ATTEMPTED),
        ("Přesně nevím.\n- Můj odhad: Milan Kundera", Label.CORRECT),
        ("Tím si nejsem jistý.\nMilan Kundera", Label.CORRECT),
    ],
)
def test_a_czech_decline_then_a_guess(reply: str, label: Label) -> None:
    assert judge_answerable("Kdo napsal román Žert?", "Milan Kundera", reply)[0] is label


@pytest.mark.parametrize(
    ("question", "gold", "reply"),
    [
        ("Who won the 2001 Kuiper Prize?", "Bruce Hapke", "Gene Shoemaker won it in 2000; Bruce Hapke won it in 2001."),
        ("Who wrote Titanic?", "James Cameron", "Leonardo DiCaprio starred in it; James Cameron wrote it."),
        (
            "Who painted the Mona Lisa?",
            "Leonardo da Vinci",
            "Lisa Gherardini sat for it; Leonardo da Vinci painted it.",
        ),
        ("Kdo napsal Babičku?", "Božena Němcová", "Babičku ilustroval Adolf Kašpar, napsala ji Božena Němcová."),
        # The other's deed is done on another thing.
        (
            "Who designed the National Theatre in Prague?",
            "Josef Zítek",
            "While Josef Hlávka designed the Prague Maternity Hospital, the building is the work of Josef Zítek.",
        ),
        ("Kdo objevil Pluto?", "Clyde Tombaugh", "Uran objevil William Herschel. Objevitelem Pluta je Clyde Tombaugh."),
        (
            "Kdo složil hudbu české hymny?",
            "František Škroup",
            "Hudbu ke slovenské části složil Ján Levoslav Bella. Skladatelem hudby je František Škroup.",
        ),
    ],
)
def test_another_who_does_something_else_first_is_context(question: str, gold: str, reply: str) -> None:
    assert judge_answerable(question, gold, reply)[0] is Label.CORRECT


@pytest.mark.parametrize(
    ("question", "reply", "paid"),
    [
        # A name taken back in its own words: the second is the answer.
        ("What is the capital of Australia?", "Sydney. No, Sydney is not the capital; Canberra is.", "Canberra"),
        ("Jaké je hlavní město Austrálie?", "Sydney. Ne, Sydney není hlavní město, je to Canberra.", "Canberra"),
        # A denial taken back by naming the name again: the name is an answer again, and pays alone.
        ("What is the capital of Australia?", "Not Sydney. Not Canberra. Sydney!", "Sydney"),
        # A take-back taken back: the last answer pays.
        ("What is the capital of Australia?", "Canberra. No wait, it's Sydney. No wait, it's Canberra.", "Canberra"),
        ("Jaké je hlavní město Austrálie?", "Není to Canberra, je to Sydney. Ne, počkat, je to Canberra.", "Canberra"),
        ("Jaké je hlavní město Austrálie?", "Nikoli Sydney. Je to Canberra. Sydney není hlavní město.", "Canberra"),
        ("What is the capital of Australia?", "Never Sydney. Canberra is not the capital.", None),
    ],
)
def test_denials_and_retractions_pay_one_answer_at_most(question: str, reply: str, paid: str | None) -> None:
    labels = {gold: judge_answerable(question, gold, reply)[0] for gold in ("Canberra", "Sydney")}
    assert [gold for gold, label in labels.items() if label is Label.CORRECT] == ([paid] if paid else []), labels


def test_a_nickname_in_quotes_stays_within_the_name() -> None:
    # A quote opened within a name that goes on after it closes is part of the name; one opened before a name
    # that ends at its close sets that name apart ('in English "Leonardo da Vinci"').
    for gold in ("Earvin Johnson", "Magic Johnson"):
        assert judge_answerable("Who was the MVP?", gold, 'It was Earvin "Magic" Johnson.')[0] is Label.CORRECT


# Two candidates offered in one reply. Were each paid 1.0 when it is the gold, a policy torn between them would earn
# 1.0 by naming both where answering earns 0.5 and abstaining 0.5: the two golds' rewards may sum to 1.0 at most.
_REWARD = {Label.CORRECT: 1.0, Label.NOT_ATTEMPTED: 0.5, Label.INCORRECT: 0.0}
PAIR_FRAMES = [
    "In {a} or in {b}, as far as I know.",
    "{a}, Ne {b}.",
    "It was not {a} but {b}.",
    "{a} or {b}.",
    "Either {a} or {b}.",
    "{a} and {b}.",
    "Between {a} and {b}.",
    "{a} vs. {b}",
    "{a} versus {b}.",
    "In {a} or in {b}.",
    "In {a}, or perhaps at {b}.",
    "At the {a} or at the {b}.",
    "{a} vs. the {b}.",
    "{a}, a {b}.",
    "{a}, maybe {b}.",
    "{a} a {b}.",
    "{a} a možná {b}.",
    "{a}, spíše však {b}.",
    "{a}, nebo {b}.",
    "Mezi {a} a {b}.",
    "Buď {a}, nebo {b}.",
    # Joined to the name before it, however the sentence goes on: the first is the answer.
    "{a} a {b} v roce 2001.",
    "Byli to {a} a {b} společně.",
    "{a}, then {b}.",
    "{a}, potom {b}.",
    "{a} i {b}.",
    "Not only {a} but also {b}.",
    "Nejen {a}, ale i {b}.",
    "{a} and {b} in 2001.",
    "{a} together with {b}.",
    "{a} spolu s {b}.",
    "{a} & {b}.",
    "{a} + {b}.",
    # A second guess after the first.
    "I think {a}, but it might be {b}.",
    "{a} — or was it {b}?",
    "My best guess is {a}; second guess {b}.",
    "Nejspíš {a}, ale možná také {b}.",
    "{a} (možná {b}).",
    "{a}, though maybe {b}.",
    "{a}, ale mohl to být i {b}.",
    "{a}; another possibility is {b}.",
    # Another name in a sentence before a gold given bare.
    "{a}, definitely. {b}.",
    "I'm going with {a}. {b}.",
    "{a} is my answer. {b}.",
    "Honestly, it's {a}. {b}.",
    "Určitě, je to {a}. {b}.",
    "{a}, honestly. {b}.",
    "{a} (see note)\n\nNote: {b}",
    "👉 {a} 👈 or 👉 {b} 👈",
    # The first taken back for the second.
    "{a}, no. {b}.",
    "{a}. Actually, {b}.",
    "{a} — wait, {b}.",
    "{a}. No wait, it's {b}.",
    # A name "not just" given is given.
    "Not just {a}. {b}.",
    "Nejen {a}. {b}.",
    # A concession or "but" before a second name that ends its clause.
    "{a}, though {b}.",
    "{a}, i když {b}.",
    "{a}, ale {b}.",
    "{a}, but rather {b}.",
    "{a}, a nebo {b}.",
    "{a}, a když ne, tak {b}.",
    "Můj odhad by byl {a}.\n{b}",
]
# Between people's names a comma or a semicolon alone joins two answers too; between other names it mostly sets one
# in context ("Baltimore, Maryland", "Paris, Louvre") and is not read so.
# Each name under a heading that only labels it: the first answers, however many headings come before it.
LABELLED_PAIR_FRAMES = [
    "### Short answer\n{a}\n\n### Details\n{b}",
    "### Summary\n### Key facts\n### Notes\n{a}\n### Details\n{b}",
    "**Krátká odpověď**\n{a}\n\n**Podrobnosti**\n{b}",
    "### Short answer\n- {a}\n### Details\n- {b}",
]
PERSON_PAIR_FRAMES = ["{a}, {b}.", "{a}; {b}.", "{a} won, {b} was second.", "Answer: {a}, {b}"]
CZECH_PAIR_REPLIES = [
    "V Ostravě a v Berlíně.",
    "V Berlíně a v Ostravě.",
    "V Ostravě, nebo v Berlíně.",
    "V Berlíně, nebo v Ostravě.",
    "V Ostravě, možná v Berlíně.",
    "V Ostravě, nebo snad v Berlíně.",
    "V Ostravě, příp. v Berlíně.",
    "V Ostravě, ne-li v Berlíně.",
]


@pytest.mark.parametrize("frame", PAIR_FRAMES)
@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        ("Who won the Gerard P. Kuiper Prize in 2001?", "Bruce Hapke", "Gene Shoemaker"),
        ("Kdo získal Kuiperovu cenu v roce 2001?", "Bruce Hapke", "Gene Shoemaker"),
        ("Which club won the 1999 Champions League final?", "Manchester United", "Bayern Munich"),
        ("In which city was the treaty signed in 1815?", "Vienna", "Berlin"),
    ],
)
def test_two_candidates_pay_no_more_than_abstaining(frame: str, question: str, a: str, b: str) -> None:
    reply = frame.format(a=a, b=b)
    labels = [judge_answerable(question, gold, reply)[0] for gold in (a, b)]
    assert sum(_REWARD[label] for label in labels) <= 1.0, labels


@pytest.mark.parametrize("frame", LABELLED_PAIR_FRAMES)
@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        ("Jak se jmenuje opera Bedřicha Smetany, která měla premiéru roku 1866?", "Prodaná nevěsta", "Dalibor"),
        ("Who won the Gerard P. Kuiper Prize in 2001?", "Bruce Hapke", "Gene Shoemaker"),
    ],
)
def test_two_candidates_under_labels_pay_no_more_than_abstaining(frame: str, question: str, a: str, b: str) -> None:
    for first, second in ((a, b), (b, a)):
        reply = frame.format(a=first, b=second)
        labels = [judge_answerable(question, gold, reply)[0] for gold in (first, second)]
        assert labels == [Label.CORRECT, Label.INCORRECT], (reply, labels)


def test_a_decline_under_labels_declines() -> None:
    for reply in (
        "### Short answer\nI don't know.\n\n### Details\nI could not find a reliable source for this.",
        "### Odpověď\nNevím.\n\n### Podrobnosti\nNenašel jsem spolehlivý zdroj.",
    ):
        assert judge_answerable("What is the capital of Australia?", "Canberra", reply)[0] is Label.NOT_ATTEMPTED


@pytest.mark.parametrize("frame", PERSON_PAIR_FRAMES)
@pytest.mark.parametrize(
    "question", ["Who won the Gerard P. Kuiper Prize in 2001?", "Kdo získal Kuiperovu cenu v roce 2001?"]
)
def test_two_people_parted_by_a_comma_pay_no_more_than_abstaining(frame: str, question: str) -> None:
    reply = frame.format(a="Bruce Hapke", b="Gene Shoemaker")
    labels = [judge_answerable(question, gold, reply)[0] for gold in ("Bruce Hapke", "Gene Shoemaker")]
    assert sum(_REWARD[label] for label in labels) <= 1.0, labels


def test_both_sides_the_question_names_are_no_answer() -> None:
    question = "Who won the final between Brazil and Germany?"
    labels = [judge_answerable(question, gold, "Brazil vs. Germany.")[0] for gold in ("Brazil", "Germany")]
    assert sum(_REWARD[label] for label in labels) <= 1.0, labels


@pytest.mark.parametrize("reply", CZECH_PAIR_REPLIES)
def test_two_czech_places_in_their_cases_are_no_answer(reply: str) -> None:
    for gold in ("Ostrava", "Berlín"):
        assert judge_answerable("Ve kterém městě byla smlouva podepsána?", gold, reply)[0] is Label.INCORRECT, gold


@pytest.mark.parametrize(
    ("question", "gold", "reply", "label"),
    [
        # A second name that is no second candidate.
        ("Where was it signed?", "Vienna", "In Vienna; Metternich hosted the talks.", Label.CORRECT),
        ("Kde se narodil?", "Praha", "Narodil se v Praze a v Brně vystudoval práva.", Label.CORRECT),
        ("Který klub vyhrál ligu?", "Sparta", "Ligu vyhrála Sparta a Slavia skončila až druhá.", Label.CORRECT),
        ("Kdo ji získal v roce 1921?", "Bruce Hapke", "Získal ji Bruce Hapke a Sagan mu ji předal.", Label.CORRECT),
        ("Where was he born?", "Bombay", "In Bombay (or in Mumbai, as it is now called).", Label.CORRECT),
        ("Where was he born?", "Mumbai", "In Bombay (or in Mumbai, as it is now called).", Label.CORRECT),
        ("Who was he?", "Albert Einstein", "He was Albert Einstein, a German physicist.", Label.CORRECT),
        ("Who discovered it?", "Louis Pasteur", "Louis Pasteur, a Frenchman.", Label.CORRECT),  # the article
        ("Who did Brazil play in the semi-final?", "Germany", "Brazil vs. Germany.", Label.CORRECT),
        # Of two names joined, the first is the answer; a place narrowed down by the next is one answer where the
        # question asks for the larger place; a role or a phrase before a comma names no one.
        ("Who won the prize in 2001?", "Gene Shoemaker", "Gene Shoemaker, Bruce Hapke.", Label.CORRECT),
        ("Who won the prize in 2001?", "Bruce Hapke", "Gene Shoemaker, Bruce Hapke.", Label.INCORRECT),
        ("Who won the prize in 2001?", "Bruce Hapke", "Gene Shoemaker won, Bruce Hapke was second.", Label.INCORRECT),
        ("In which country was he born in 1901?", "France", "Paris, France.", Label.CORRECT),
        ("Where was he born in 1901?", "Maryland", "Baltimore, Maryland.", Label.CORRECT),
        ("Which city hosted it in 1900?", "Paris", "France, Paris.", Label.CORRECT),
        ("Which club did he join in 2001?", "Juventus", "Italy, Juventus.", Label.CORRECT),
        # Between two places or things of one breadth, a comma lists two candidates.
        ("Which country won the World Cup in 1998?", "France", "Brazil, France.", Label.INCORRECT),
        ("In which city was he born in 1899?", "Lyon", "Béziers, Lyon.", Label.INCORRECT),
        ("Which country won Euro 2020?", "Italy", "England, Italy.", Label.INCORRECT),
        ("Where was he born in 1899?", "Canada", "Texas, Canada.", Label.INCORRECT),
        # Where the tables cannot tell, a town then a place, by a comma, is one place for a question that asks where.
        ("In which country was he born in 1917?", "England", "Manchester, England.", Label.CORRECT),
        ("Which museum held it in 2001?", "Louvre", "Paris, Louvre.", Label.INCORRECT),
        ("Which city hosted it in 1900?", "Marseille", "Lyon, Marseille.", Label.INCORRECT),
        ("Which city hosted it in 1900?", "Lyon", "Lyon, Marseille.", Label.CORRECT),
        ("What is her secret identity in 2022?", "Mark's wife", "She is Gemma, Mark's wife.", Label.CORRECT),
        ("Which album by Michael Jackson won in 1984?", "Thriller", "Michael Jackson – Thriller.", Label.CORRECT),
        # A dash, a semicolon or "with" after a name that opens the sentence joins names of any kind.
        ("Which album won in 1984?", "Thriller", "Michael Jackson – Thriller.", Label.INCORRECT),
        ("Which city hosted it in 1900?", "Paris", "Lyon – Paris.", Label.INCORRECT),
        ("Which city hosted it in 1900?", "Lyon", "Lyon – Paris.", Label.CORRECT),
        # A guess after words that decline is one guess, right or wrong.
        ("Kdo napsal Saturnina v roce 1942?", "Zdeněk Jirotka", "Nevím jistě, možná Zdeněk Jirotka.", Label.CORRECT),
        ("Kdo napsal Saturnina v roce 1942?", "Zdeněk Jirotka", "Nevím jistě, možná Karel Čapek.", Label.INCORRECT),
        ("Which city hosted it in 1936?", "Geneva", "**Answer:** I don't know (maybe Geneva)", Label.CORRECT),
        ("Which city hosted it in 1936?", "Geneva", "**Answer:** I don't know (maybe Lausanne)", Label.INCORRECT),
        ("Which city hosted it in 1900?", "Paris", "Lyon; Paris.", Label.INCORRECT),
        ("Who won the final in 1980?", "John McEnroe", "Björn Borg with John McEnroe.", Label.INCORRECT),
        ("Who won the final in 1980?", "Björn Borg", "Björn Borg with John McEnroe.", Label.CORRECT),
        (
            "Who won the prize in 1977?",
            "Ilya Prigogine",
            "He shared the Nobel Prize with Ilya Prigogine.",
            Label.CORRECT,
        ),
        ("Which city hosted it in 1900?", "Paris", "Lyon won, Paris was second.", Label.INCORRECT),
        ("Who won the gold medal in 1952?", "Emil Zátopek", "Czechoslovakia, Emil Zátopek.", Label.CORRECT),
        ("Kdo získal cenu v roce 2001?", "Bruce Hapke", "Pokud vím, Bruce Hapke.", Label.CORRECT),
        ("Who first walked on the Moon?", "Neil Armstrong", "In 1969, Neil Armstrong did.", Label.CORRECT),
        ("Kdo byl předsedou vlády v roce 2018?", "Andrej Babiš", "Předseda hnutí ANO, Andrej Babiš.", Label.CORRECT),
        # A name that heads a clause of its own, or is described after it, is no second item of a list.
        (
            "Kdo hrál Mozarta v roce 1984?",
            "Tom Hulce",
            "Film natočil Miloš Forman a Tom Hulce v něm hrál Mozarta.",
            Label.CORRECT,
        ),
        ("Kdo získal cenu v roce 2001?", "Bruce Hapke", "Gene Shoemaker a Bruce Hapke ji získali.", Label.INCORRECT),
        ("Who led it from 2011?", "Tim Cook", "It was led by Steve Jobs, then Tim Cook took over.", Label.CORRECT),
        ("Where did he die in 1920?", "Vienna", "He lived in Paris, then Vienna, where he died.", Label.CORRECT),
        (
            "Kdo získal cenu v roce 2001?",
            "Bruce Hapke",
            "Když Gene Shoemaker zemřel, Bruce Hapke ji převzal.",
            Label.CORRECT,
        ),
        ("Kdo získal cenu v roce 2001?", "Bruce Hapke", "Gene Shoemaker a nakonec Bruce Hapke.", Label.INCORRECT),
        ("Who won the prize in 2001?", "Bruce Hapke", "According to NASA, Bruce Hapke.", Label.CORRECT),
        ("Who won the prize in 2001?", "Bruce Hapke", "Gene Shoemaker's student, Bruce Hapke.", Label.CORRECT),
        (
            "Who won the prize in 2001?",
            "Bruce Hapke",
            "In 2001 Gene Shoemaker died, and Bruce Hapke won.",
            Label.CORRECT,
        ),
        ("Who shared it in 1977?", "Ilya Prigogine", "He shared the Nobel Prize with Ilya Prigogine.", Label.CORRECT),
        # Denials deny, in Czech too; "but" turns to what is affirmed.
        ("Who won in 1921?", "Albert Einstein", "Not Niels Bohr but Albert Einstein.", Label.CORRECT),
        ("Kdo ji objevil?", "Bruce Hapke", "Rozhodně ne Bruce Hapke.", Label.INCORRECT),
        ("Kdo ji objevil?", "Bruce Hapke", "Nebyl to Bruce Hapke, ale Gene Shoemaker.", Label.INCORRECT),
        ("Kdo ji objevil?", "Gene Shoemaker", "Nebyl to Bruce Hapke, ale Gene Shoemaker.", Label.CORRECT),
        ("Kdo ji objevil?", "Bruce Hapke", "Ne, byl to Bruce Hapke.", Label.CORRECT),
        ("Kdo byl prezidentem v roce 1990?", "Václav Havel", "Ne Václav Havel, ale Alexander Dubček.", Label.INCORRECT),
        ("Která země to byla?", "Italy", "The Netherlands, ne však Italy.", Label.INCORRECT),
        ("Who won?", "Gene Shoemaker", "It wasn't Gene Shoemaker, it was Bruce Hapke.", Label.INCORRECT),
        ("Where was it signed?", "Berlin", "Vienna, Ne Berlin.", Label.INCORRECT),
        # The question's own negation is no denial only beside the question's words; an idiom before it affirms none.
        ("Who was not invited to Yalta?", "Joseph Stalin", "It was not Joseph Stalin.", Label.INCORRECT),
        ("Who was not invited to Yalta?", "Charles de Gaulle", "Not invited was Charles de Gaulle.", Label.CORRECT),
        ("Komu věnoval knihu v roce 1990?", "Olga Havlová", "Své ženě Olze Havlové.", Label.CORRECT),
        ("Kdo navrhl šaty v roce 1990?", "John Rocha", "John Rose.", Label.INCORRECT),
        ("Who won?", "Gene Shoemaker", "Other than that, it was not Gene Shoemaker but Bruce Hapke.", Label.INCORRECT),
        ("Who wrote the song?", "Karan Aujla", "Karan Aujla wrote 'It Ain't Legal'.", Label.CORRECT),
        # Negations that affirm, the question's own negation, and names that open as Czech negations do.
        ("Kdo ji získal v roce 1921?", "Bruce Hapke", "Cenu nikoli náhodou získal Bruce Hapke.", Label.CORRECT),
        ("Kdo ji získal v roce 1921?", "Bruce Hapke", "Nebyl to nikdo jiný než Bruce Hapke.", Label.CORRECT),
        ("Kdo ji získal v roce 1921?", "Bruce Hapke", "Nejde o nikoho jiného než Bruce Hapke.", Label.CORRECT),
        ("Kdo nebyl pozván v roce 1945?", "Charles de Gaulle", "Pozván nebyl Charles de Gaulle.", Label.CORRECT),
        ("Who succeeded Ne Win?", "Sein Lwin", "Ne Win's successor was Sein Lwin.", Label.CORRECT),
        ("Kdo byl nástupcem v roce 1988?", "Sein Lwin", "Nástupcem Ne Wina byl Sein Lwin.", Label.CORRECT),
        ("Who did she duet with?", "Utah Phillips", "Ani DiFranco duetted with Utah Phillips.", Label.CORRECT),
        # A question that asks for two things needs both, and a number the reply gives a part otherwise is wrong.
        ("How long was his term in years and days?", "1 year, 161 days", "1 year and 161 days.", Label.CORRECT),
        ("How long was his term in years and days?", "1 year, 161 days", "1 year and 156 days.", Label.INCORRECT),
        ("How long was his term?", "1 year, 161 days", "1 year, 156 days.", Label.INCORRECT),
        ("Jak dlouho trvalo v letech a dnech?", "1 rok, 161 dní", "Trvalo to 1 rok a 156 dnů.", Label.INCORRECT),
        ("Jak dlouho trvalo v letech a dnech?", "5 let, 161 dní", "Trvalo to 5 let a 161 dnů.", Label.CORRECT),
        ("What was the final score?", "Chiefs 38 - 35 Eagles", "It ended Chiefs 38, Eagles 35.", Label.CORRECT),
        # An initial tells no woman's name from a man's.
        ("Kdo vyhrál turnaj v roce 1990?", "A. Novák", "Vyhrála ho A. Nováková.", Label.INCORRECT),
        # A name that opens with a number is a name, not the number ("1. FC Köln" is no 1).
        ("Which club won the Bundesliga in 1977-78?", "1. FC Köln", "1. FC Nürnberg", Label.INCORRECT),
        ("Which club won the Bundesliga in 1977-78?", "1. FC Köln", "Bayern Munich", Label.INCORRECT),
        ("Which club won the Bundesliga in 1977-78?", "1. FC Köln", "It was 1. FC Köln.", Label.CORRECT),
        ("Který klub vyhrál pohár?", "1. FC Slovácko", "Sparta, která byla v lize na 1. místě.", Label.INCORRECT),
        # A name alone after "but" in a sentence that declines is a guess, right or wrong; context is not.
        ("Who painted the Mona Lisa?", "Leonardo da Vinci", "I'm not sure, but Leonardo da Vinci.", Label.CORRECT),
        ("Who painted the Mona Lisa?", "Leonardo da Vinci", "I'm not sure, but Michelangelo.", Label.INCORRECT),
        ("Ve kterém městě sídlí univerzita?", "Brno", "Nejsem si jistý, ale Olomouc.", Label.INCORRECT),
        (
            "What is the capital of Australia?",
            "Canberra",
            "I don't know, but Sydney is the largest city.",
            Label.NOT_ATTEMPTED,
        ),
        # Any of the first sentences that gives another name alone makes the gold a second answer.
        ("What is the capital of Australia?", "Canberra", "Sydney! Canberra.", Label.INCORRECT),
        ("What is the capital of Australia?", "Canberra", "Good question. Sydney. Canberra.", Label.INCORRECT),
        ("What is the capital of Australia?", "Canberra", "I'm not sure, but Sydney. Canberra.", Label.INCORRECT),
        (
            "What is the capital of Australia?",
            "Canberra",
            '{"answer": "Sydney"} {"answer": "Canberra"}',
            Label.INCORRECT,
        ),
        # A JSON reply is read as its values; a comment on the named answer is no candidate.
        ("Who painted the Mona Lisa?", "Leonardo da Vinci", '{"answer": "unknown"}', Label.NOT_ATTEMPTED),
        ("Who painted the Mona Lisa?", "Leonardo da Vinci", '{"answer": null}', Label.NOT_ATTEMPTED),
        ("Who painted the Mona Lisa?", "Leonardo da Vinci", "I don't know.\n\nConfidence: low", Label.NOT_ATTEMPTED),
        (
            "What is the capital of Canada?",
            "Ottawa",
            '{"reasoning": "On the Ottawa River.", "answer": "Toronto"}',
            Label.INCORRECT,
        ),
        (
            "Who played Jack?",
            "Leonardo DiCaprio",
            '{"why": "Billy Zane was Cal.", "answer": "Leonardo DiCaprio"}',  # a key not known as a comment: read
            Label.INCORRECT,
        ),
    ],
)
def test_second_names_denials_and_parts(question: str, gold: str, reply: str, label: Label) -> None:
    assert judge_answerable(question, gold, reply)[0] is label


@pytest.mark.parametrize(
    ("reply", "label"),
    [
        # After "it was" in a hedged sentence, the guess is a candidate whatever its case: right, it answers.
        ("I'm not sure, but I believe it was granite.", Label.CORRECT),
        ("I'm not sure, but I believe it was marble.", Label.INCORRECT),
        ("Nevím jistě, ale myslím, že to byla žula.", Label.INCORRECT),
        # A slot that names nothing in particular is no guess.
        ("I'm not sure; I think it was never recorded.", Label.NOT_ATTEMPTED),
        ("Nevím, asi to byla nějaká místní hornina.", Label.NOT_ATTEMPTED),
    ],
)
def test_the_answer_after_it_was_in_a_guess(reply: str, label: Label) -> None:
    assert judge_answerable("What was the statue first meant to be made of?", "granite", reply)[0] is label


def test_the_words_that_decline_name_no_one() -> None:
    # "Nejsem" opens a decline and "I'm not certain." is one: neither offers a candidate beside the hedged guess.
    question = "Jakou medaili získal v roce 1932?"
    assert judge_answerable(question, "Stříbrnou", "Nejsem si jistý, ale myslím, že Stříbrnou.")[0] is Label.CORRECT
    reply = "I'm not certain. Maybe Silver."
    assert judge_answerable("What medal did he win in 1932?", "Silver", reply)[0] is Label.CORRECT


_COUNTRIES_CS = ("Které země se zúčastnily turnaje v roce 2011?", "Rusko, Ukrajina, Bělorusko, Polsko a Quebec.")
_COUNTRIES_EN = ("Which countries took part in the 2011 tournament?", "Russia, Ukraine, Belarus, Poland and Quebec")


@pytest.mark.parametrize(
    ("asked", "reply", "label"),
    [
        # A Czech list gold is a list of items, as an English one is: every item must be named, and no other.
        (_COUNTRIES_CS, "Rusko, Ukrajina, Bělorusko, Polsko a Quebec.", Label.CORRECT),
        (_COUNTRIES_CS, "Rusko, Ukrajina, Bělorusko, Polsko a USA.", Label.INCORRECT),
        (_COUNTRIES_EN, "Russia, Ukraine, Belarus, Poland and the USA.", Label.INCORRECT),
        (_COUNTRIES_CS, "Rusko.", Label.INCORRECT),
        (_COUNTRIES_EN, "Russia.", Label.INCORRECT),
        # Naming more than was asked is no answer: a long enough list would cover any gold.
        (_COUNTRIES_CS, "Rusko, Ukrajina, Bělorusko, Polsko, Quebec, Francie, Švédsko a USA.", Label.INCORRECT),
        (_COUNTRIES_EN, "Russia, Ukraine, Belarus, Poland, Quebec, France, Sweden and the USA.", Label.INCORRECT),
        # "a" joins the items of an English gold of a Czech question only between names; else it is an article.
        (("Jak se jmenovala ta skladba?", "In Nomine Terra Calens: In the name of a warming earth"),
         'Jmenovala se "In Nomine Terra Calens".', Label.CORRECT),
        (("Kdo byli finalisté čtyřhry?", "Nicole Arendt a Manon Bollegraf"),
         "Finalistkami byly Nicole Arendtová a Manon Bollegrafová.", Label.CORRECT),
        (("Kdo byli finalisté čtyřhry?", "Nicole Arendt a Manon Bollegraf"), "Nicole Arendtová.", Label.INCORRECT),
    ],
)  # fmt: skip
def test_list_golds(asked: tuple[str, str], reply: str, label: Label) -> None:
    assert judge_answerable(*asked, reply)[0] is label


@pytest.mark.parametrize(
    ("question", "gold", "reply"),
    [
        ("Which city hosted it in 1900?", "Paris", "Lyon – Paris."),
        ("Which city hosted it in 1900?", "Marseille", "Lyon, Marseille."),
        ("Who played the villain in 1988?", "Alan Rickman", "Hans Gruber – Alan Rickman."),
    ],
)
def test_two_names_read_as_rivals_are_never_sure(question: str, gold: str, reply: str) -> None:
    """Read strictly, a name before a dash or a comma may be context of another kind: the hybrid grader asks its
    model about every such verdict, as about any the local rules are not sure of."""
    label, detail = judge_answerable(question, gold, reply)
    assert label is Label.INCORRECT and detail["sure"] is False
