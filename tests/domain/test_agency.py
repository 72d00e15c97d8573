"""The agency signal's evidence: the bundled firm list with its aliases, the name words, and each text cue, with
the employer's own words that must not read as an agency's."""

from importlib import resources

import pytest

from sweepy.domain.agency import _load_firms, agency_evidence, company_evidence, firm_list, text_evidence


@pytest.mark.parametrize(
    ("company", "evidence"),
    [
        ("Robert Half", "Robert Half (staffing firm)"),
        ("Robert Half Inc.", "Robert Half (staffing firm)"),
        ("ROBERT HALF International", "Robert Half (staffing firm)"),
        ("robert half, llc", "Robert Half (staffing firm)"),
        ("Robert Half Legal", "Robert Half Legal (staffing firm, Robert Half)"),
        ("The Adecco Group", "The Adecco Group (staffing firm, Adecco)"),
        ("Adecco USA", "Adecco (staffing firm)"),
        ("Experis", "Experis (staffing firm, ManpowerGroup)"),
        ("Manpower", "Manpower (staffing firm, ManpowerGroup)"),
        ("Kelly Services, Inc.", "Kelly Services (staffing firm, Kelly)"),
        ("Michael Page", "Michael Page (recruitment agency, PageGroup)"),
        ("Page Personnel", "Page Personnel (recruitment agency, PageGroup)"),
        ("TEKsystems", "TEKsystems (staffing firm)"),
        ("TEK Systems", "TEK Systems (staffing firm, TEKsystems)"),
        ("Modis", "Modis (staffing firm, Akkodis)"),
        ("Tempo Team", "Tempo-Team (staffing firm, Randstad)"),
        ("Heidrick and Struggles", "Heidrick & Struggles (executive search)"),
        ("Hudson Global", "Hudson Global (recruitment agency)"),
        ("Randstad Deutschland GmbH", "Randstad (staffing firm)"),
        ("Bright Staffing LLC", "Bright Staffing LLC (a recruitment firm by its name)"),
        ("Northstar Recruiting", "Northstar Recruiting (a recruitment firm by its name)"),
        ("Acme Executive Search", "Acme Executive Search (a recruitment firm by its name)"),
        ("Lakeside Personnel", "Lakeside Personnel (a recruitment firm by its name)"),
        ("Confidential", "Confidential (the posting does not name the employer)"),
        ("Confidential Company", "Confidential Company (the posting does not name the employer)"),
    ],
)
def test_listed_firms_their_aliases_and_name_words(company: str, evidence: str) -> None:
    assert company_evidence(company) == evidence


@pytest.mark.parametrize(
    "company",
    [
        "Recruitee",  # an ATS
        "ZipRecruiter",  # a job board
        "Recruit Holdings",
        "Talent Inc",  # "Talent" alone is no agency
        "Northwind Partners",
        "Reed Smith LLP",  # a law firm, not Reed
        "Hudson River Trading",  # not Hudson Global
        "Hudson",
        "Volta",
        "Kelly Moore Paint",
        "Personnel Decisions Research Institutes",  # "personnel" counts only as the last word
        "Cielo",  # an RPO: out of the list on purpose
        "Northwind Labs",
        "",
    ],
)
def test_names_that_are_not_agencies(company: str) -> None:
    assert company_evidence(company) is None


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("We are hiring. Our client, a leading fintech in NYC, is seeking a Paralegal. Apply now.",
         "Our client, a leading fintech in NYC, is seeking a Paralegal."),
        ("Our client is a well-established law firm in Midtown.",
         "Our client is a well-established law firm in Midtown."),
        ("Our client's litigation team is growing.", "Our client's litigation team is growing."),
        ("My client, a global bank, needs a writer.", "My client, a global bank, needs a writer."),
        ("We are recruiting on behalf of a Fortune 500 company.",
         "We are recruiting on behalf of a Fortune 500 company."),
        ("On behalf of our valued client we seek a writer.", "On behalf of our valued client we seek a writer."),
        ("Company: Confidential\nA great role.", "Company: Confidential"),
        ("This is a confidential company search.", "This is a confidential company search."),
        ("The employer is a confidential employer in Boston.", "The employer is a confidential employer in Boston."),
        ("We are partnering with a leading healthcare organization to find a Senior Paralegal.",
         "We are partnering with a leading healthcare organization to find a Senior Paralegal."),
        ("We're recruiting for a fast-growing fintech company in Austin.",
         "We're recruiting for a fast-growing fintech company in Austin."),
        ("This is a 6-month contract role through Apex Systems.",
         "This is a 6-month contract role through Apex Systems."),
        ("Bright is a leading staffing agency. Apply today.", "Bright is a leading staffing agency."),
        ("As a recruitment firm we place paralegals.", "As a recruitment firm we place paralegals."),
        ("Pour le compte de notre client, un leader du secteur, nous recherchons un juriste.",
         "Pour le compte de notre client, un leader du secteur, nous recherchons un juriste."),
        ("Notre client, acteur majeur de la banque, recherche un juriste.",
         "Notre client, acteur majeur de la banque, recherche un juriste."),
        ("Nuestro cliente, empresa líder, busca un abogado.", "Nuestro cliente, empresa líder, busca un abogado."),
        ("Für unseren Kunden, ein führendes Unternehmen, suchen wir einen Juristen.",
         "Für unseren Kunden, ein führendes Unternehmen, suchen wir einen Juristen."),
        ("Unser Mandant ist ein Mittelständler.", "Unser Mandant ist ein Mittelständler."),
        ("Onze opdrachtgever is een bank.", "Onze opdrachtgever is een bank."),
        ("İstanbul office. Our client, a bank, is hiring.", "Our client, a bank, is hiring."),
    ],
)  # fmt: skip
def test_each_text_cue_quotes_its_sentence(text: str, sentence: str) -> None:
    assert text_evidence(text) == sentence


@pytest.mark.parametrize(
    "text",
    [
        "Our clients include Fortune 500 companies. We serve our clients with care.",
        "A client-facing role: you will work with our clients daily.",
        "You will work with our client teams and our client-facing staff.",
        "As a consultant you will partner with our client, a Fortune 500 bank, on its audit.",  # the firm's own work
        "Handle confidential company information and confidential client information.",
        "We do not accept resumes from staffing agencies. Recruitment agencies: please do not call.",
        "We are recruiting for a Senior Paralegal to join our firm.",
        "We are partnering with a nonprofit on community days.",
        "This is a contract role with the possibility of extension.",
        "Acme is a software company that serves staffing agencies.",
        "Sie beraten unsere Kunden und unseren Kundenservice.",
        "Vous interviendrez chez notre client à Paris. Nos clients sont variés.",
        "Research the market and search for new leads.",
        "",
    ],
)
def test_an_employers_own_words_are_not_an_agencys(text: str) -> None:
    assert text_evidence(text) is None


def test_the_company_is_read_before_the_text() -> None:
    text = "Our client, a bank, is hiring."
    assert agency_evidence("Robert Half", text) == "Robert Half (staffing firm)"
    assert agency_evidence("Northwind Labs", text) == "Our client, a bank, is hiring."
    assert agency_evidence("Northwind Labs", "Draft filings and manage dockets.") is None


def test_a_long_sentence_is_cut_to_200_characters() -> None:
    quote = text_evidence("Our client, a bank, " + "needs care " * 100 + ".")
    assert quote == ("Our client, a bank, " + "needs care " * 17)[:198].rstrip() + " …"
    assert quote is not None and len(quote) <= 200


def test_the_bundled_list_loads_and_every_name_is_its_own() -> None:
    firms = firm_list()
    assert len({listed.firm.name for listed in firms.by_name.values()}) >= 60
    assert firms.by_name["robert half"].firm.kind == "staffing firm"
    text = resources.files("sweepy").joinpath("data/staffing_firms.yaml").read_text(encoding="utf-8")
    twice = text.replace("aliases: [Walters People]", "aliases: [Walters People, Experis]")
    with pytest.raises(ValueError, match="'Experis' is empty or listed twice"):
        _load_firms(twice)
