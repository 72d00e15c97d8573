"""Every role family the sample draws from, in a fixed order, with its share of the generated records."""

from ..models import Role
from .general import GENERAL_ROLES
from .legal import LEGAL_ROLES
from .tech import TECH_ROLES

ROLES: tuple[Role, ...] = (*LEGAL_ROLES, *TECH_ROLES, *GENERAL_ROLES)
ROLE_BY_KEY = {r.key: r for r in ROLES}

ROLE_WEIGHTS: dict[str, float] = {
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
LEGAL_FAMILY = frozenset({"paralegal", "legal_assistant", "law_clerk"})
