"""Deterministic offline sample data for Sweepy: job posting records and a paralegal resume.

Run ``python -m sweepy.sample`` to regenerate the files in ``sweepy/data``.
"""

from __future__ import annotations

import datetime
import io
import json
import random
import re
import zipfile
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from math import gcd
from pathlib import Path
from typing import NamedTuple, TypeVar

__all__ = [
    "DATA_DIR",
    "SAMPLE_COUNT",
    "SAMPLE_SEED",
    "SAMPLE_TODAY",
    "generate_postings",
    "main",
    "write_sample_postings",
    "write_sample_resumes",
]

_T = TypeVar("_T")

DATA_DIR = Path(__file__).resolve().parent / "data"
SAMPLE_COUNT = 320
SAMPLE_SEED = 7
SAMPLE_TODAY = datetime.date(2026, 11, 20)

# Proportions per 320 records (scaled for other counts).
_MALFORMED_PER_320 = 10
_PAIRS_PER_320 = 25
_TRACKED_PER_320 = 5


class _Company(NamedTuple):
    name: str
    alt: str  # spelling used by a second platform in duplicate pairs
    slug: str
    kind: str
    cities: tuple[str, ...]
    ats: str  # applicant tracking system the company uses ("" = job boards only)
    blurb: str


class _Role(NamedTuple):
    key: str
    titles: tuple[str, ...]
    employers: tuple[tuple[str, float], ...]  # company kind -> weight
    nyc_p: float
    remote_p: float
    hybrid_p: float
    annual: tuple[int, int]
    hourly: tuple[int, int]
    hourly_p: float
    teams: tuple[str, ...]
    duties: tuple[str, ...]
    needs: tuple[str, ...]
    skills: tuple[str, ...]
    remotive: str


# --------------------------------------------------------------------------- companies


def _company(fields: str, blurb: str) -> _Company:
    """A company from "name | alt | slug | kind | city; city | ats" ("-" = job boards only)."""
    name, alt, slug, kind, cities, ats = (part.strip() for part in fields.split("|"))
    return _Company(name, alt, slug, kind, tuple(cities.split("; ")), "" if ats == "-" else ats, blurb)


_COMPANIES: tuple[_Company, ...] = (
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


# --------------------------------------------------------------------------- roles

_LEGAL_SKILLS = (
    "litigation support",
    "e-discovery",
    "Relativity",
    "legal research",
    "Westlaw",
    "LexisNexis",
    "document review",
    "deposition preparation",
    "court filings",
    "e-filing",
    "case management",
    "Clio",
    "Microsoft Office",
    "calendaring",
    "cite-checking",
    "Bluebook",
    "privilege logs",
    "trial preparation",
    "docketing",
)

_ROLES: tuple[_Role, ...] = (
    _Role(
        key="paralegal",
        titles=(
            "Paralegal",
            "Litigation Paralegal",
            "Senior Paralegal",
            "Corporate Paralegal",
            "Real Estate Paralegal",
            "Paralegal - Litigation",
            "Immigration Paralegal",
            "Bilingual Paralegal (Spanish)",
            "Junior Paralegal",
            "Trial Paralegal",
            "Personal Injury Paralegal",
            "Senior Litigation Paralegal",
            "Paralegal Specialist",
            "Document Review Paralegal (Temp)",
            "Paralegal / Case Manager",
        ),
        employers=(
            ("law", 6.0),
            ("legal_aid", 1.0),
            ("legal_staffing", 1.5),
            ("legaltech", 0.4),
            ("corporate", 0.4),
            ("finance", 0.3),
            ("pharma", 0.3),
            ("gov", 0.5),
        ),
        nyc_p=0.62,
        remote_p=0.08,
        hybrid_p=0.3,
        annual=(55_000, 95_000),
        hourly=(28, 45),
        hourly_p=0.25,
        teams=("litigation", "legal", "practice support", "trial", "commercial litigation"),
        duties=(
            "Provide litigation support to partners and associates from pleadings through trial",
            "Manage e-discovery workflows in Relativity, including searches, coding and productions",
            "Conduct legal research on Westlaw and LexisNexis and cite-check briefs and memoranda",
            "Coordinate document review and maintain privilege logs",
            "Handle deposition preparation: exhibit binders, witness outlines and transcript summaries",
            "Prepare, file and serve court filings, including e-filing through {efiling}",
            "Track deadlines and keep case management records current in Clio",
            "Draft subpoenas, discovery requests and responses, and routine correspondence",
            "Organize trial exhibits and support attorneys at hearings and trial",
            "Obtain records from courts, agencies and opposing counsel",
            "Maintain attorney calendars and docket court dates and filing deadlines",
        ),
        needs=(
            "Paralegal certificate from an ABA-approved program or a bachelor's degree",
            "{years}+ years of paralegal experience at a law firm or in-house legal department",
            "Working knowledge of {courts} rules and filing procedures",
            "Hands-on experience with Relativity or a comparable review platform",
            "Strong legal research skills using Westlaw or LexisNexis",
            "Proficiency with Microsoft Office (Word, Excel, Outlook) and Adobe Acrobat",
            "Excellent organization and attention to detail; able to juggle competing deadlines",
            "Experience with case management software such as Clio, PracticePanther or Aderant",
        ),
        skills=_LEGAL_SKILLS,
        remotive="finance-legal",
    ),
    _Role(
        key="legal_assistant",
        titles=(
            "Legal Assistant",
            "Litigation Legal Assistant",
            "Senior Legal Assistant",
            "Legal Assistant / Legal Secretary",
            "Bilingual Legal Assistant",
            "Legal Assistant - Real Estate",
        ),
        employers=(("law", 6.0), ("legal_aid", 1.0), ("legal_staffing", 2.0)),
        nyc_p=0.62,
        remote_p=0.03,
        hybrid_p=0.2,
        annual=(42_000, 66_000),
        hourly=(22, 32),
        hourly_p=0.3,
        teams=("litigation", "legal support", "real estate", "trusts and estates"),
        duties=(
            "Support two to three attorneys with calendaring, correspondence and client intake",
            "Format and proofread pleadings, motions and letters; prepare exhibits and tables of authorities",
            "E-file documents through {efiling} and track filing confirmations",
            "Open new matters and keep case management records in Clio up to date",
            "Schedule depositions, court reporters and conference rooms",
            "Process attorney time entries, expense reports and client invoices",
            "Organize document productions and maintain electronic and paper files",
            "Answer phones and greet clients with professionalism and discretion",
        ),
        needs=(
            "{years}+ years of experience as a legal assistant or legal secretary",
            "Familiarity with {courts} filing procedures",
            "Advanced Microsoft Office skills, including Word styles and Excel",
            "Typing speed of 60+ words per minute with high accuracy",
            "Paralegal or legal studies coursework preferred",
            "Strong written communication and the ability to handle confidential information",
        ),
        skills=(
            "calendaring",
            "e-filing",
            "court filings",
            "Microsoft Office",
            "Clio",
            "document management",
            "legal research",
            "document review",
            "scheduling",
            "client intake",
            "time entry",
            "case management",
            "iManage",
        ),
        remotive="finance-legal",
    ),
    _Role(
        key="law_clerk",
        titles=("Law Clerk", "Summer Law Clerk", "Part-Time Law Clerk", "Law Clerk (Post-Bar)", "Litigation Law Clerk"),
        employers=(("law", 5.0), ("gov", 1.5), ("legal_aid", 1.0)),
        nyc_p=0.6,
        remote_p=0.0,
        hybrid_p=0.15,
        annual=(48_000, 80_000),
        hourly=(22, 38),
        hourly_p=0.35,
        teams=("litigation", "trial", "appeals", "general practice"),
        duties=(
            "Research complex legal issues on Westlaw and LexisNexis and write memoranda",
            "Draft motions, briefs and discovery responses under attorney supervision",
            "Attend court conferences, depositions and client meetings",
            "Cite-check and Bluebook briefs before filing",
            "Summarize deposition transcripts and review documents for privilege and relevance",
            "Assist with preparing court filings and e-filing through {efiling}",
        ),
        needs=(
            "J.D. candidate or recent J.D. graduate; {courts} experience a plus",
            "Excellent legal research and writing skills",
            "Law review or moot court experience preferred",
            "Proficiency with Westlaw, LexisNexis and Microsoft Office",
            "Sitting for or admitted to the bar in the next 12 months (post-bar roles)",
        ),
        skills=(
            "legal research",
            "legal writing",
            "Westlaw",
            "LexisNexis",
            "Bluebook",
            "cite-checking",
            "document review",
            "court filings",
            "motion practice",
            "deposition preparation",
        ),
        remotive="finance-legal",
    ),
    _Role(
        key="litigation_support",
        titles=(
            "Litigation Support Specialist",
            "eDiscovery Analyst",
            "Litigation Support Analyst",
            "Senior Litigation Support Specialist",
            "eDiscovery Project Manager",
        ),
        employers=(("law", 3.0), ("legaltech", 3.0), ("legal_staffing", 1.0)),
        nyc_p=0.5,
        remote_p=0.3,
        hybrid_p=0.3,
        annual=(70_000, 115_000),
        hourly=(35, 55),
        hourly_p=0.1,
        teams=("litigation support", "e-discovery", "practice technology", "managed review"),
        duties=(
            "Process, search and produce ESI in Relativity and Nuix",
            "Build review workflows, coding layouts and search term reports for case teams",
            "Run productions with Bates numbering, redactions and load files (DAT/OPT)",
            "Advise attorneys on e-discovery strategy, defensibility and cost",
            "Manage vendors for collections, hosting and forensic imaging",
            "Prepare trial presentations and support hot-seat technology in the courtroom",
            "Train paralegals on review platforms and litigation support tools",
        ),
        needs=(
            "{years}+ years of litigation support or e-discovery experience",
            "Relativity Certified Administrator or Relativity Certified User preferred",
            "Working knowledge of the EDRM, load files and common ESI formats",
            "SQL or scripting experience is a plus",
            "Ability to explain technical issues clearly to attorneys and clients",
        ),
        skills=(
            "e-discovery",
            "Relativity",
            "Nuix",
            "litigation support",
            "document review",
            "EDRM",
            "load files",
            "TAR",
            "privilege logs",
            "SQL",
            "trial presentation",
            "Everlaw",
        ),
        remotive="finance-legal",
    ),
    _Role(
        key="software_engineer",
        titles=(
            "Software Engineer",
            "Senior Software Engineer",
            "Backend Engineer (Python)",
            "Platform Engineer",
            "Staff Software Engineer",
            "Site Reliability Engineer",
            "Full Stack Engineer",
            "Software Engineer II",
            "Senior Backend Engineer",
        ),
        employers=(("tech", 5.0), ("legaltech", 0.6), ("healthtech", 0.6), ("finance", 0.3)),
        nyc_p=0.3,
        remote_p=0.4,
        hybrid_p=0.35,
        annual=(120_000, 220_000),
        hourly=(70, 110),
        hourly_p=0.05,
        teams=("platform", "payments", "infrastructure", "product engineering", "data platform"),
        duties=(
            "Design, build and operate backend services in Python and Go",
            "Run services on Kubernetes in AWS and improve our deploy pipeline",
            "Model data and tune queries in PostgreSQL",
            "Write well-tested code and review pull requests from teammates",
            "Participate in an on-call rotation and lead blameless incident reviews",
            "Partner with product and design to scope features and ship iteratively",
            "Improve observability with metrics, tracing and structured logging",
            "Mentor engineers and contribute to technical design documents",
        ),
        needs=(
            "{years}+ years of professional software engineering experience",
            "Strong proficiency in Python or Go",
            "Experience with Kubernetes, Docker and AWS (or GCP)",
            "Solid understanding of PostgreSQL and relational data modeling",
            "Experience building and operating REST or gRPC APIs",
            "Clear written communication in a distributed team",
        ),
        skills=(
            "Python",
            "Go",
            "Kubernetes",
            "AWS",
            "PostgreSQL",
            "Docker",
            "Terraform",
            "gRPC",
            "REST APIs",
            "Redis",
            "Kafka",
            "CI/CD",
            "Linux",
            "TypeScript",
        ),
        remotive="software-dev",
    ),
    _Role(
        key="technical_writer",
        titles=(
            "Technical Writer",
            "Senior Technical Writer",
            "API Documentation Writer",
            "Documentation Engineer",
            "Technical Writer II",
            "Technical Writer (Contract)",
        ),
        employers=(("tech", 5.0), ("legaltech", 0.6), ("healthtech", 0.5), ("finance", 0.3), ("pharma", 0.4)),
        nyc_p=0.3,
        remote_p=0.5,
        hybrid_p=0.3,
        annual=(85_000, 150_000),
        hourly=(50, 85),
        hourly_p=0.12,
        teams=("developer experience", "documentation", "platform", "product"),
        duties=(
            "Write and maintain API documentation, reference guides and tutorials",
            "Own our docs-as-code pipeline: Markdown sources in Git, reviewed in pull requests",
            "Work with engineers to document REST endpoints from OpenAPI specifications",
            "Maintain the style guide and terminology list for product and developer docs",
            "Structure content for reuse with DITA topics and conditional text",
            "Measure documentation quality with search analytics and user feedback",
            "Write release notes and migration guides for each product release",
        ),
        needs=(
            "{years}+ years of technical writing experience, ideally for developer audiences",
            "Portfolio showing API documentation or developer guides",
            "Comfort with Markdown, Git and static site generators (Docusaurus, MkDocs or Hugo)",
            "Familiarity with OpenAPI/Swagger and reading code in Python or JavaScript",
            "Experience applying a style guide such as the Google developer documentation style guide",
        ),
        skills=(
            "API documentation",
            "docs-as-code",
            "Markdown",
            "Git",
            "DITA",
            "style guides",
            "OpenAPI",
            "Docusaurus",
            "MkDocs",
            "information architecture",
            "release notes",
            "reStructuredText",
        ),
        remotive="writing",
    ),
    _Role(
        key="ux_writer",
        titles=("UX Writer", "Senior UX Writer", "Content Designer", "UX Writer (Contract)"),
        employers=(("tech", 4.0), ("agency", 2.0), ("healthtech", 0.6)),
        nyc_p=0.35,
        remote_p=0.45,
        hybrid_p=0.3,
        annual=(95_000, 160_000),
        hourly=(55, 90),
        hourly_p=0.15,
        teams=("product design", "content design", "growth", "design systems"),
        duties=(
            "Write interface copy for onboarding flows, error messages and empty states",
            "Own voice and tone guidelines and the product content style guide",
            "Partner with designers in Figma from early concepts to final specs",
            "Run content tests and use research to improve clarity and conversion",
            "Build a shared terminology glossary and content patterns for the design system",
            "Review strings for accessibility, localization and plain language",
        ),
        needs=(
            "{years}+ years of UX writing or content design experience",
            "Portfolio showing product copy and the reasoning behind it",
            "Experience working in Figma with product designers and engineers",
            "Understanding of accessibility and plain-language principles",
        ),
        skills=(
            "UX writing",
            "content design",
            "Figma",
            "microcopy",
            "style guides",
            "voice and tone",
            "content strategy",
            "accessibility",
            "A/B testing",
            "localization",
        ),
        remotive="writing",
    ),
    _Role(
        key="nurse",
        titles=(
            "Registered Nurse - Med/Surg",
            "ICU Registered Nurse",
            "RN - Emergency Department",
            "Travel Nurse (ICU)",
            "Registered Nurse, Telemetry",
            "Charge Nurse - Med/Surg",
            "Per Diem RN",
            "Telehealth Registered Nurse",
        ),
        employers=(("hospital", 4.0), ("nurse_staffing", 1.5), ("gov", 0.8), ("healthtech", 0.4)),
        nyc_p=0.3,
        remote_p=0.0,
        hybrid_p=0.0,
        annual=(90_000, 140_000),
        hourly=(45, 70),
        hourly_p=0.7,
        teams=("nursing", "medical-surgical", "critical care", "emergency", "patient care"),
        duties=(
            "Deliver safe, evidence-based patient care for an assigned group of patients",
            "Assess patients, administer medications and document care in Epic",
            "Collaborate with physicians, case managers and therapists on care plans",
            "Educate patients and families on diagnoses, medications and discharge plans",
            "Respond to rapid responses and codes in line with BLS/ACLS protocols",
            "Precept new graduate nurses and support unit quality initiatives",
            "Maintain accurate EHR documentation and hand-off reports",
        ),
        needs=(
            "Active RN license in {state} (or compact license)",
            "Current BLS and ACLS certification from the American Heart Association",
            "{years}+ years of acute care experience (med-surg, telemetry or ICU)",
            "BSN preferred; ADN with BSN in progress considered",
            "Experience with Epic or another EHR",
        ),
        skills=(
            "RN license",
            "patient care",
            "EHR",
            "Epic",
            "BLS/ACLS",
            "med-surg",
            "ICU",
            "telemetry",
            "medication administration",
            "patient education",
            "IV therapy",
            "care planning",
        ),
        remotive="all-others",
    ),
    _Role(
        key="admin_assistant",
        titles=(
            "Administrative Assistant",
            "Executive Assistant",
            "Office Administrator",
            "Administrative Coordinator",
            "Front Desk Administrative Assistant",
            "Senior Administrative Assistant",
        ),
        employers=(
            ("corporate", 2.0),
            ("law", 1.0),
            ("hospital", 1.0),
            ("agency", 0.5),
            ("staffing", 1.2),
            ("university", 1.5),
            ("finance", 0.5),
            ("tech", 0.5),
            ("gov", 0.3),
        ),
        nyc_p=0.3,
        remote_p=0.04,
        hybrid_p=0.2,
        annual=(40_000, 62_000),
        hourly=(20, 29),
        hourly_p=0.3,
        teams=("operations", "office", "executive", "administrative"),
        duties=(
            "Handle calendar management and scheduling for executives and teams",
            "Coordinate travel, meetings and events, including catering and room setup",
            "Perform accurate data entry and maintain shared files and records",
            "Process invoices and expense reports in QuickBooks",
            "Prepare correspondence, presentations and spreadsheets in Microsoft Office",
            "Serve as the first point of contact for visitors and phone inquiries",
            "Order office supplies and coordinate with building management and vendors",
        ),
        needs=(
            "{years}+ years of administrative experience",
            "Proficiency in Microsoft Office (Outlook, Word, Excel, PowerPoint)",
            "Experience with QuickBooks or similar bookkeeping software",
            "Excellent organization, discretion and follow-through",
            "Typing speed of 55+ words per minute",
        ),
        skills=(
            "calendar management",
            "Microsoft Office",
            "scheduling",
            "data entry",
            "QuickBooks",
            "travel coordination",
            "Outlook",
            "Excel",
            "customer service",
            "filing",
            "Google Workspace",
        ),
        remotive="all-others",
    ),
    _Role(
        key="data_analyst",
        titles=(
            "Data Analyst",
            "Senior Data Analyst",
            "Business Intelligence Analyst",
            "Data Analyst, Operations",
            "Junior Data Analyst",
        ),
        employers=(
            ("tech", 2.0),
            ("healthtech", 0.5),
            ("corporate", 1.5),
            ("finance", 1.0),
            ("hospital", 0.5),
            ("university", 0.3),
        ),
        nyc_p=0.3,
        remote_p=0.35,
        hybrid_p=0.35,
        annual=(70_000, 120_000),
        hourly=(38, 60),
        hourly_p=0.05,
        teams=("analytics", "business intelligence", "operations", "finance"),
        duties=(
            "Write SQL to answer business questions and build reusable datasets",
            "Build and maintain dashboards in Tableau or Looker",
            "Analyze experiments and explain results to non-technical stakeholders",
            "Automate recurring reports with Python (pandas) and dbt",
            "Define metrics and keep data definitions consistent across teams",
            "Investigate data quality issues with engineering",
        ),
        needs=(
            "{years}+ years of experience in analytics",
            "Strong SQL skills; Python or R a plus",
            "Experience with a BI tool such as Tableau, Looker or Power BI",
            "Solid grounding in statistics and experiment design",
            "Clear communication of findings to leadership",
        ),
        skills=(
            "SQL",
            "Python",
            "pandas",
            "Tableau",
            "Looker",
            "Power BI",
            "Excel",
            "dbt",
            "statistics",
            "data visualization",
            "Snowflake",
            "A/B testing",
        ),
        remotive="data",
    ),
    _Role(
        key="compliance_analyst",
        titles=(
            "Compliance Analyst",
            "Senior Compliance Analyst",
            "AML Compliance Analyst",
            "Regulatory Compliance Analyst",
        ),
        employers=(
            ("finance", 3.0),
            ("pharma", 2.0),
            ("tech", 0.5),
            ("corporate", 0.8),
            ("gov", 0.4),
            ("healthtech", 0.3),
        ),
        nyc_p=0.35,
        remote_p=0.2,
        hybrid_p=0.45,
        annual=(70_000, 120_000),
        hourly=(35, 55),
        hourly_p=0.05,
        teams=("compliance", "risk", "legal and compliance", "regulatory affairs"),
        duties=(
            "Monitor regulatory changes and assess their impact on policies and procedures",
            "Conduct compliance testing and document findings and remediation",
            "Support regulatory exams and prepare responses to information requests",
            "Review marketing materials and communications for compliance",
            "Maintain the compliance calendar, policy library and training records",
            "Assist with KYC reviews, sanctions screening and AML alert investigations",
        ),
        needs=(
            "{years}+ years of compliance, audit or risk experience",
            "Knowledge of relevant regulations (SEC, FINRA, BSA/AML or FDA)",
            "Strong analytical writing and attention to detail",
            "Bachelor's degree; CAMS or CRCM certification a plus",
        ),
        skills=(
            "regulatory compliance",
            "AML",
            "KYC",
            "risk assessment",
            "policy writing",
            "compliance testing",
            "SEC",
            "FINRA",
            "audit",
            "Excel",
            "sanctions screening",
        ),
        remotive="finance-legal",
    ),
    _Role(
        key="customer_success",
        titles=(
            "Customer Success Manager",
            "Senior Customer Success Manager",
            "Customer Success Manager, Enterprise",
            "Customer Success Manager - Legal Tech",
        ),
        employers=(("tech", 3.0), ("legaltech", 1.5), ("healthtech", 0.5)),
        nyc_p=0.3,
        remote_p=0.45,
        hybrid_p=0.3,
        annual=(80_000, 130_000),
        hourly=(38, 60),
        hourly_p=0.03,
        teams=("customer success", "account management", "client services"),
        duties=(
            "Own a portfolio of accounts and drive adoption, retention and expansion",
            "Lead onboarding, quarterly business reviews and success planning",
            "Track account health in Salesforce and Gainsight and flag churn risk early",
            "Represent customer feedback to product and engineering",
            "Partner with sales on renewals and upsell opportunities",
        ),
        needs=(
            "{years}+ years in customer success or account management at a SaaS company",
            "Experience managing renewals and a book of business",
            "Excellent presentation and relationship-building skills",
            "Familiarity with Salesforce, Gainsight or HubSpot",
        ),
        skills=(
            "customer success",
            "account management",
            "Salesforce",
            "Gainsight",
            "onboarding",
            "renewals",
            "SaaS",
            "HubSpot",
            "QBRs",
            "churn reduction",
        ),
        remotive="customer-support",
    ),
    _Role(
        key="project_coordinator",
        titles=(
            "Project Coordinator",
            "Project Coordinator, Construction",
            "IT Project Coordinator",
            "Marketing Project Coordinator",
        ),
        employers=(("agency", 2.0), ("corporate", 2.0), ("tech", 1.0), ("university", 1.0), ("staffing", 0.5)),
        nyc_p=0.3,
        remote_p=0.15,
        hybrid_p=0.35,
        annual=(50_000, 75_000),
        hourly=(24, 36),
        hourly_p=0.15,
        teams=("project management", "operations", "delivery", "PMO"),
        duties=(
            "Maintain project schedules, budgets and status reports",
            "Schedule meetings, take minutes and follow up on action items",
            "Track tasks and risks in Asana, Jira or Smartsheet",
            "Coordinate vendors, contractors and internal stakeholders",
            "Prepare invoices, purchase orders and project documentation",
        ),
        needs=(
            "{years}+ years of project coordination or administrative experience",
            "Advanced Excel and Microsoft Office skills",
            "Experience with Asana, Jira, Smartsheet or Procore",
            "CAPM certification is a plus",
        ),
        skills=(
            "project coordination",
            "scheduling",
            "Asana",
            "Jira",
            "Smartsheet",
            "Microsoft Office",
            "budget tracking",
            "stakeholder communication",
            "Procore",
            "MS Project",
        ),
        remotive="business",
    ),
    _Role(
        key="contracts_administrator",
        titles=(
            "Contracts Administrator",
            "Contract Administrator",
            "Senior Contracts Administrator",
            "Contracts Manager",
            "Contract Specialist",
        ),
        employers=(
            ("corporate", 2.0),
            ("pharma", 1.5),
            ("gov", 1.0),
            ("hospital", 1.0),
            ("university", 0.5),
            ("law", 0.3),
            ("tech", 0.5),
        ),
        nyc_p=0.3,
        remote_p=0.25,
        hybrid_p=0.35,
        annual=(60_000, 98_000),
        hourly=(30, 45),
        hourly_p=0.05,
        teams=("legal operations", "contracts", "procurement", "commercial"),
        duties=(
            "Draft, review and negotiate NDAs, MSAs, SOWs and vendor agreements",
            "Maintain the contract repository and track renewals and obligations",
            "Route agreements for approval and signature in DocuSign",
            "Partner with legal, finance and procurement on contract terms and risk",
            "Report on contract cycle times and key dates",
        ),
        needs=(
            "{years}+ years of contract administration experience",
            "Familiarity with contract lifecycle management tools (Ironclad, Icertis or Agiloft)",
            "Paralegal certificate or bachelor's degree",
            "Strong attention to detail and knowledge of common commercial terms",
        ),
        skills=(
            "contract management",
            "contract drafting",
            "DocuSign",
            "Ironclad",
            "NDAs",
            "MSAs",
            "redlining",
            "CLM",
            "procurement",
            "Microsoft Office",
            "FAR",
        ),
        remotive="finance-legal",
    ),
)

_ROLE_WEIGHTS: dict[str, float] = {
    "paralegal": 0.112,
    "legal_assistant": 0.045,
    "law_clerk": 0.02,
    "litigation_support": 0.03,
    "software_engineer": 0.15,
    "technical_writer": 0.093,
    "ux_writer": 0.04,
    "nurse": 0.12,
    "admin_assistant": 0.11,
    "data_analyst": 0.09,
    "compliance_analyst": 0.05,
    "customer_success": 0.05,
    "project_coordinator": 0.05,
    "contracts_administrator": 0.04,
}

_MALFORMED_KINDS = (
    "missing_title", "missing_company", "ftp_url", "numeric_title", "salary_list",
    "bad_url", "missing_title", "missing_company", "numeric_title", "salary_list",
)  # fmt: skip
_LEGAL_FAMILY = frozenset({"paralegal", "legal_assistant", "law_clerk"})
_PAIR_LEGAL_SHARE = 0.32  # duplicate pairs lean towards legal roles (the demo persona)

# Extra duties/skills keyed on words in a title.
_TITLE_EXTRAS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "corporate",
        (
            "Maintain entity records and minute books and prepare annual filings",
            "Coordinate UCC, lien and litigation searches and assemble closing sets",
        ),
        ("entity management", "UCC searches"),
    ),
    (
        "real estate",
        (
            "Order title reports and coordinate closings, recordings and ACRIS filings",
            "Abstract leases and track critical dates",
        ),
        ("closings", "title review"),
    ),
    (
        "immigration",
        ("Prepare USCIS petitions (I-129, I-130, I-485) and supporting evidence",),
        ("USCIS forms",),
    ),
    (
        "personal injury",
        ("Request and summarize medical records and prepare bills of particulars",),
        ("medical records review",),
    ),
    ("bilingual", ("Communicate with Spanish-speaking clients and translate correspondence",), ("Spanish",)),
    (
        "trial",
        ("Prepare trial binders, exhibit lists and witness kits and support attorneys in court",),
        ("trial preparation",),
    ),
    (
        "document review",
        ("Code documents for responsiveness and privilege on a Relativity review team",),
        ("first-level review",),
    ),
    ("judicial", ("Draft bench memoranda and proposed orders for the judge",), ("bench memos",)),
    ("travel", ("Complete 13-week assignments with a weekly housing and meal stipend",), ("travel nursing",)),
    ("icu", ("Care for critically ill patients on ventilators and vasoactive drips",), ("critical care",)),
    (
        "telehealth",
        ("Triage patients by phone and video and coordinate follow-up care",),
        ("telephone triage",),
    ),
    ("executive", ("Manage complex calendars and travel for C-suite executives",), ("executive support",)),
    ("aml", ("Investigate transaction monitoring alerts and draft SAR narratives",), ("SAR filing",)),
    ("construction", ("Track RFIs, submittals and change orders in Procore",), ("submittals",)),
    ("site reliability", ("Own SLOs and error budgets and automate toil away",), ("SRE", "SLOs")),
    ("full stack", ("Build React front ends backed by Python services",), ("React",)),
    ("python", ("Build data-heavy services with Python, FastAPI and SQLAlchemy",), ("FastAPI", "SQLAlchemy")),
    (
        "enterprise",
        ("Manage a portfolio of strategic enterprise accounts above $250k ARR",),
        ("enterprise accounts",),
    ),
    (
        "legal tech",
        ("Onboard law firm customers and train paralegals and attorneys on the product",),
        ("legal operations",),
    ),
)

# --------------------------------------------------------------------------- locations

_NYC_CITIES = frozenset({"New York, NY", "Brooklyn, NY", "Queens, NY", "Bronx, NY", "Jersey City, NJ"})
_CITY_VARIANTS: dict[str, tuple[tuple[str, ...], tuple[float, ...]]] = {
    "New York, NY": (
        (
            "New York, NY",
            "Manhattan, New York, NY",
            "New York, NY 10004",
            "New York City, NY",
            "Manhattan, NY",
        ),
        tuple(accumulate((6.0, 2.5, 1.0, 1.0, 0.8))),
    ),
    "Queens, NY": (
        ("Queens, NY", "Long Island City, NY", "Flushing, NY"),
        tuple(accumulate((4.0, 1.5, 1.0))),
    ),
    "Brooklyn, NY": (("Brooklyn, NY", "Brooklyn, New York"), tuple(accumulate((5.0, 1.0)))),
}
_REMOTE_LOCS = ("Remote - US", "Remote", "United States (Remote)", "Remote (US/Canada)")
_REMOTE_CUM = tuple(accumulate((6.0, 2.0, 1.0, 1.0)))
_STATE_NAMES = {
    "NY": "New York",
    "NJ": "New Jersey",
    "MA": "Massachusetts",
    "IL": "Illinois",
    "CA": "California",
    "DC": "the District of Columbia",
    "TX": "Texas",
    "CO": "Colorado",
    "OH": "Ohio",
    "AZ": "Arizona",
    "FL": "Florida",
    "WA": "Washington",
    "PA": "Pennsylvania",
    "CT": "Connecticut",
    "GA": "Georgia",
    "MD": "Maryland",
    "MN": "Minnesota",
    "OR": "Oregon",
    "NC": "North Carolina",
    "TN": "Tennessee",
    "UT": "Utah",
}

# --------------------------------------------------------------------------- text pieces

_INTROS = (
    "{company} is hiring {a} {title} to join our {team} team.",
    "We are looking for {a} {title} to support our {team} team.",
    "{company} seeks an experienced {title} for its {team} group.",
    "Join {company} as {a} {title} and help our {team} team do its best work.",
    "As {a} {title} at {company}, you will be part of a collaborative {team} team.",
)
_REMOTE_SENTENCES = (
    "This is a fully remote role open to candidates anywhere in {region}.",
    "This position is 100% remote; you can work from anywhere in {region}.",
    "We are a remote-first company and this role is fully remote ({region}).",
)
_HYBRID_SENTENCES = (
    "This is a hybrid role with three days per week in our {city} office.",
    "Hybrid schedule: in the {city} office Tuesday through Thursday, remote the rest of the week.",
    "This role follows a hybrid model, with two to three days a week on-site in {city}.",
)
_ONSITE_SENTENCES = (
    "This position is on-site at our {city} office, Monday through Friday.",
    "This is an in-person role based in {city}.",
    "Work is performed on-site in {city}, five days a week.",
)
_BENEFITS: dict[str, tuple[str, ...]] = {
    "default": (
        "We offer medical, dental and vision coverage, a 401(k) with match and 20 days of paid time off.",
        "Benefits include comprehensive health insurance, commuter benefits, paid parental leave "
        "and an annual learning stipend.",
    ),
    "law": (
        "We offer a competitive salary, overtime eligibility, an annual bonus, fully paid health "
        "insurance and support for paralegal certification and CLE courses.",
        "Benefits include medical and dental coverage, a 401(k) with profit sharing, transit "
        "benefits and summer Fridays.",
    ),
    "hospital": (
        "Benefits include tuition reimbursement, shift differentials, a pension plan and health coverage from day one.",
        "We offer sign-on bonuses for eligible nurses, paid certification fees and flexible scheduling.",
    ),
    "gov": (
        "Federal benefits include FEHB health insurance, the Thrift Savings Plan (TSP), a FERS "
        "pension and 11 paid federal holidays.",
    ),
}
_KIND_BENEFITS = {
    kind: _BENEFITS["law"]
    if kind in ("law", "legal_aid", "legal_staffing")
    else _BENEFITS.get(kind, _BENEFITS["default"])
    for kind in ("law", "legal_aid", "legal_staffing", "hospital", "gov")
}
_EEO = (
    "{company} is an equal opportunity employer and welcomes applicants of all backgrounds.",
    "We are an Equal Opportunity Employer. All qualified applicants will receive consideration "
    "without regard to race, color, religion, sex, sexual orientation, gender identity, national "
    "origin, disability or veteran status.",
)
_DUTY_HEADS = ("Responsibilities:", "What you'll do:", "Key responsibilities:")
_NEED_HEADS = ("Requirements:", "Qualifications:", "What you'll bring:")

# --------------------------------------------------------------------------- platforms

_BOARD_WEIGHTS: dict[str, tuple[tuple[str, float], ...]] = {
    "law": (("linkedin", 2.0), ("indeed", 3.0)),
    "legal_aid": (("indeed", 2.0), ("linkedin", 1.0)),
    "legal_staffing": (("indeed", 3.0), ("linkedin", 2.0)),
    "legaltech": (("linkedin", 3.0), ("wellfound", 1.5), ("indeed", 1.0)),
    "tech": (("linkedin", 3.0), ("wellfound", 2.0), ("indeed", 1.0)),
    "healthtech": (("linkedin", 2.0), ("wellfound", 1.0), ("indeed", 1.0)),
    "hospital": (("indeed", 3.0), ("linkedin", 1.0)),
    "nurse_staffing": (("indeed", 3.0), ("linkedin", 1.0)),
    "agency": (("linkedin", 2.0), ("indeed", 1.0)),
    "staffing": (("indeed", 3.0), ("linkedin", 2.0)),
    "finance": (("linkedin", 3.0), ("indeed", 1.0)),
    "pharma": (("linkedin", 2.0), ("indeed", 2.0)),
    "corporate": (("linkedin", 2.0), ("indeed", 2.0)),
    "university": (("indeed", 2.0), ("linkedin", 2.0)),
    "gov": (("indeed", 1.0),),
}
_REMOTE_FRIENDLY = frozenset({"tech", "legaltech", "healthtech", "agency"})


class _Posting(NamedTuple):
    record: dict[str, object]
    company: _Company
    mode: str
    platform: str
    short_description: str  # what a second, poorer copy of the job shows


def _slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _article(title: str) -> str:
    return "an" if title[0] in "AEIOaeio" or title.startswith(("RN", "IT ")) else "a"


def _cum(pairs: tuple[tuple[str, float], ...]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    return tuple(p[0] for p in pairs), tuple(accumulate(p[1] for p in pairs))


def _quotas(total: int, weights: dict[str, float]) -> dict[str, int]:
    """Split ``total`` by ``weights`` with the largest-remainder method."""
    scale = sum(weights.values())
    raw = {k: total * w / scale for k, w in weights.items()}
    out = {k: int(v) for k, v in raw.items()}
    rest = total - sum(out.values())
    for k in sorted(raw, key=lambda k: (out[k] - raw[k], k))[:rest]:
        out[k] += 1
    return out


_ROLE_BY_KEY = {r.key: r for r in _ROLES}

# Titles only some employers use: (role, company kind) -> titles.
_KIND_TITLES: dict[tuple[str, str], tuple[str, ...]] = {
    ("nurse", "healthtech"): ("Telehealth Registered Nurse",),
    ("nurse", "nurse_staffing"): ("Travel Nurse (ICU)", "Travel Nurse - Med/Surg", "Per Diem RN"),
    ("paralegal", "gov"): ("Paralegal Specialist",),
    ("law_clerk", "gov"): ("Law Clerk", "Law Clerk (Post-Bar)"),
    ("contracts_administrator", "gov"): ("Contract Specialist",),
    ("project_coordinator", "corporate"): ("Project Coordinator", "Project Coordinator, Construction"),
    ("customer_success", "legaltech"): ("Customer Success Manager - Legal Tech", "Customer Success Manager"),
}
_SPECIAL_TITLES = frozenset(
    {
        "Telehealth Registered Nurse",
        "Travel Nurse (ICU)",
        "Paralegal Specialist",
        "Contract Specialist",
        "Project Coordinator, Construction",
        "Customer Success Manager - Legal Tech",
    }
)
_GENERAL_TITLES = {r.key: tuple(t for t in r.titles if t not in _SPECIAL_TITLES) for r in _ROLES}
_SENIOR_WORDS = ("Senior", "Sr.", "Staff", "Charge", "Manager")
_JUNIOR_WORDS = ("Junior", "Summer", "Post-Bar", "Front Desk")
_HOURLY_WORDS = ("Contract", "Temp", "Per Diem", "Travel")


class _TitleInfo(NamedTuple):
    slug: str
    key: str  # compared across platforms: lower-case words, "sr" spelled "senior"
    article: str
    duties: tuple[str, ...]
    skills: tuple[str, ...]
    senior: bool
    junior: bool
    hourly: bool


_TITLE_CACHE: dict[str, _TitleInfo] = {}


def _title_info(title: str) -> _TitleInfo:
    info = _TITLE_CACHE.get(title)
    if info is None:
        low = title.lower()
        duties: list[str] = []
        skills: list[str] = []
        for word, more_duties, more_skills in _TITLE_EXTRAS:
            if re.search(rf"\b{re.escape(word)}\b", low):
                duties.extend(more_duties)
                skills.extend(more_skills)
        words = re.findall(r"[a-z0-9]+", low)
        info = _TITLE_CACHE[title] = _TitleInfo(
            _slugify(title),
            " ".join("senior" if w == "sr" else w for w in words),
            _article(title),
            tuple(duties),
            tuple(skills),
            any(w in title for w in _SENIOR_WORDS),
            any(w in title for w in _JUNIOR_WORDS),
            any(w in title for w in _HOURLY_WORDS),
        )
    return info


_PLACE_NOISE = frozenset({"remote", "hybrid", "onsite", "on", "site", "in", "office"})
_PLACE_CACHE: dict[str, str] = {}


def _place_key(location: str) -> str:
    """The place part of a role's identity: the first comma part without remote/hybrid words."""
    key = _PLACE_CACHE.get(location)
    if key is None:
        words = re.findall(r"[a-z0-9]+", location.split(",")[0].lower())
        key = _PLACE_CACHE[location] = " ".join(w for w in words if w not in _PLACE_NOISE)
    return key


# More employers for large counts: names combined from parts, so 20,000 records stay varied.
_SYNTH_NAMES = (
    "Ashford", "Bramble", "Cobalt", "Dovetail", "Elmstead", "Foxhall", "Garnet", "Hollis", "Ironwood",
    "Juniper", "Kingsley", "Larkspur", "Marigold", "Norrell", "Oakhurst", "Pemberton", "Quarry",
    "Rosewood", "Saltmarsh", "Thornbury", "Umber", "Vesper", "Wexford", "Yarrow", "Zephyr", "Alcott",
    "Beaumont", "Carrow", "Delacroix", "Everly", "Fairbanks", "Greyling", "Hawthorne", "Iverson",
    "Jessup", "Kenwood", "Lindell", "Mercer", "Northam", "Ostrander",
)  # fmt: skip
# kind -> (name pattern, alternative spelling, ATS, blurb); {a} and {b} are name parts.
_SYNTH_KINDS: tuple[tuple[str, str, str, str, str], ...] = (
    ("law", "{a} & {b} LLP", "{a} and {b} LLP", "greenhouse",
     "{name} is a litigation and commercial law firm representing businesses and individuals."),
    ("law", "{a} {b} Law Group", "{a} {b} Law Group, PLLC", "",
     "{name} is a boutique firm handling employment, real estate and personal injury matters."),
    ("law", "{a} & {b} PC", "{a} & {b}", "workable",
     "{name} is a regional firm with trial, appellate and insurance defense practices."),
    ("legal_aid", "{a} Legal Aid Society", "{a} Legal Aid Society, Inc.", "",
     "{name} is a nonprofit providing free civil legal services to low-income families."),
    ("legal_staffing", "{a} Legal Staffing", "{a} Legal Staffing, LLC", "",
     "{name} places paralegals and legal assistants with law firms and in-house teams."),
    ("legaltech", "{a}{b_low} Legal, Inc.", "{a}{b_low} Legal", "ashby",
     "{name} builds software for litigation teams and legal operations."),
    ("hospital", "{a} Medical Center", "{a} Medical Center, Inc.", "smartrecruiters",
     "{name} is a nonprofit acute care hospital serving its community for over 80 years."),
    ("hospital", "{a} {b} Community Hospital", "{a} {b} Community Hospital, Inc.", "workable",
     "{name} is a community hospital with emergency, surgical and maternity services."),
    ("nurse_staffing", "{a} Nurse Staffing", "{a} Nurse Staffing, LLC", "",
     "{name} connects travel and per diem nurses with hospitals nationwide."),
    ("tech", "{a} Labs, Inc.", "{a} Labs", "greenhouse",
     "{name} builds developer tools and APIs for growing software teams."),
    ("tech", "{a}{b_low}, Inc.", "{a}{b_low}", "lever",
     "{name} makes workflow software for operations teams."),
    ("tech", "{a} Software", "{a} Software, Inc.", "ashby",
     "{name} builds analytics and automation products for mid-market companies."),
    ("healthtech", "{a} Health, Inc.", "{a} Health", "ashby",
     "{name} offers virtual care and care coordination software."),
    ("agency", "{a} Studio, LLC", "{a} Studio", "recruitee",
     "{name} is a design and content studio for consumer and nonprofit brands."),
    ("staffing", "{a} Staffing Group", "{a} Staffing Group, Inc.", "",
     "{name} recruits administrative and operations professionals."),
    ("finance", "{a} {b} Capital", "{a} {b} Capital, LLC", "greenhouse",
     "{name} is an investment adviser serving institutions and families."),
    ("pharma", "{a} Therapeutics, Inc.", "{a} Therapeutics", "workable",
     "{name} develops medicines for rare and chronic diseases."),
    ("corporate", "{a} Holdings, Inc.", "{a} Holdings", "smartrecruiters",
     "{name} operates a portfolio of distribution and services businesses."),
    ("corporate", "{a} {b} Logistics", "{a} {b} Logistics Co.", "recruitee",
     "{name} runs warehousing and regional freight operations."),
    ("university", "{a} College", "{a} College, Inc.", "",
     "{name} is a private liberal arts college."),
)  # fmt: skip
_SYNTH_CITIES = (
    "New York, NY", "New York, NY", "Brooklyn, NY", "Queens, NY", "Jersey City, NJ", "Hoboken, NJ",
    "Newark, NJ", "Boston, MA", "Chicago, IL", "San Francisco, CA", "Los Angeles, CA", "San Diego, CA",
    "Seattle, WA", "Portland, OR", "Austin, TX", "Dallas, TX", "Houston, TX", "Denver, CO",
    "Salt Lake City, UT", "Phoenix, AZ", "Minneapolis, MN", "Atlanta, GA", "Miami, FL",
    "Nashville, TN", "Raleigh, NC", "Philadelphia, PA", "Pittsburgh, PA", "Washington, DC",
    "Baltimore, MD", "Columbus, OH", "Stamford, CT",
)  # fmt: skip
_SYNTH_START = 320  # the curated sample needs none


def _synthetic_companies(count: int, rng: random.Random) -> list[_Company]:
    out: list[_Company] = []
    seen = {c.slug for c in _COMPANIES}
    n = len(_SYNTH_NAMES)
    while len(out) < count and len(seen) < 40_000:
        kind, pattern, alt, ats, blurb = rng.choice(_SYNTH_KINDS)
        a, b = rng.choice(_SYNTH_NAMES), _SYNTH_NAMES[rng.randrange(n)]
        if a == b:
            continue
        name = pattern.format(a=a, b=b, b_low=b.lower())
        slug = _slugify(name.replace(", Inc.", "").replace(" LLP", "").replace(" PC", "")).replace("-", "")
        if slug in seen:
            continue
        seen.add(slug)
        cities = tuple(dict.fromkeys(rng.choice(_SYNTH_CITIES) for _ in range(rng.choice((1, 1, 2)))))
        out.append(
            _Company(name, alt.format(a=a, b=b, b_low=b.lower()), slug, kind, cities, ats, blurb.format(name=name))
        )
    return out


_Pools = dict[tuple[str, bool], tuple[tuple[_Company, ...], tuple[float, ...]]]


def _build_pools(companies: Sequence[_Company]) -> _Pools:
    """Employers for each role, split by whether they sit in the NYC metro."""
    pools: _Pools = {}
    for role in _ROLES:
        kinds = dict(role.employers)
        for nyc in (True, False):
            members = [c for c in companies if c.kind in kinds and (c.cities[0] in _NYC_CITIES) == nyc]
            weights = [kinds[c.kind] for c in members]
            pools[(role.key, nyc)] = (tuple(members), tuple(accumulate(weights)))
    return pools


_POOLS = _build_pools(_COMPANIES)
_BOARDS = {kind: _cum(pairs) for kind, pairs in _BOARD_WEIGHTS.items()}


def _title_variant(title: str) -> str:
    """A second platform's spelling of the same title (Sr./Senior, punctuation)."""
    if title.startswith("Senior "):
        return "Sr. " + title[7:]
    if " - " in title:
        return title.replace(" - ", ", ", 1)
    if ", " in title:
        return title.replace(", ", " - ", 1)
    if " (" in title:
        return title.replace(" (", " - ").replace(")", "")
    if " / " in title:
        return title.replace(" / ", "/")
    return title


_APPLY_SUFFIX = {"lever": "/apply", "ashby": "/application", "greenhouse": "#app"}


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_Orders = tuple[tuple[str, ...], ...]
_ROLE_TEXT: dict[tuple[str, str], tuple[_Orders, _Orders, _Orders]] = {}


def _orders(items: tuple[str, ...]) -> _Orders:
    """Every visit order of ``items`` by a start and a stride coprime with its length."""
    n = len(items)
    strides = [s for s in range(1, max(n, 2)) if gcd(s, n) == 1]
    return tuple(tuple(items[(a + i * s) % n] for i in range(n)) for a in range(n) for s in strides)


def _role_text(role: _Role, state: str) -> tuple[_Orders, _Orders, _Orders]:
    """A role's duties, requirements and skills in many orders, with state-specific wording filled in."""
    key = (role.key, state)
    hit = _ROLE_TEXT.get(key)
    if hit is None:
        if state == "NY":
            courts = "New York State courts (Supreme Court, Civil Court) and S.D.N.Y./E.D.N.Y."
            efiling = "NYSCEF and PACER/CM/ECF"
        elif state == "NJ":
            courts = "New Jersey Superior Court and D.N.J."
            efiling = "NJ eCourts and PACER/CM/ECF"
        else:
            courts = "state and federal court"
            efiling = "the state e-filing system and PACER/CM/ECF"
        fill = {
            "courts": courts,
            "efiling": efiling,
            "years": "{years}",
            "state": _STATE_NAMES.get(state, "the state where you practice"),
        }
        duties = tuple(d.format(**fill) for d in role.duties)
        needs = tuple(n.format(**fill) for n in role.needs)
        skills = _ROLE_TEXT[(role.key, "")][2] if (role.key, "") in _ROLE_TEXT else _orders(role.skills)
        hit = _ROLE_TEXT[key] = (_orders(duties), _orders(needs), skills)
    return hit


_VARIANTS = 8  # description bodies per (title, jurisdiction, format); more come from intros etc.
_MIDDLE_MAX = 1400
_PAD = (
    "Applications are reviewed on a rolling basis; please include a resume and a short note about "
    "your interest in the role."
)


def _middle_text(heads: tuple[str, str], duties: list[str], needs: list[str], skills: list[str], html: bool) -> str:
    if html:
        return (
            f"<p><strong>{heads[0][:-1]}</strong></p><ul><li>"
            + "</li><li>".join(map(_esc, duties))
            + f"</li></ul><p><strong>{heads[1][:-1]}</strong></p><ul><li>"
            + "</li><li>".join(map(_esc, needs))
            + f"</li></ul><p><strong>Skills:</strong> {_esc(', '.join(skills))}</p>"
        )
    return (
        f"\n\n{heads[0]}\n- "
        + "\n- ".join(duties)
        + f"\n\n{heads[1]}\n- "
        + "\n- ".join(needs)
        + f"\n\nSkills: {', '.join(skills)}\n\n"
    )


def _describe(intro: str, middle: str, sentence: str, closing: list[str], html: bool) -> str:
    """A description of 600-2,000 characters: intro, middle, workplace sentence, benefits."""
    if html:
        text = f"<p>{_esc(intro)}</p>{middle}<p>{_esc(sentence)}</p>"
        extra = "".join(f"<p>{_esc(c)}</p>" for c in closing)
        if extra and len(text) + len(extra) + 45 > 2000:
            extra = f"<p>{_esc(closing[0])}</p>"
        if extra and len(text) + len(extra) + 45 <= 2000:
            text += "<p><strong>Benefits &amp; perks</strong></p>" + extra
        if len(text) < 600:
            text += f"<p>{_PAD}</p>"
        return text
    text = f"{intro}{middle}{sentence}"
    extra = " ".join(closing)
    if extra and len(text) + len(extra) + 2 > 2000:
        extra = closing[0]
    if extra and len(text) + len(extra) + 2 <= 2000:
        text += "\n\n" + extra
    if len(text) < 600:
        text += "\n\n" + _PAD
    return text


class _Generator:
    """All randomness flows through one random.Random; helpers avoid its slower methods."""

    def __init__(self, seed: int, today: datetime.date, extra_companies: int = 0) -> None:
        self.rng = random.Random(seed)
        self.pools = _POOLS
        if extra_companies:
            synthetic = _synthetic_companies(extra_companies, random.Random(seed + 1))
            self.pools = _build_pools([*_COMPANIES, *synthetic])
        self.r = self.rng.random
        self.today = today
        self.days = [(today - datetime.timedelta(days)).isoformat() for days in range(401)]
        self.used_urls: set[str] = set()
        self.middles: dict[tuple[str, str, bool, int], tuple[str, str]] = {}
        self.role_keys: set[tuple[str, str, str]] = set()

    # ---- small, fast helpers (random.choice/sample/randint are several times slower)
    def pick(self, items: Sequence[_T]) -> _T:
        return items[int(self.r() * len(items))]

    def num(self, low: int, high: int) -> int:
        """Uniform integer in [low, high]."""
        return low + int(self.r() * (high - low + 1))

    def weighted(self, items: Sequence[_T], cum: tuple[float, ...]) -> _T:
        return items[min(bisect_right(cum, self.r() * cum[-1]), len(items) - 1)]

    # ---- location / workplace
    def location(self, role: _Role, company: _Company) -> tuple[str, str, str]:
        """Return (workplace mode, location text, sentence about the workplace)."""
        r = self.r
        remote_p = role.remote_p
        if role.key == "nurse":
            remote_p = 0.85 if company.kind == "healthtech" else 0.0
        elif company.kind in ("hospital", "gov", "legal_aid") and role.key != "data_analyst":
            remote_p *= 0.3
        cities = company.cities
        city = cities[0] if len(cities) == 1 or r() < 0.7 else self.pick(cities[1:])
        variants = _CITY_VARIANTS.get(city)
        shown = self.weighted(*variants) if variants else city
        city_short = shown.split(",")[0].replace(" 10004", "").replace("New York City", "New York")
        roll = r()
        if roll < remote_p:
            region = "the US"
            if company.kind in _REMOTE_FRIENDLY and r() < 0.12:
                loc, region = "Remote (EU only)", "the EU"
            elif r() < 0.1:
                loc = ""
            else:
                loc = self.weighted(_REMOTE_LOCS, _REMOTE_CUM)
                if loc == "Remote (US/Canada)":
                    region = "the US or Canada"
            return "remote", loc, self.pick(_REMOTE_SENTENCES).format(region=region)
        if roll < remote_p + role.hybrid_p:
            loc = f"Hybrid - {shown}" if r() < 0.4 else shown
            return "hybrid", loc, self.pick(_HYBRID_SENTENCES).format(city=city_short)
        return "onsite", shown, self.pick(_ONSITE_SENTENCES).format(city=city_short)

    # ---- description
    def middle(self, role: _Role, title: str, state: str, html: bool) -> tuple[str, str]:
        """Responsibilities, requirements and skills, full and short; a few variants per title and place."""
        juris = state if role.key == "nurse" or state in ("NY", "NJ") else ""
        key = (title, juris, html, int(self.r() * _VARIANTS))
        hit = self.middles.get(key)
        if hit is None:
            info = _title_info(title)
            duty_orders, need_orders, skill_orders = _role_text(role, juris)
            years = str(self.num(5, 7) if info.senior else (1 if info.junior else self.num(2, 4)))
            duties = [*info.duties, *self.pick(duty_orders)[: self.num(4, 6)]]
            needs = [n.replace("{years}", years) for n in self.pick(need_orders)[: self.num(3, 5)]]
            skills = [*info.skills, *self.pick(skill_orders)[: self.num(6, 9)]]
            if juris == "NY" and role.key in _LEGAL_FAMILY:
                skills.append("NYSCEF")
            heads = (self.pick(_DUTY_HEADS), self.pick(_NEED_HEADS))
            full = _middle_text(heads, duties, needs, skills, html)
            while len(full) > _MIDDLE_MAX:
                if len(duties) > 3:
                    duties.pop()
                elif len(needs) > 2:
                    needs.pop()
                else:
                    skills.pop()
                full = _middle_text(heads, duties, needs, skills, html)
            short = _middle_text(heads, duties[:3], needs[:2], skills[:5], html)
            hit = self.middles[key] = (full, short)
        return hit

    # ---- salary
    def salary(self, role: _Role, title: str, loc: str) -> object:
        r = self.r
        info = _title_info(title)
        mult = 1.18 if info.senior else (0.85 if info.junior else 1.0)
        if loc == "Remote (EU only)":
            lo_k = int(role.annual[0] * 0.55 * mult / 1000)
            hi_k = lo_k + self.num(8, 20)
            form = r()
            if form < 0.4:
                return f"€{lo_k}k"
            if form < 0.75:
                return f"€{lo_k}k - €{hi_k}k"
            return {"min": lo_k * 1000, "max": hi_k * 1000, "currency": "EUR", "period": "year"}
        if "Travel" in title:
            lo = 50 * self.num(44, 60)
            return {"min": lo, "max": lo + 50 * self.num(4, 10), "currency": "USD", "period": "week"}
        if "Per Diem" in title and r() < 0.6:
            lo = 10 * self.num(42, 56)
            return {"min": lo, "max": lo + 60, "currency": "USD", "period": "day"}
        if info.hourly or r() < role.hourly_p:
            a, b = role.hourly
            span = b - a
            lo_h = round((a + r() * span * 0.7) * mult)
            hi_h = lo_h + self.num(3, max(4, span // 2))
            form = r()
            if form < 0.3:
                return f"${lo_h}/hr"
            if form < 0.65:
                return f"${lo_h} - ${hi_h} an hour"
            if form < 0.8:
                return f"${lo_h:.2f} - ${hi_h:.2f} per hour"
            return {"min": lo_h, "max": hi_h, "currency": "USD", "period": "hour"}
        a, b = role.annual
        span = b - a
        lo = int((a + r() * span * 0.65) * mult / 1000) * 1000
        hi = lo + int(span * (0.12 + r() * 0.22) / 1000) * 1000
        form = r()
        if form < 0.3:
            return f"${lo:,} - ${hi:,} a year"
        if form < 0.42:
            return f"${lo // 1000}K-${hi // 1000}K"
        if form < 0.5:
            return f"USD {lo}-{hi} per year"
        if form < 0.56:
            return f"From ${lo:,} a year"
        if form < 0.64:
            return f"${round(lo / 12, -2):,.0f}/month"
        if form < 0.7:
            return {
                "min": int(round(lo / 12, -2)),
                "max": int(round(hi / 12, -2)),
                "currency": "USD",
                "period": "month",
            }
        return {"min": lo, "max": hi, "currency": "USD", "period": "year"}

    def posted_at(self, days: int | None = None) -> str:
        r = self.r
        if days is None:
            days = self.num(90, 400) if r() < 0.1 else int(r() ** 1.3 * 31)
        day = self.days[days] if days < len(self.days) else (self.today - datetime.timedelta(days)).isoformat()
        if r() < 0.25:
            return f"{day}T{self.num(8, 20):02d}:{5 * self.num(0, 11):02d}:00Z"
        return day

    # ---- platforms and URLs
    def platform(self, company: _Company, remote: bool, exclude: str = "") -> str:
        r = self.r
        if company.ats and company.ats != exclude and (r() < 0.6 or company.kind == "gov"):
            return company.ats
        choice = "remotive" if remote and r() < 0.3 else self.weighted(*_BOARDS[company.kind])
        if choice == exclude:
            if company.ats and company.ats != exclude:
                return company.ats
            return "indeed" if exclude != "indeed" else "linkedin"
        return choice

    def url(self, platform: str, company: _Company, title: str, category: str) -> str:
        num = self.num
        slug = _title_info(title).slug
        for attempt in range(1, 10_000):
            if platform == "greenhouse":
                host = "boards.greenhouse.io" if self.r() < 0.6 else "job-boards.greenhouse.io"
                url = f"https://{host}/{company.slug}/jobs/{num(4_000_000, 7_999_999)}"
            elif platform == "lever":
                url = f"https://jobs.lever.co/{company.slug}/{self.uuid()}"
            elif platform == "ashby":
                url = f"https://jobs.ashbyhq.com/{company.slug}/{self.uuid()}"
            elif platform == "workable":
                url = f"https://apply.workable.com/{company.slug}/j/{self.rng.getrandbits(40):010X}/"
            elif platform == "smartrecruiters":
                job_id = num(743_999_000_000, 744_000_999_999)
                url = f"https://jobs.smartrecruiters.com/{re.sub(r'[^A-Za-z0-9]', '', company.name)}/{job_id}-{slug}"
            elif platform == "recruitee":
                suffix = "" if attempt == 1 else f"-{attempt}"
                url = f"https://{company.slug}.recruitee.com/o/{slug}{suffix}"
            elif platform == "linkedin":
                url = f"https://www.linkedin.com/jobs/view/{num(3_900_000_000, 4_299_999_999)}/"
            elif platform == "indeed":
                url = f"https://www.indeed.com/viewjob?jk={self.rng.getrandbits(64):016x}"
            elif platform == "remotive":
                url = f"https://remotive.com/remote-jobs/{category}/{slug}-{num(1_800_000, 2_099_999)}"
            elif platform == "usajobs":
                url = f"https://www.usajobs.gov/job/{num(800_000_000, 859_999_999)}"
            else:  # wellfound
                url = f"https://wellfound.com/jobs/{num(2_500_000, 3_299_999)}-{slug}"
            if url not in self.used_urls:
                self.used_urls.add(url)
                return url
        raise RuntimeError("could not find a unique URL")  # pragma: no cover

    def uuid(self) -> str:
        h = f"{self.rng.getrandbits(128):032x}"
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[int(h[16], 16) & 3]}{h[17:20]}-{h[20:]}"

    @staticmethod
    def tracking(url: str, platform: str, generic: bool) -> str:
        if generic or platform not in ("greenhouse", "lever"):
            params = "utm_source=linkedin&utm_medium=jobs"
        else:
            params = "gh_src=abc123" if platform == "greenhouse" else "lever-source=LinkedIn"
        return f"{url}{'&' if '?' in url else '?'}{params}"

    def noisy(self, url: str, platform: str) -> str:
        """Tracking params, a trailing slash, a #fragment or an upper-case host."""
        kind = self.num(0, 3)
        if kind == 0:
            return self.tracking(url, platform, self.r() < 0.5)
        if kind == 1 and "?" not in url:
            return url[:-1] if url.endswith("/") else url + "/"
        if kind == 2:
            return url + "#apply"
        scheme, rest = url.split("://", 1)
        host, _, path = rest.partition("/")
        return f"{scheme}://{host.upper() if self.r() < 0.5 else host.title()}/{path}"

    def apply_url(self, platform: str, url: str, company: _Company, title: str, category: str) -> str:
        if platform in ("linkedin", "indeed", "remotive", "wellfound"):
            if company.ats and company.ats != "usajobs":
                return self.url(company.ats, company, title, category)
            return ""
        suffix = _APPLY_SUFFIX.get(platform)
        return url + suffix if suffix else ""

    # ---- records
    def posting(self, role: _Role, *, nyc: bool | None = None, pair: bool = False) -> _Posting:
        r = self.r
        if nyc is None:
            nyc = r() < role.nyc_p
        members, cum = self.pools[(role.key, nyc)]
        if not members:
            members, cum = self.pools[(role.key, not nyc)]
        for attempt in range(6):  # avoid accidental duplicates of one role (a few remain at large counts)
            if attempt % 2 == 0:
                company = self.weighted(members, cum)
                titles = _KIND_TITLES.get((role.key, company.kind)) or _GENERAL_TITLES[role.key]
                mode, loc, sentence = self.location(role, company)
                place = _place_key(loc)
            title = titles[int(r() * len(titles))]
            info = _title_info(title)
            role_key = (company.slug, info.key, place)
            if role_key not in self.role_keys:
                break
        self.role_keys.add(role_key)
        rec: dict[str, object] = {"title": title, "company": company.name, "location": loc}
        if r() < 0.7:
            rec["workplace"] = mode
        salary = self.salary(role, title, loc)
        if pair or r() < 0.77:
            rec["salary"] = salary
        rec["posted_at"] = self.posted_at()
        platform = self.platform(company, mode == "remote")
        url = self.url(platform, company, title, role.remotive)
        if r() < 0.86:
            rec["platform"] = platform
        rec["url"] = url
        if r() < 0.25:
            apply = self.apply_url(platform, url, company, title, role.remotive)
            if apply:
                rec["apply_url"] = apply

        # description: intro, role-specific middle, workplace sentence, benefits
        state = (loc or company.cities[0])[-2:]
        if not state.isupper() or state in ("US", "EU"):
            state = company.cities[0][-2:]
        html = r() < 0.15
        full, short = self.middle(role, title, state, html)
        teams = role.teams
        intro = _INTROS[int(r() * len(_INTROS))].format(
            company=company.name, a=info.article, title=title, team=teams[int(r() * len(teams))]
        )
        intro = f"{intro} {company.blurb}"
        benefits = _KIND_BENEFITS.get(company.kind, _BENEFITS["default"])
        closing = [benefits[int(r() * len(benefits))]]
        if r() < 0.5:
            closing.append(_EEO[int(r() * len(_EEO))].format(company=company.name))
        rec["description"] = _describe(intro, full, sentence, closing, html)
        return _Posting(rec, company, mode, platform, _describe(intro, short, sentence, [], html) if pair else "")

    def pair(self, role: _Role) -> list[dict[str, object]]:
        """The same job on two platforms: one copy richer (longer text and a salary)."""
        first = self.posting(role, nyc=self.r() < max(role.nyc_p, 0.5), pair=True)
        rec = first.record
        company = first.company
        title = _title_variant(str(rec["title"]))
        platform = self.platform(company, first.mode == "remote", exclude=first.platform)
        twin: dict[str, object] = {"title": title, "company": company.alt, "location": rec["location"]}
        if "workplace" in rec and self.r() < 0.6:
            twin["workplace"] = rec["workplace"]
        age = (self.today - datetime.date.fromisoformat(str(rec["posted_at"])[:10])).days
        twin["posted_at"] = self.posted_at(max(0, age - self.num(0, 3)))
        twin["platform"] = platform
        twin["url"] = self.url(platform, company, title, role.remotive)
        twin["description"] = first.short_description
        return [rec, twin] if self.r() < 0.5 else [twin, rec]

    def malformed(self, role: _Role, kind: str) -> dict[str, object]:
        rec = self.posting(role).record
        if kind == "missing_title":
            del rec["title"]
        elif kind == "missing_company":
            del rec["company"]
        elif kind == "ftp_url":
            rec["url"] = "ftp://x"
        elif kind == "bad_url":
            rec["url"] = "not a url"
        elif kind == "numeric_title":
            rec["title"] = self.num(10_000, 99_999)
        else:  # salary_list
            rec["salary"] = [60_000, 80_000]
        return rec


def generate_postings(
    count: int,
    seed: int = 7,
    today: datetime.date = datetime.date(2026, 11, 20),
) -> list[dict[str, object]]:
    """Deterministically generate ``count`` realistic, deliberately messy posting records.

    Per 320 records: about 10 malformed records, 25 roles posted on two platforms and 5 URLs
    repeated with tracking parameters; larger counts scale these proportionally.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    gen = _Generator(seed, today, max(0, count - _SYNTH_START) // 12)
    rng = gen.rng
    n_bad = round(count * _MALFORMED_PER_320 / 320)
    n_pairs = round(count * _PAIRS_PER_320 / 320)
    n_tracked = round(count * _TRACKED_PER_320 / 320)
    while count - n_bad - 2 * n_pairs - n_tracked < 0:  # tiny counts: fewer special cases
        if n_pairs:
            n_pairs -= 1
        elif n_tracked:
            n_tracked -= 1
        else:
            n_bad -= 1
    n_single = count - n_bad - 2 * n_pairs - n_tracked

    role_keys = [key for key, n in _quotas(n_single + n_bad, _ROLE_WEIGHTS).items() for _ in range(n)]
    rng.shuffle(role_keys)
    non_legal = [i for i, key in enumerate(role_keys) if key not in _LEGAL_FAMILY]
    bad_slots = set(non_legal[:n_bad]) if len(non_legal) >= n_bad else set(range(n_bad))

    records: list[dict[str, object]] = []
    singles: list[_Posting] = []
    for i, key in enumerate(role_keys):
        role = _ROLE_BY_KEY[key]
        if i in bad_slots:
            kind = _MALFORMED_KINDS[(len(records) - len(singles)) % len(_MALFORMED_KINDS)]
            records.append(gen.malformed(role, kind))
        else:
            posting = gen.posting(role)
            records.append(posting.record)
            singles.append(posting)

    pair_legal = round(n_pairs * _PAIR_LEGAL_SHARE)
    pair_quota = _quotas(pair_legal, {"paralegal": 0.7, "legal_assistant": 0.2, "law_clerk": 0.1})
    pair_quota.update(_quotas(n_pairs - pair_legal, {k: w for k, w in _ROLE_WEIGHTS.items() if k not in _LEGAL_FAMILY}))
    pair_keys = [key for key, n in pair_quota.items() for _ in range(n)]
    rng.shuffle(pair_keys)
    for key in pair_keys:
        records.extend(gen.pair(_ROLE_BY_KEY[key]))

    # Exact-URL duplicates that differ only by tracking parameters.
    clean = [p for p in singles if "?" not in str(p.record["url"])]
    sources = rng.sample(clean, min(n_tracked, len(clean)))
    for src in sources:
        copy = dict(src.record)
        copy["url"] = gen.tracking(str(src.record["url"]), src.platform, gen.r() < 0.3)
        records.append(copy)

    # A few other URLs with noise that canonicalisation must undo.
    skip = {id(p.record) for p in sources}
    for posting in singles:
        if id(posting.record) not in skip and gen.r() < 0.04:
            posting.record["url"] = gen.noisy(str(posting.record["url"]), posting.platform)

    rng.shuffle(records)
    return records


def write_sample_postings(path: Path, count: int = SAMPLE_COUNT, seed: int = SAMPLE_SEED) -> Path:
    """Write ``count`` generated postings to ``path`` as JSON Lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(rec, ensure_ascii=False) + "\n" for rec in generate_postings(count, seed, SAMPLE_TODAY)]
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(lines)
    return path


# --------------------------------------------------------------------------- resume

_RESUME_NAME = "Alex Rivera"
_RESUME_TITLE = "Litigation Paralegal"
_RESUME_CONTACT = (
    "Brooklyn, NY 11215 | (917) 555-0142 | alex.rivera@example.com | linkedin.com/in/alex-rivera-paralegal"
)
_RESUME_SUMMARY = (
    "Litigation paralegal with 7+ years of experience supporting commercial litigation and employment "
    "teams at New York law firms, after two years as a legal assistant in housing court. Skilled in "
    "e-discovery and document review in Relativity, legal research on Westlaw and LexisNexis, "
    "deposition preparation and court filings in New York State and federal courts, including "
    "e-filing through NYSCEF and PACER/CM/ECF. Known for airtight calendaring and calm trial support."
)
_RESUME_JOBS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "Senior Litigation Paralegal",
        "Ellison Marsh LLP, New York, NY",
        "Mar 2022 - Present",
        (
            "Support 6 partners and 12 associates on commercial and securities litigation in the "
            "S.D.N.Y. and the Commercial Division of New York Supreme Court.",
            "Run e-discovery in Relativity for matters up to 2.4 million documents: saved searches, "
            "coding panels, privilege logs and rolling productions.",
            "Prepare deposition kits, exhibit binders and witness outlines for 40+ depositions a year.",
            "Handle court filings and e-filing through NYSCEF and PACER/CM/ECF; maintain the docket "
            "and litigation calendar.",
        ),
    ),
    (
        "Litigation Paralegal",
        "Corrigan & Tate LLP, New York, NY",
        "Jun 2019 - Feb 2022",
        (
            "Conducted legal research on Westlaw and LexisNexis and cite-checked briefs to Bluebook standards.",
            "Managed first-level document review teams of up to 15 contract reviewers.",
            "Tracked deadlines and matter records in Clio; drafted subpoenas and discovery requests.",
            "Assembled trial exhibits and provided in-court support for two jury trials.",
        ),
    ),
    (
        "Legal Assistant",
        "Bowery Legal Aid Society, Brooklyn, NY",
        "Aug 2017 - May 2019",
        (
            "Performed client intake and case management for 200+ housing court matters.",
            "Prepared and filed orders to show cause and answers in NYC Housing Court.",
            "Managed attorney calendaring and scheduling in Microsoft Office and Outlook.",
        ),
    ),
)
_RESUME_SKILLS = (
    "Litigation support",
    "E-discovery",
    "Relativity",
    "Legal research",
    "Westlaw",
    "LexisNexis",
    "Document review",
    "Deposition preparation",
    "Court filings",
    "E-filing",
    "NYSCEF",
    "PACER/CM/ECF",
    "Case management",
    "Clio",
    "Privilege logs",
    "Bluebook cite-checking",
    "Microsoft Office",
    "Calendaring",
)
_RESUME_EDUCATION = (
    ("Paralegal Certificate (ABA-approved)", "Hudson Institute for Paralegal Studies, New York, NY", "2017"),
    ("B.A., Political Science", "Brooklyn Heights College, Brooklyn, NY", "2016"),
)
_RESUME_CERTS = "Relativity Certified User (2021); Notary Public, State of New York"
_FIXED_TIME = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def _normalise_zip(data: bytes) -> bytes:
    """Rewrite a zip archive with fixed timestamps so the bytes are reproducible."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as src,
        zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as dst,
    ):
        for item in src.infolist():
            info = zipfile.ZipInfo(item.filename, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            dst.writestr(info, src.read(item.filename))
    return out.getvalue()


def _write_resume_docx(path: Path) -> None:
    from docx import Document
    from docx.shared import Pt

    doc = Document()
    props = doc.core_properties
    props.author = _RESUME_NAME
    props.title = f"{_RESUME_NAME} - Resume"
    props.last_modified_by = _RESUME_NAME
    props.revision = 1
    props.created = _FIXED_TIME
    props.modified = _FIXED_TIME
    props.last_printed = _FIXED_TIME

    style = doc.styles["Normal"]
    style.font.name = "Calibri"
    style.font.size = Pt(10.5)

    doc.add_heading(_RESUME_NAME, level=0)
    doc.add_paragraph(_RESUME_TITLE).runs[0].bold = True
    doc.add_paragraph(_RESUME_CONTACT)
    doc.add_heading("Summary", level=1)
    doc.add_paragraph(_RESUME_SUMMARY)
    doc.add_heading("Experience", level=1)
    for role, firm, dates, bullets in _RESUME_JOBS:
        para = doc.add_paragraph()
        para.add_run(role).bold = True
        para.add_run(f" | {firm} | {dates}")
        for bullet in bullets:
            doc.add_paragraph(bullet, style="List Bullet")
    doc.add_heading("Skills", level=1)
    doc.add_paragraph(", ".join(_RESUME_SKILLS))
    doc.add_heading("Education", level=1)
    for degree, school, year in _RESUME_EDUCATION:
        para = doc.add_paragraph()
        para.add_run(degree).bold = True
        para.add_run(f" | {school} | {year}")
    doc.add_heading("Certifications", level=1)
    doc.add_paragraph(_RESUME_CERTS)

    buf = io.BytesIO()
    doc.save(buf)
    path.write_bytes(_normalise_zip(buf.getvalue()))


def _write_resume_pdf(path: Path) -> None:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer
    from reportlab.platypus.flowables import Flowable

    styles = getSampleStyleSheet()
    body = ParagraphStyle("Body", parent=styles["Normal"], fontName="Helvetica", fontSize=9.5, leading=12)
    name = ParagraphStyle("Name", parent=body, fontName="Helvetica-Bold", fontSize=18, leading=22)
    bullet = ParagraphStyle("Bullet", parent=body, leftIndent=14, bulletIndent=4)
    head = ParagraphStyle(
        "Head", parent=body, fontName="Helvetica-Bold", fontSize=11, leading=14, spaceBefore=7, spaceAfter=2
    )

    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    story: list[Flowable] = [
        Paragraph(_RESUME_NAME, name),
        Paragraph(f"<b>{_RESUME_TITLE}</b>", body),
        Paragraph(esc(_RESUME_CONTACT), body),
        Spacer(1, 4),
        Paragraph("Summary", head),
        Paragraph(esc(_RESUME_SUMMARY), body),
        Paragraph("Experience", head),
    ]
    for role, firm, dates, bullets in _RESUME_JOBS:
        story.append(Paragraph(f"<b>{esc(role)}</b> | {esc(firm)} | {esc(dates)}", body))
        story.extend(Paragraph(esc(b), bullet, bulletText="-") for b in bullets)
        story.append(Spacer(1, 3))
    story.append(Paragraph("Skills", head))
    story.append(Paragraph(esc(", ".join(_RESUME_SKILLS)), body))
    story.append(Paragraph("Education", head))
    for degree, school, year in _RESUME_EDUCATION:
        story.append(Paragraph(f"<b>{esc(degree)}</b> | {esc(school)} | {year}", body))
    story.append(Paragraph("Certifications", head))
    story.append(Paragraph(esc(_RESUME_CERTS), body))

    doc = SimpleDocTemplate(
        str(path),
        pagesize=LETTER,
        leftMargin=0.7 * inch,
        rightMargin=0.7 * inch,
        topMargin=0.6 * inch,
        bottomMargin=0.6 * inch,
        title=f"{_RESUME_NAME} - Resume",
        author=_RESUME_NAME,
        subject="Sample resume",
        creator="sweepy.sample",
        invariant=1,
    )
    doc.build(story)


def write_sample_resumes(folder: Path) -> tuple[Path, Path]:
    """Write ``sample_resume.docx`` and ``sample_resume.pdf`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    docx_path = folder / "sample_resume.docx"
    pdf_path = folder / "sample_resume.pdf"
    _write_resume_docx(docx_path)
    _write_resume_pdf(pdf_path)
    return docx_path, pdf_path


def main() -> None:
    """Regenerate every bundled sample file in ``sweepy/data``."""
    write_sample_postings(DATA_DIR / "sample_postings.jsonl")
    write_sample_resumes(DATA_DIR)


if __name__ == "__main__":
    main()
