"""The curated employers: names, alternative spellings, cities, applicant tracking systems and blurbs."""

from .models import Company


def _company(fields: str, blurb: str) -> Company:
    """A company from "name | alt | slug | kind | city; city | ats" ("-" = job boards only)."""
    name, alt, slug, kind, cities, ats = (part.strip() for part in fields.split("|"))
    return Company(name, alt, slug, kind, tuple(cities.split("; ")), "" if ats == "-" else ats, blurb)


COMPANIES: tuple[Company, ...] = (
    # Law firms
    _company(
        "Hargrove & Pell LLP | Hargrove & Pell | hargrovepell | law | New York, NY | greenhouse",
        "Hargrove & Pell LLP is a 140-attorney firm focused on complex commercial litigation, "
        "securities enforcement and white-collar defense.",
    ),
    _company(
        "Whitfield Legal Group | Whitfield Legal Group, PLLC | whitfieldlegal | law | "
        "New York, NY; Jersey City, NJ | -",
        "Whitfield Legal Group is a boutique litigation firm representing employers, landlords and "
        "small businesses in New York and New Jersey courts.",
    ),
    _company(
        "Castellano Brandt LLP | Castellano Brandt | castellanobrandt | law | New York, NY | workable",
        "Castellano Brandt LLP is a mid-size firm with practices in real estate, corporate "
        "transactions and commercial litigation.",
    ),
    _company(
        "Okafor, Lindqvist & Reyes LLP | Okafor Lindqvist & Reyes LLP | olrlaw | law | "
        "New York, NY; Washington, DC | greenhouse",
        "Okafor, Lindqvist & Reyes LLP defends national clients in mass torts, product liability and class actions.",
    ),
    _company(
        "Marlowe Stein Kaplan LLP | Marlowe Stein Kaplan, LLP | marlowestein | law | Brooklyn, NY | -",
        "Marlowe Stein Kaplan LLP is a Brooklyn personal injury and medical malpractice firm that has "
        "recovered more than $400 million for its clients.",
    ),
    _company(
        "Greystone Litigation Partners | Greystone Litigation Partners, LLC | greystonelit | law | "
        "New York, NY | lever",
        "Greystone Litigation Partners is a commercial litigation boutique known for trial work in "
        "the Commercial Division of the New York Supreme Court.",
    ),
    _company(
        "Amsel & Okoro Law Offices | Amsel and Okoro Law Offices | amselokoro | law | Queens, NY | -",
        "Amsel & Okoro Law Offices is a family-owned immigration and family law practice serving "
        "Queens and Long Island since 1998.",
    ),
    _company(
        "Bridgewater Lane Law PLLC | Bridgewater Lane Law | bridgewaterlane | law | "
        "Jersey City, NJ; New York, NY | recruitee",
        "Bridgewater Lane Law PLLC advises lenders, developers and landlords on real estate, land use "
        "and commercial leasing.",
    ),
    _company(
        "Dunmore & Ashby LLP | Dunmore and Ashby LLP | dunmoreashby | law | Boston, MA | smartrecruiters",
        "Dunmore & Ashby LLP is a full-service Boston firm with strengths in life sciences, IP "
        "litigation and employment law.",
    ),
    _company(
        "Kessler Vance LLP | Kessler Vance | kesslervance | law | Chicago, IL | greenhouse",
        "Kessler Vance LLP is a Chicago litigation firm representing insurers and manufacturers in "
        "state and federal courts.",
    ),
    _company(
        "Petrakis Holt Legal | Petrakis Holt Legal, LLP | petrakisholt | law | "
        "San Francisco, CA; Los Angeles, CA | lever",
        "Petrakis Holt Legal is a California employment and consumer class action firm.",
    ),
    _company(
        "Redfern Caldwell LLP | Redfern Caldwell | redferncaldwell | law | Washington, DC; New York, NY | workable",
        "Redfern Caldwell LLP handles regulatory, antitrust and government investigations from "
        "offices in Washington and New York.",
    ),
    _company(
        "Sutton Park Legal Services | Sutton Park Legal Services, Inc. | suttonparklegal | legal_aid | "
        "Brooklyn, NY; Bronx, NY | -",
        "Sutton Park Legal Services is a nonprofit providing free civil legal help to low-income New "
        "Yorkers in housing, public benefits and family matters.",
    ),
    _company(
        "Open Door Tenant Alliance | Open Door Tenant Alliance, Inc. | opendoortenants | legal_aid | Bronx, NY | -",
        "Open Door Tenant Alliance is a nonprofit that defends tenants in eviction proceedings in New "
        "York City Housing Court.",
    ),
    _company(
        "Beacon Legal Staffing | Beacon Legal Staffing, LLC | beaconlegal | legal_staffing | "
        "New York, NY; Jersey City, NJ | -",
        "Beacon Legal Staffing places paralegals, legal assistants and document review teams with "
        "AmLaw 100 firms and corporate legal departments.",
    ),
    _company(
        "Verity Docs, Inc. | Verity Docs | veritydocs | legaltech | New York, NY | ashby",
        "Verity Docs is an e-discovery and managed document review provider supporting law firms on "
        "large litigation and internal investigations.",
    ),
    _company(
        "Ledgerly, Inc. | Ledgerly | ledgerly | legaltech | New York, NY | ashby",
        "Ledgerly builds matter management and e-billing software used by more than 900 corporate legal teams.",
    ),
    _company(
        "Casefold | Casefold, Inc. | casefold | legaltech | Chicago, IL | lever",
        "Casefold makes a cloud case management platform for small and mid-size litigation firms.",
    ),
    # Health care
    _company(
        "St. Brendan's Hospital | St Brendan's Hospital | stbrendans | hospital | New York, NY | smartrecruiters",
        "St. Brendan's Hospital is a 450-bed teaching hospital in Manhattan with a Level I trauma center.",
    ),
    _company(
        "Bayside Community Health | Bayside Community Health, Inc. | baysidehealth | hospital | Queens, NY | -",
        "Bayside Community Health is a federally qualified health center serving 60,000 patients across Queens.",
    ),
    _company(
        "Mercy Ridge Medical Center | Mercy Ridge Medical Center, Inc. | mercyridge | hospital | "
        "Chicago, IL | smartrecruiters",
        "Mercy Ridge Medical Center is a 320-bed Magnet-designated community hospital on Chicago's North Side.",
    ),
    _company(
        "Lakeshore Regional Medical Center | Lakeshore Regional Medical Center, Inc. | "
        "lakeshoreregional | hospital | Cleveland, OH | workable",
        "Lakeshore Regional Medical Center is a nonprofit acute care hospital with a growing cardiac "
        "and stroke program.",
    ),
    _company(
        "Northgate Health System | Northgate Health System, Inc. | northgatehealth | hospital | "
        "Boston, MA | smartrecruiters",
        "Northgate Health System operates three hospitals and 40 outpatient clinics in greater Boston.",
    ),
    _company(
        "Cedar Valley Children's Hospital | Cedar Valley Children’s Hospital | "
        "cedarvalleychildrens | hospital | Austin, TX | workable",
        "Cedar Valley Children's Hospital is a pediatric hospital and regional referral center for Central Texas.",
    ),
    _company(
        "Summit Peak Orthopedics | Summit Peak Orthopedics PC | summitpeak | hospital | Denver, CO | -",
        "Summit Peak Orthopedics is a physician-owned orthopedic practice with an ambulatory surgery center.",
    ),
    _company(
        "Brightwater Home Care | Brightwater Home Care, LLC | brightwaterhomecare | hospital | "
        "Jersey City, NJ | recruitee",
        "Brightwater Home Care provides skilled nursing and home health services across Hudson County.",
    ),
    _company(
        "Atlas Nurse Staffing | Atlas Nurse Staffing Inc. | atlasnurse | nurse_staffing | "
        "Phoenix, AZ; Miami, FL; New York, NY | -",
        "Atlas Nurse Staffing matches travel and per diem nurses with hospitals in 38 states.",
    ),
    # Technology
    _company(
        "Northwind Labs, Inc. | Northwind Labs | northwindlabs | tech | San Francisco, CA; New York, NY | greenhouse",
        "Northwind Labs builds payment reconciliation APIs used by more than 3,000 finance teams.",
    ),
    _company(
        "Quillstack, Inc. | Quillstack | quillstack | tech | New York, NY | ashby",
        "Quillstack is a docs-as-code platform that helps engineering teams publish API references "
        "and developer guides.",
    ),
    _company(
        "Parcelwise | Parcelwise, Inc. | parcelwise | tech | Chicago, IL | lever",
        "Parcelwise builds routing and tracking software for regional delivery fleets.",
    ),
    _company(
        "Lumen Harbor Technologies | Lumen Harbor Technologies, Inc. | lumenharbor | tech | Boston, MA | greenhouse",
        "Lumen Harbor Technologies connects hospital EHR systems through FHIR-based interoperability APIs.",
    ),
    _company(
        "Tessellate AI | Tessellate AI, Inc. | tessellateai | tech | New York, NY | ashby",
        "Tessellate AI extracts structured data from contracts and financial documents for banks and insurers.",
    ),
    _company(
        "Brightloop Software, LLC | Brightloop Software | brightloop | tech | Austin, TX | lever",
        "Brightloop Software makes scheduling and dispatch tools for field service companies.",
    ),
    _company(
        "Kestrel Data Co. | Kestrel Data Co | kestreldata | tech | Denver, CO | workable",
        "Kestrel Data Co. provides self-serve analytics for mid-market retailers.",
    ),
    _company(
        "Copperline Payments, Inc. | Copperline Payments | copperline | tech | New York, NY | greenhouse",
        "Copperline Payments is a fintech company offering card issuing and expense management to small businesses.",
    ),
    _company(
        "Orbitly | Orbitly, Inc. | orbitly | tech | Austin, TX | ashby",
        "Orbitly runs ticketing and check-in software for live events and conferences.",
    ),
    _company(
        "Driftwood Analytics | Driftwood Analytics, Inc. | driftwoodanalytics | tech | Boston, MA | recruitee",
        "Driftwood Analytics helps utilities forecast demand with machine learning.",
    ),
    _company(
        "Halyard Cloud, Inc. | Halyard Cloud | halyardcloud | tech | Seattle, WA | greenhouse",
        "Halyard Cloud offers managed Kubernetes and observability for engineering teams.",
    ),
    _company(
        "Pinecrest Robotics | Pinecrest Robotics, Inc. | pinecrestrobotics | tech | Pittsburgh, PA | lever",
        "Pinecrest Robotics builds autonomous inventory robots for warehouses.",
    ),
    _company(
        "Sablewood Games | Sablewood Games, Inc. | sablewood | tech | Los Angeles, CA | greenhouse",
        "Sablewood Games is an independent studio behind two award-winning strategy games.",
    ),
    _company(
        "Meadowlark Learning | Meadowlark Learning, Inc. | meadowlark | tech | Denver, CO | workable",
        "Meadowlark Learning makes adaptive reading software used in 4,000 schools.",
    ),
    _company(
        "Fernway Health | Fernway Health, Inc. | fernwayhealth | healthtech | New York, NY | ashby",
        "Fernway Health is a virtual care company offering telehealth primary care and chronic condition management.",
    ),
    # Agencies and staffing
    _company(
        "Blue Juniper Creative | Blue Juniper Creative, LLC | bluejuniper | agency | Brooklyn, NY | recruitee",
        "Blue Juniper Creative is a design and content agency working with nonprofits and consumer brands.",
    ),
    _company(
        "Foxglove Digital | Foxglove Digital, LLC | foxglovedigital | agency | Chicago, IL | workable",
        "Foxglove Digital is a product design and engineering consultancy.",
    ),
    _company(
        "Keystone Staffing Partners | Keystone Staffing Partners, Inc. | keystonestaffing | staffing | "
        "Philadelphia, PA; Newark, NJ | -",
        "Keystone Staffing Partners recruits administrative, finance and operations talent for "
        "clients across the Mid-Atlantic.",
    ),
    _company(
        "Meridian Talent Group | Meridian Talent Group LLC | meridiantalent | staffing | Chicago, IL; New York, NY | -",
        "Meridian Talent Group is a staffing firm placing office and project professionals on "
        "temporary and permanent assignments.",
    ),
    # Corporate, finance, pharma, education
    _company(
        "Alder & Finch Capital | Alder and Finch Capital | alderfinch | finance | New York, NY | greenhouse",
        "Alder & Finch Capital is an SEC-registered investment adviser managing $12 billion for "
        "pensions and endowments.",
    ),
    _company(
        "Granite Point Bank | Granite Point Bank Corporation | granitepointbank | finance | "
        "Boston, MA | smartrecruiters",
        "Granite Point Bank is a community bank with 28 branches in Massachusetts and New Hampshire.",
    ),
    _company(
        "Ridgeway Insurance Group | Ridgeway Insurance Group, Inc. | ridgewayinsurance | corporate | "
        "Hartford, CT | smartrecruiters",
        "Ridgeway Insurance Group writes commercial property and casualty coverage for mid-size businesses.",
    ),
    _company(
        "Vantage Point Pharmaceuticals | Vantage Point Pharmaceuticals, Inc. | vantagepointpharma | pharma | "
        "Jersey City, NJ | workable",
        "Vantage Point Pharmaceuticals develops specialty medicines for rare metabolic disorders.",
    ),
    _company(
        "Union Square Realty Partners | Union Square Realty Partners, LLC | usqrealty | corporate | "
        "New York, NY | recruitee",
        "Union Square Realty Partners owns and manages 60 residential and mixed-use buildings in New York City.",
    ),
    _company(
        "Solace Property Management | Solace Property Management LLC | solaceproperty | corporate | Queens, NY | -",
        "Solace Property Management manages co-ops and condominiums in Queens and Brooklyn.",
    ),
    _company(
        "Evergreen Logistics Co. | Evergreen Logistics | evergreenlogistics | corporate | "
        "Atlanta, GA | smartrecruiters",
        "Evergreen Logistics Co. operates cold-chain warehouses across the Southeast.",
    ),
    _company(
        "Crescent Foods, Inc. | Crescent Foods | crescentfoods | corporate | Chicago, IL | workable",
        "Crescent Foods, Inc. produces packaged baked goods sold in 9,000 grocery stores.",
    ),
    _company(
        "Trellis Energy | Trellis Energy, LLC | trellisenergy | corporate | Houston, TX | greenhouse",
        "Trellis Energy develops utility-scale solar and battery storage projects.",
    ),
    _company(
        "Halcyon Media Group | Halcyon Media Group, Inc. | halcyonmedia | corporate | "
        "Los Angeles, CA; New York, NY | greenhouse",
        "Halcyon Media Group publishes digital lifestyle brands and produces podcasts.",
    ),
    _company(
        "Stonebridge Construction Group | Stonebridge Construction Group, Inc. | "
        "stonebridgeconstruction | corporate | Philadelphia, PA; New York, NY | workable",
        "Stonebridge Construction Group builds schools, hospitals and affordable housing in the Northeast.",
    ),
    _company(
        "Broadleaf University | Broadleaf University, Inc. | broadleaf | university | Boston, MA | -",
        "Broadleaf University is a private research university with 14,000 students.",
    ),
    # Federal agencies (USAJOBS)
    _company(
        "Department of Veterans Affairs | The Department of Veterans Affairs | va | gov | "
        "New York, NY; Chicago, IL; Washington, DC | usajobs",
        "The Department of Veterans Affairs provides health care and benefits to millions of veterans "
        "through its medical centers and regional offices.",
    ),
    _company(
        "Department of Justice | The Department of Justice | doj | gov | Washington, DC; New York, NY | usajobs",
        "The Department of Justice enforces federal law through its litigating divisions and the U.S. "
        "Attorneys' Offices.",
    ),
    _company(
        "Securities and Exchange Commission | The Securities and Exchange Commission | sec | gov | "
        "Washington, DC; New York, NY | usajobs",
        "The Securities and Exchange Commission protects investors and maintains fair, orderly and efficient markets.",
    ),
)
