"""The job-link checker: is a posting still up? Every hop is validated against an address block-list and
the connection pinned to the validated address (SSRF-safe); `check_links` is the entry point."""

from ..net.addresses import address_problem, is_public_address, parse_address
from ..net.pinning import Resolver
from .check import LinkVerdict, Verdict, check_links

__all__ = [
    "LinkVerdict",
    "Resolver",
    "Verdict",
    "address_problem",
    "check_links",
    "is_public_address",
    "parse_address",
]
