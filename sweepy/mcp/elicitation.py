"""The tools' questions to the person (MCP elicitation): create_profile's form for what is missing, and the
confirmation before clear_history. A host that cannot ask gets the error or goes ahead, as each says."""

from typing import TYPE_CHECKING, Any

import mcp.types as types
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError

from ..errors import InvalidArgument, SweepyError, describe_validation_error
from ..service import arguments as a
from .protocol import Call, refusal

if TYPE_CHECKING:
    from ..service import SweepyService


PROFILE_FORM: dict[str, dict[str, Any]] = {
    "titles": {
        "type": "string",
        "title": "Target titles",
        "description": "Comma-separated, e.g. Paralegal, Legal Assistant",
    },
    "location": {"type": "string", "title": "Location", "description": 'e.g. "New York, NY" or "Remote"'},
    "resume_path": {"type": "string", "title": "Resume file", "description": "Path to a PDF or DOCX resume"},
}
"""The form fields create_profile asks for, one per missing argument (titles as one comma-separated line: a
form holds plain values, not lists)."""


async def complete_profile(call: Call, args: a.CreateProfile) -> a.CreateProfile | types.CallToolResult:
    """The arguments with titles, location and resume_path all given: asked of the person through a form when
    the host can show one (exactly the missing fields); a host that cannot ask gets them as they are, for the
    service's error naming them. A declined or cancelled form answers an error that says nothing was written."""
    missing = [name for name in a.REQUIRED_PROFILE_FIELDS if getattr(args, name) is None]
    if not missing or not call.can_elicit:
        return args
    schema = {"type": "object", "properties": {name: PROFILE_FORM[name] for name in missing}, "required": missing}
    answer = await ask(
        call,
        "create_profile",
        f"To create {args.name}'s search profile, Sweepy needs:",
        schema,
        f"so no profile was written. Call create_profile again with {', '.join(missing)} given as arguments (the "
        "form asks only for the ones missing).",
    )
    if answer.action != "accept":
        verb = "declined" if answer.action == "decline" else "cancelled"
        return refusal(
            {
                "message": f"The form was {verb}, so no profile was written. Call create_profile again "
                f"with {', '.join(missing)} when the person wants to go on.",
                "elicitation": answer.action,
            }
        )
    content = answer.content or {}
    given: dict[str, Any] = {}
    for name in missing:
        value = content.get(name)
        text = value.strip() if isinstance(value, str) else ""
        if not text:
            raise InvalidArgument(
                f"The form came back without {name}; nothing was written. Call create_profile again with {name}."
            )
        given[name] = [t.strip() for t in text.replace("\n", ",").split(",") if t.strip()] if name == "titles" else text
    try:  # the form's answers meet the same argument model as the call's own
        return a.CreateProfile.model_validate(args.model_dump(by_alias=True, exclude_unset=True) | given)
    except ValidationError as exc:
        raise InvalidArgument(
            f"The form's answers are invalid: {describe_validation_error(exc)} Nothing was written; call "
            "create_profile again with them fixed."
        ) from None


async def confirm_clear(call: Call, service: "SweepyService", args: a.ClearHistory) -> types.CallToolResult | None:
    """None when clear_history may go ahead: a dry run, a host that cannot ask, nothing to forget, or a yes.
    Otherwise the answer that nothing was cleared."""
    if args.dry_run or not call.can_elicit:
        return None
    count = await call.run(service.clear_history, args.model_copy(update={"dry_run": True}))
    if not count.would_clear:
        return None
    schema = {
        "type": "object",
        "properties": {"confirm": {"type": "boolean", "title": "Forget them", "default": True}},
        "required": ["confirm"],
    }
    question = (
        f"Forget the {count.would_clear} postings profile {count.scope!r} was shown? The next sweep reports them again."
    )
    answer = await ask(
        call,
        "clear_history",
        question,
        schema,
        f"so nothing was cleared: profile {count.scope!r} keeps its {count.would_clear} reported postings. Ask the "
        "person in the chat; once the host's forms work again, call clear_history again to confirm there.",
    )
    if answer.action == "accept" and (answer.content or {}).get("confirm") is True:
        return None
    return refusal(
        {
            "message": f"Not confirmed ({answer.action}), so nothing was cleared: profile "
            f"{count.scope!r} keeps its {count.would_clear} reported postings.",
            "elicitation": answer.action,
        }
    )


async def ask(call: Call, key: str, message: str, schema: dict[str, Any], outcome: str) -> types.ElicitResult:
    """`call.elicit`, with a host that fails to show the form (its elicitation handler raised, or answered
    something that is not an elicitation result) turned into an error that says so and what happened
    (`outcome`, e.g. that nothing was written): the person was not asked, so nothing goes ahead."""
    try:
        return await call.elicit(key, message, schema)
    except MCPError as exc:
        reason = f"it answered the form with an error: {exc.error.message[:200]!r}"
    except ValidationError:
        reason = "it answered the form with something that is not an elicitation result"
    raise SweepyError(
        f"The host could not show the {key} form to the person ({reason}), {outcome}", elicitation="error"
    )
