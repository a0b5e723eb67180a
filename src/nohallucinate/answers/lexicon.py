"""The words the readers know by name: months, weekdays, number words, and capitalised words that name no one.

Each list is spelled out here once; the date, number, sentence and claim readers build their patterns from it.
"""

from __future__ import annotations

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
# Month names of the other languages replies come in (Czech, German, Spanish, French, Italian, Portuguese), in
# every form a date puts them in (Czech: "srpen", "17. srpna", "v srpnu"), each with its month's number. Read only
# beside a day or a year, where no English word collides with them.
_CZECH_MONTHS = (
    "leden ledna lednu", "únor února únoru", "březen března březnu", "duben dubna dubnu", "květen května květnu",
    "červen června červnu", "červenec července červenci", "srpen srpna srpnu", "září", "říjen října říjnu",
    "listopad listopadu", "prosinec prosince prosinci",
)  # fmt: skip
_OTHER_MONTHS = (
    "januar jänner enero janvier gennaio janeiro",
    "februar febrero février febbraio fevereiro",
    "märz marzo mars março",
    "abril avril aprile",
    "mai mayo maggio maio",
    "juni junio juin giugno junho",
    "juli julio juillet luglio julho",
    "august agosto août",
    "septiembre septembre settembre setembro",
    "oktober octubre octobre ottobre outubro",
    "noviembre novembre novembro",
    "dezember diciembre décembre dicembre dezembro",
)
FOREIGN_MONTHS: dict[str, int] = {
    word: number
    for number, (czech, other) in enumerate(zip(_CZECH_MONTHS, _OTHER_MONTHS, strict=True), start=1)
    for word in f"{czech} {other}".split()
}
# The Czech words of FOREIGN_MONTHS, in the cases a date puts them in ("ledna", "v lednu").
CZECH_MONTH_FORMS = frozenset(word for forms in _CZECH_MONTHS for word in forms.split())
# The shortened spellings a dot may follow ("Mar. 11", "Sept. 3"); May has none.
MONTH_ABBREVIATIONS = ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

# Cardinal number words, in value order: UNITS[0] is 1, TEENS[0] is 10, TENS[0] is 20.
UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TEENS = (
    "ten", "eleven", "twelve", "thirteen", "fourteen",
    "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
)  # fmt: skip
TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
SCALES = ("hundred", "thousand", "million", "billion", "trillion")
# Ordinal number words, in value order: ORDINAL_UNITS[0] is 1st, ORDINAL_TEENS[0] is 10th.
ORDINAL_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
ORDINAL_TEENS = (
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
    "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
)  # fmt: skip

# Czech cardinal number words, in every case form a reply puts them in ("tři děti", "se třemi dětmi", "dvaceti let"),
# each with its value; read only on their own letters, so that no English word collides with them. The forms of one
# ("jeden", "jedna", "jednoho") stand apart: like "one", they are not a count in some places (answers/numbers.py).
CZECH_ONE = frozenset("jeden jedna jedno jednu jednoho jedné jednomu jednom jedním jednou".split())
_CZECH_CARDINAL_FORMS = (
    (0, "nula nuly nule nulou"),
    (2, "dva dvě dvou dvěma"),
    (3, "tři tří třech třem třemi"),
    (4, "čtyři čtyř čtyřech čtyřem čtyřmi"),
    (5, "pět pěti"), (6, "šest šesti"), (7, "sedm sedmi"), (8, "osm osmi"), (9, "devět devíti"),
    (10, "deset deseti"), (11, "jedenáct jedenácti"), (12, "dvanáct dvanácti"), (13, "třináct třinácti"),
    (14, "čtrnáct čtrnácti"), (15, "patnáct patnácti"), (16, "šestnáct šestnácti"), (17, "sedmnáct sedmnácti"),
    (18, "osmnáct osmnácti"), (19, "devatenáct devatenácti"),
    (20, "dvacet dvaceti"), (30, "třicet třiceti"), (40, "čtyřicet čtyřiceti"), (50, "padesát padesáti"),
    (60, "šedesát šedesáti"), (70, "sedmdesát sedmdesáti"), (80, "osmdesát osmdesáti"),
    (90, "devadesát devadesáti"),
    # The hundreds: "sto", and those written as one word ("dvěstě", "pětset"; apart, "dvě stě" multiplies below).
    (100, "sto stu"), (200, "dvěstě"), (300, "třista"), (400, "čtyřista"), (500, "pětset"), (600, "šestset"),
    (700, "sedmset"), (800, "osmset"), (900, "devětset"),
)  # fmt: skip
CZECH_CARDINALS = {form: value for value, forms in _CZECH_CARDINAL_FORMS for form in forms.split()}
# From 21 to 99 Czech also puts the unit first, in one word: "jednadvacet", "sedmadvacet", "sedmadvaceti" (27).
CZECH_CARDINALS |= {
    unit + "a" + tens: unit_value + tens_value
    for unit, unit_value in (
        ("jedn", 1),
        ("jeden", 1),
        *zip("dva tři čtyři pět šest sedm osm devět".split(), range(2, 10), strict=True),
    )
    for tens_value, forms in _CZECH_CARDINAL_FORMS
    if 20 <= tens_value <= 90
    for tens in forms.split()
}
# The words that multiply the number before them ("dvě stě", "pět set", "tři tisíce", "dva miliony"); the first of
# each is a number alone too ("tisíc", "milion"), the others never ("set" alone is no number, and "tisíce" alone is
# "thousands", no count).
CZECH_SCALES = {
    form: value
    for value, forms in (
        (100, "stě sta set stech"),
        (1_000, "tisíc tisíce tisících"),
        (1_000_000, "milion milionu miliony milionů milión miliónu milióny miliónů"),
        (1_000_000_000, "miliarda miliardy miliard miliardu"),
    )
    for form in forms.split()
}  # fmt: skip
CZECH_SCALES_ALONE = frozenset("tisíc milion milión miliarda miliardu".split())
# Words that make the scale after them vague, no count: "několik tisíc" (several thousand), "desítky milionů".
CZECH_VAGUE_BEFORE_A_SCALE = frozenset(
    "několik několika mnoho mnoha desítky desítek desítkách stovky stovek stovkách pár řádově řádu kolik kolika".split()
)
# Czech ordinal words to the twentieth, in every case and gender form ("čtvrtá", "na čtvrtém místě", "ve třetí
# směně"), each with its value: read only where a place or a rank is asked, since "druhý" is also "the other".
CZECH_ORDINALS = {
    stem + ending: value
    for value, stem in enumerate(
        "prvn druh třet čtvrt pát šest sedm osm devát desát jedenáct dvanáct třináct čtrnáct patnáct šestnáct "
        "sedmnáct osmnáct devatenáct dvacát".split(),
        start=1,
    )
    for ending in (
        ("í", "ího", "ímu", "ím") if stem in ("prvn", "třet") else ("ý", "á", "é", "ého", "ému", "ém", "ou", "ým")
    )
}
# How many times, in one word: the first form and "krát" ("dvakrát", "pětkrát", "stokrát"); not "jednou", which is
# also "one day".
CZECH_TIMES = {forms.split()[0] + "krát": value for value, forms in _CZECH_CARDINAL_FORMS}

# Words that, after a comma, offer a second candidate as "or" does: "X, maybe Y", "X, ale možná Y"; a correction too
# ("X, or rather Y", "X, ale spíš Y"), which names two candidates as a hedge does.
ALTERNATIVE_CUES = (
    "maybe", "possibly", "perhaps", "probably", "although some say", "though some say", "unless it was", "if not",
    "alternatively", "otherwise", "možná", "ale možná", "snad", "asi", "jinak", "ale spíš", "spíše", "pokud ne",
    "ne-li", "spíše však", "spíš však", "or rather", "nebo spíš", "nebo spíše", "či spíš", "či spíše",
    "less likely", "more likely", "likely", "less probably", "next most likely", "second most likely", "backup",
    "fallback", "second choice", "méně pravděpodobně", "pravděpodobněji",
)  # fmt: skip
# A second guess after the first, read only before a name ("X, but it might be Y", "X — or was it Y?", "X; second
# guess Y", "X (možná Y)"): "Lyon, but it might be worth checking" guesses nothing.
SECOND_GUESS_CUES = (
    "but it might be", "but it could be", "but it may be", "but it might also be", "but it may also be",
    "though it might be", "though it could be", "or was it", "or is it", "or maybe", "or possibly",
    "or it might have been", "second guess", "my second guess is", "also possibly", "unless it's", "unless it is",
    "and if not", "failing that", "a když ne", "když ne", "a pokud ne", "a když ne, tak", "když ne, tak",
    "a pokud ne, tak", "pokud ne, tak",
    "ale možná také", "ale možná i", "možná také", "možná i", "nebo možná", "nebo také", "i když možná", "ale třeba",
    "nebo třeba", "nebo to byl", "nebo to byla", "druhý tip", *ALTERNATIVE_CUES,
)  # fmt: skip
# "Or" in the languages replies come in: a reply that offers "Brno nebo Hukvaldy" offers two candidates, as "Brno or
# Hukvaldy" does, whatever language it writes "or" in.
OR_WORDS = (
    "or", "nebo", "anebo", "a nebo", "či", "případně", "popřípadě", "příp", "popř", "respektive", "resp", "eventuálně",
    "eventuelně", "oder", "ou", "oppure", "lub", "vel",
)  # fmt: skip
# Hedges between "or" and the candidate it offers: "or perhaps Y", "nebo snad Y".
OR_FILLERS = ("possibly", "perhaps", "maybe", "even", "simply", "snad", "možná", "spíš", "spíše", "asi", "třeba")
# Prepositions a reply repeats before a second candidate: "in Vienna or in Berlin", "ve Vídni a v Berlíně".
PLACE_PREPOSITIONS = (
    "in", "at", "on", "from", "to", "by", "v", "ve", "na", "do", "z", "ze", "u", "k", "ke", "o", "po", "při", "za",
)  # fmt: skip

# Nouns for a person by role or kin ("Which physicist ...?", "Union Minister of Commerce, Suresh Prabhu"): they ask
# for a person in a question, and before a name they say who the person is rather than name another.
PERSON_NOUNS = tuple(
    """man woman men women person people individual wife husband son daughter mother father brother sister child
    children grandson granddaughter grandfather grandmother uncle aunt nephew niece cousin spouse partner founder
    architect artist painter sculptor writer author poet composer conductor director producer player footballer
    cricketer actor actress scientist president inventor engineer designer winner champion recipient coach manager
    member mayor principal professor teacher student naturalist chemist physicist mathematician biologist botanist
    geologist
    astronomer economist philosopher historian politician singer musician drummer guitarist leader bishop priest monk
    officer minister judge lawyer journalist editor photographer chancellor governor successor predecessor contestant
    character surgeon physician doctor nurse explorer king queen emperor ruler pope saint expert activist chef dancer
    model athlete boxer wrestler host senator zoologist biochemist physiologist typographer villain supervillain
    nobleman noblewoman streamer youtuber medalist laureate nominee commander presenter announcer parents
    grandparents sibling victim survivor secretary ambassador admiral captain soldier astronaut novelist playwright
    illustrator cartoonist comedian pianist violinist entrepreneur businessman diplomat colleague friend rival mentor
    protege assistant teammate deputy cofounder vicepresident""".split()
)

# Czech words for a person, in the nominative: a question asking for one ("Který fyzik ...?"), a role before a
# name ("Režisér, Miloš Forman", "ministr zahraničí, Jan Masaryk"); text_gold reads them in any case.
CZECH_PERSON_NOUNS = tuple(
    """doktor doktorka viceprezident viceprezidentka režisér režisérka spisovatel spisovatelka autor autorka astronom
    astronomka ministr ministryně prezident prezidentka předseda předsedkyně ředitel ředitelka zakladatel zakladatelka
    skladatel skladatelka malíř malířka sochař sochařka architekt architektka vědec vědkyně fyzik fyzička chemik
    chemička matematik matematička herec herečka zpěvák zpěvačka hráč hráčka trenér trenérka král královna papež kníže
    laureát laureátka vítěz vítězka šampion šampionka starosta starostka premiér premiérka kancléř guvernér velvyslanec
    generál kapitán
    profesor profesorka senátor senátorka poslanec poslankyně novinář novinářka moderátor moderátorka redaktor
    redaktorka soutěžící držitel držitelka pachatel fyziolog zoolog biolog entomolog botanik geolog chirurg lékař
    lékařka kriketista fotbalista tenista portrétista kreslíř typograf básník básnířka dirigent inženýr vynálezce
    objevitel tanečník tanečnice sportovec závodník závodnice hudebník kytarista houslista houslistka klavírista
    klavíristka bubeník syn dcera otec matka bratr sestra manžel manželka rodiče děti vnuk vnučka dědeček babička
    strýc teta člen členka streamer osoba muž žena politik politička umělec umělkyně přírodovědec bratranec sestřenice
    rytec voják soudce archeolog osadník návrhář návrhářka bioložka přeživší předchůdkyně nástupkyně hlasatel
    podnikatel padouch superpadouch kolega kolegyně žák žákyně přítel přítelkyně učitel učitelka soupeř soupeřka
    spoluhráč spoluhráčka švagr""".split()
)

# Capitalised words that name no one. There are two sets because the two readers ask different questions.
# In a reply or a question (answers/reading.py): is this word a name of some other person, club or prize? Sentence
# openers of a reply ("Unfortunately", "Sorry", "Perhaps", "According"), its hedges and weekdays are not.
NOT_NAMES_IN_REPLIES = frozenset(
    """I I'm I've I'd He She It They We You The This That These Those His Her Their Its If In On At As
    But However Although Though Yes No Actually Unfortunately Sorry Hmm Well So Also There Here My Some
    Many Several Based According Without While When Where What Which Who Since From After Before During
    Perhaps Maybe Possibly Probably Likely Unknown Note Answer Trick Sure Okay OK Not Unsure Uncertain Result
    Response Solution""".split()
) | frozenset(MONTHS + WEEKDAYS)
# The same in Czech: the words a Czech sentence opens with that name no one ("Bohužel", "Bez dalšího kontextu"); not
# those that are names too ("Ano", a party; "Po", a river; "Toto", a band; "Na" in "Li Na").
NOT_NAMES_IN_REPLIES |= frozenset(
    """Bohužel Omlouvám Nemám Nevím Netuším Nemohu Nelze Není Nejsou Možná Pravděpodobně Asi Snad Bez Pro Podle Ve
    Ze Při Během Vzhledem Tato Tento Jsou Byl Byla Bylo Byly Jeho Její Jejich Když Pokud Ačkoli Nicméně Proto Také
    Avšak Však Zde Který Která Které Jedná Jednalo Existuje Neexistuje Abych Doporučuji Ne Nikoli Nikoliv Odpověď
    Výsledek Řešení""".split()
)
# Czech words of the closed classes (prepositions, demonstratives, pronouns, conjunctions) that open a sentence
# before words in lower case: "Toto ocenění je ...", "Před současným názvem ...", "Mezi nejvyšší hory patří ...".
# There they name nothing; some are names elsewhere ("Toto", a band), so they are read so only where they open.
CZECH_FUNCTION_WORDS = frozenset(
    """před mezi pod nad za na v ve do od k ke s se z ze u o při přes proti kromě podle během díky kvůli vedle mimo
    okolo kolem bez pro až toto tato tento ten ta to tyto tito tímto této tohoto tomto tuto takový taková takové
    on ona ono oni ony my vy a ale nebo i že protože jelikož zatímco avšak však tedy proto takže pokud jestliže když
    ačkoli ačkoliv jeho její jejich další jiné některé několik mnoho většina obecně""".split()
)
# Words any Czech question has ("Kolik", "Který"), which tie nothing to this one.
CZECH_QUESTION_WORDS = frozenset("kolik který která které kterém kterého kterou kolikrát jaký jaká jaké jakou".split())
# In a claim of a biography (claims/anchors.py): is this word a name the reference must hold? Words that open a
# claim sentence ("Later", "With", "During") are not; months are not, since the claim's dates count already.
NOT_NAMES_IN_CLAIMS = frozenset(
    """I He She It They We The This That His Her Their Its In On At As A An And But Also Later After Before
    From With For By During""".split()
) | frozenset(MONTHS)

# Personal pronouns: they stand for the subject, so in a claim they say nothing of how a value bears on it.
# "X he 2014." relates nothing; counted as a relating word, it would match any passage with "he" and "2014".
PRONOUNS = frozenset("i me he him she her it they them we us you one".split())

# English given names and the familiar forms that are not their beginnings ("Fred" begins "Frederick" and needs no
# entry): a reply writing "Dave Garroway" names David Garroway, "Jackie Kennedy" Jacqueline Kennedy.
FAMILIAR_NAMES: dict[str, frozenset[str]] = {
    formal: frozenset(familiar.split())
    for formal, familiar in {
        "william": "bill billy will willy liam",
        "robert": "bob bobby rob robbie bert",
        "richard": "dick rick ricky rich",
        "john": "jack johnny jock",
        "jacqueline": "jackie jacky",
        "james": "jim jimmy jamie",
        "david": "dave davey",
        "cynthia": "cindy",
        "margaret": "peggy maggie meg molly",
        "elizabeth": "betty liz lizzie beth betsy bess",
        "katherine": "kate katie kathy kay",
        "catherine": "kate katie cathy kay",
        "edward": "ted teddy ned eddie",
        "anthony": "tony",
        "charles": "chuck charlie chas",
        "henry": "hank harry",
        "sarah": "sally sadie",
        "mary": "molly polly mamie",
        "susan": "sue susie",
        "lawrence": "larry",
        "gerald": "jerry gerry",
        "terence": "terry",
        "theodore": "ted teddy",
        "patricia": "pat patty tricia",
        "alexander": "alex sandy",
        "nicholas": "nick nicky",
        "michael": "mike mick mickey",
        "joseph": "joe joey",
        "thomas": "tom tommy",
        "christopher": "chris kit",
        "francis": "frank",
        "dorothy": "dot dolly",
        "eleanor": "nell ellie",
        "rebecca": "becky",
        "deborah": "debbie deb",
    }.items()
}

# Case endings a Czech reply adds to a name, written as the word forms write them (without accents): "Henryho" for
# Henry, "Chamberlinovi", "Davidom" (Slovak), "v Brně". Not "-ová" nor "-á" for "-ý": those make a woman's name of
# a man's ("Nováková", "Černá"), another person.
CZECH_CASE_ENDINGS = frozenset("a u e i y o m ou em om um ho mu ovi ech ich ach".split())
# The endings a name that ends in "-y" takes in place of it: a place named in the plural ("v Hukvaldech").
CZECH_PLURAL_ENDINGS = frozenset("ech ich ach um".split())
# Units of time, whose count a reply may give otherwise ("1 year, 156 days" for "1 year, 161 days").
TIME_UNITS = ("years", "months", "weeks", "days", "hours", "minutes", "seconds")
# Czech units of time in the forms a count puts them in ("1 rok", "2 roky", "5 let"; "161 dní", "161 dnů") and a
# question asks in ("v letech a dnech"), which change more than an ending does. Not "roku", "roce" nor "dne": those
# date a day or a year ("v roce 1990").
CZECH_TIME_UNITS = {
    "rok": "rok roky let léta letech lety rokům",
    "měsíc": "měsíc měsíce měsíců měsících měsícům měsíci měsícem",
    "týden": "týden týdny týdnů týdnech týdnům týdnu týdnem",
    "den": "den dny dní dnů dnech dnům dnem",
    "hodina": "hodina hodiny hodin hodinách hodinám hodinami hodinu hodině hodinou",
    "minuta": "minuta minuty minut minutách minutám minutami minutu minutě minutou",
    "sekunda": "sekunda sekundy sekund sekundách sekundám sekundami sekundu sekundě sekundou",
}
# A name in "-ka", "-ga", "-ha", "-cha" softens its consonant before "-e" ("v Mekce", "v Rize", "v Praze", "v Laše"),
# as written without accents.
CZECH_SOFTENED_ENDINGS = {"cha": "se", "ka": "ce", "ga": "ze", "ha": "ze"}

# The words after which a reply that guesses names its answer: "I think it was granite", "myslím, že je to Brno".
GUESS_COPULAS = (
    "it was", "it were", "this was", "that was", "it would be", "it might be", "it could be", "it may have been",
    "it might have been", "it could have been",
    "je to", "byl to", "byla to", "bylo to", "byli to", "bude to", "to je", "to byl", "to byla", "to bylo", "to byli",
    "to bude",
)  # fmt: skip
# Words that hedge the answer after one of those ("it was probably granite", "je to asi Brno").
HEDGE_WORDS = frozenset("probably possibly perhaps maybe likely asi možná snad pravděpodobně nejspíš".split())
# Words that label a part of a reply in its headings ("### Short answer", "**Details**", "Odpověď:").
LABEL_WORDS = frozenset(
    "a the my in short brief quick final long full answer answers detail details summary explanation reasoning "
    "context background source sources note notes key fact facts more moje můj krátká stručná konečná odpověď "
    "podrobnosti shrnutí vysvětlení zdůvodnění souvislosti zdroje poznámka poznámky".split()
)
# Words that say how sure a reply is of its answer, not what it answers ("Canberra, definitely.", "Určitě Brno.").
ASSURANCES = frozenset(
    "absolutely certainly definitely surely clearly obviously undoubtedly indeed rozhodně určitě jistě samozřejmě "
    "nepochybně opravdu skutečně".split()
)
# Words that say how sure a reply is of its answer, one way or the other: hedges and assurances.
HOW_SURE = HEDGE_WORDS | ASSURANCES
# Words that open no answer there: what is not known ("it was never recorded"), nothing in particular ("some notable
# person", "nějaká osobnost", "pouze spekulace"); and Czech words beginning so (negations "ne-", "nějaký", ...).
NOTHING_IN_PARTICULAR = frozenset(
    "not never no none nothing nobody any anyone anything unclear unknown uncertain hard difficult impossible a an "
    "some someone somebody something only just speculation někdo něco nikdo nic pouze jen jenom".split()
)
NOTHING_IN_PARTICULAR_BEGINNINGS = ("ne", "těžk", "obtížn", "nějak", "někter", "spekulac", "žádn", "jakýkol", "kdokol")
