"""create_profile: validate every enabled engine and the resume, then write the profile YAML."""

import os
from pathlib import Path
from typing import Any

from ..engines import default_engines, engines, validate_sources
from ..errors import DocumentError, InvalidArgument, SweepyError
from ..pipeline.filter import location_problem
from ..resume import resume_text
from ..store.files import atomic_write_text, keep_backup
from ..store.history import check_history_path
from ..store.profiles import (
    DEFAULT_KEY,
    MAX_PROFILE_BYTES,
    deep_merge,
    default_profile,
    default_profile_filename,
    dump_profile,
    profile_stem,
    validate_profile_data,
)
from . import arguments as a
from .answers import CreateProfile
from .base import ServiceBase, shown_path

ELIGIBILITY_KEYS = frozenset(
    "needs_sponsorship citizenships work_authorization clearance max_onsite_days timezone languages federal_status "
    "years_experience level "
    "eligibility employer_boards exclude_companies exclude_keywords exclude_agencies".split()
)
"""The profile's top-level keys that create_profile's `eligibility_config` may set (docs/profile.md, Eligibility)."""


class ProfileTools(ServiceBase):
    # -- create_profile -------------------------------------------------------------------------------------
    def create_profile(self, args: a.CreateProfile) -> CreateProfile:
        """Write the profile; it becomes the default profile (see default_profile) with `make_default`, which
        unset means "when there is none yet": the first profile is the default, later ones are not."""
        ws = self.workspace
        missing = [name for name in a.REQUIRED_PROFILE_FIELDS if getattr(args, name) is None]
        if missing:  # the MCP face asks the person for them first where the host can (sweepy.mcp.elicitation)
            raise a.missing_arguments("create_profile", missing)
        assert args.titles is not None and args.location is not None and args.resume_path is not None
        resume = ws.resolve_read(args.resume_path, "resume_path")
        profile = validate_profile_data(
            self._profile_data(args, str(resume)),
            "built from these arguments",
            fix="Fix that argument and call create_profile again.",
        )
        try:
            resume_text(resume)  # a resume that cannot be read fails now, not in the middle of a sweep
        except DocumentError as exc:
            if resume.suffix.lower() in (".pdf", ".docx") or self.settings.tools == "core":
                raise  # core mode lists no convert_document, so no message names it
            raise DocumentError(f"{exc.message} convert_document makes a PDF of a .doc, .md or .txt.") from None
        enabled = sorted(validate_sources(profile.sources, ws))
        if not enabled:
            raise InvalidArgument(
                "sources_config enables no source, so a sweep would find nothing; nothing was written. Enable "
                'one, e.g. {"greenhouse": {"boards": ["acme"]}}, {"remotive": {"enabled": true}} or {"feed": '
                '{"path": "postings.jsonl"}}, or leave sources_config out to use the keyless public boards.'
            )
        check_history_path(ws, profile.history.path, "history_config.path")  # a sweep could never write it
        raw_target = args.output_filename or default_profile_filename(args.name, args.titles[0])
        if not raw_target.lower().endswith((".yaml", ".yml")):
            raise InvalidArgument(f"output_filename {raw_target!r} must end with .yaml or .yml.")
        target = ws.resolve_write(raw_target, "output_filename")
        text = dump_profile(profile)
        backup = keep_backup(target, text.encode("utf-8"), self.clock(), MAX_PROFILE_BYTES)
        atomic_write_text(target, text)
        default, said = self._choose_default(target, args.make_default)
        warnings = [problem[0].upper() + problem[1:]] if (problem := location_problem(args.location)) else []
        message = f"Profile written to {target}. {said}"
        if backup is not None:
            message += f" The file it replaced differed, so it was kept as {backup}."
        for warning in warnings:
            message += f" Warning: {warning}"
        if not args.sources_config:
            message += (
                f" No sources_config was given, so the keyless public boards are enabled ({', '.join(enabled)}); "
                "add company boards (greenhouse, lever, ashby, ...) or keyed engines through sources_config."
            )
        return CreateProfile(
            profile_path=str(target),
            profile_stem=profile_stem(target),
            backup_path=str(backup) if backup else None,
            enabled_engines=enabled,
            engines_not_enabled=sorted(set(engines()) - set(enabled)),
            default_sources_used=not args.sources_config,
            is_default=default == target,
            default_profile=str(default) if default is not None else None,
            warnings=warnings,
            message=message,
        )

    @staticmethod
    def _profile_data(args: a.CreateProfile, resume: str) -> dict[str, Any]:
        """The profile the arguments describe, as the YAML's mapping (validated by the caller)."""
        base: dict[str, Any] = {
            "name": args.name,
            "search": {
                "titles": args.titles,
                "location": args.location,
                "remote_only": args.remote_only,
                "include_hybrid": args.include_hybrid,
                "min_salary": args.min_salary,
                **({"employment_types": list(args.employment_types)} if args.employment_types else {}),
            },
            "resume": {
                "path": resume,
                "must_have_skills": args.must_have_skills or [],
                "synonyms": args.synonyms or [],
            },
            "platforms": dict(args.platforms or {}),
            "sources": {} if args.sources_config else {name: {"enabled": True} for name in default_engines()},
            "export": {"tracking": args.job_tracking},
            "report": {"assessment": args.assessment},
        }
        for block, changes in (
            ("sources", args.sources_config),
            ("cache", args.cache_config),
            ("orchestrator", args.orchestrator_config),
            ("history", args.history_config),
        ):
            if changes:
                base[block] = deep_merge(base.get(block, {}), changes)
        eligibility = args.eligibility_config
        if eligibility:
            stray = sorted(set(eligibility) - ELIGIBILITY_KEYS)
            if stray:
                raise InvalidArgument(
                    f"eligibility_config has unknown keys {', '.join(map(repr, stray))}; use "
                    f"{', '.join(sorted(ELIGIBILITY_KEYS))}. Nothing was written."
                )
            base.update(eligibility)
        return base

    def _choose_default(self, target: Path, make_default: bool | None) -> tuple[Path | None, str]:
        """Store `target` as the default profile when asked (or, unasked, when no default exists yet); the
        default profile now, and the sentence saying which it is and how to sweep the new one."""
        ws = self.workspace
        current = default_profile(ws)
        current = Path(os.path.realpath(current)) if current is not None else None
        shown = shown_path(ws, target)
        if make_default is None:
            make_default = current is None or current == target
        if make_default:
            try:
                ws.update_state(**{DEFAULT_KEY: str(target)})
            except SweepyError as exc:  # the profile is written; only the default is not updated
                return current, (
                    f"It could not be made the default profile ({exc.message}): call run_sweep with profile_path "
                    f"{shown!r} to sweep it."
                )
            return target, (
                f"It is now the default profile (kept in {ws.state_file}): run_sweep without profile_path sweeps "
                "it. Next: run_sweep."
            )
        if current == target:
            return target, "It stays the default profile: run_sweep without profile_path sweeps it. Next: run_sweep."
        stays = (
            f"The default profile stays {shown_path(ws, current)} (what run_sweep without profile_path sweeps)"
            if current is not None
            else "It was not made the default profile"
        )
        return current, (
            f"{stays}: call run_sweep with profile_path {shown!r} to sweep this one, or create_profile again "
            "with make_default: true to make it the default."
        )
