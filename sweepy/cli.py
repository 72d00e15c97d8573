"""The `sweepy` command: serve (stdio MCP), init (the workspace with the example profiles), sweep (one sweep in
the foreground, with a summary), sources (does each enabled source answer now), results, install (Sweepy's entry
in an MCP host's config, sweepy.hosts), run-due (the scheduled sweeps that are due, once) and schedule install /
remove (run-due registered with the OS, sweepy.autorun). Paths typed here are taken from the current folder."""

import argparse
import datetime as dt
import json
import os
import sys
from pathlib import Path

from .errors import SweepFailed, SweepyError
from .service import SweepyService
from .service import arguments as a
from .service.answers import SweepCompleted
from .settings import Settings
from .store.profiles import init_workspace
from .sweeps import SweepJob

EXIT_OK, EXIT_FAILED, EXIT_ERROR, EXIT_NO_SOURCE = 0, 1, 2, 3
"""sweepy's exit codes: done; the sweep failed (or, for `sources`, a source does not answer); bad input or a file
that cannot be read; the sweep completed but every source of it failed, so nothing was searched."""

CLI_WORDS: tuple[tuple[str, str], ...] = (
    ("Call run_sweep with include_seen: true", "Run sweepy sweep again with --include-seen"),
    ("Call create_profile first, or pass profile_path.", "Pass a profile (sweepy sweep PROFILE), or run sweepy init."),
    ("(call create_profile with sources_config)", "(a sources block in the profile YAML, docs/profile.md)"),
    ("Fix sources_config (the profile's sources block)", "Fix the profile's sources block (docs/profile.md)"),
    ("Call run_sweep first, or pass json_source.", "Run sweepy sweep first."),
    (
        "call get_jobs, judge each card, and submit_judgments",
        "judge each card in an MCP host (get_jobs, submit_judgments)",
    ),
    ("(get_jobs new_only: true; sweepy://digest/latest)", "(in an MCP host: get_jobs new_only, the digest)"),
    ("Call run_sweep", "Run sweepy sweep"),
    ("call run_sweep", "run sweepy sweep"),
    ("Pass profile_path.", "Pass the profile: sweepy sweep PROFILE."),
)
"""The tools' hints the command prints, each in the command's own words (its commands and flags); the specific
ones first, then any other run_sweep."""


def cli_words(message: str) -> str:
    """A tool's message as the command prints it: the hints that name tool calls name commands and flags."""
    for tool_words, command_words in CLI_WORDS:
        message = message.replace(tool_words, command_words)
    return message


def _summary(swept: SweepCompleted) -> str:
    lines = [
        f"discovered {swept.discovered_count}, new {swept.new_count}, "
        f"previously seen {swept.previously_seen_count}, cards {swept.card_count}, "
        f"records skipped {swept.skipped_records} (reasons in the debug log)",
        "dropped: " + (", ".join(f"{k} {v}" for k, v in swept.dropped.items()) or "none"),
    ]
    skipped = swept.skipped_sources
    lines.append("skipped sources: " + (", ".join(f"{s.engine} ({s.reason})" for s in skipped) if skipped else "none"))
    lines.append("top roles:")
    for role in swept.top_roles:
        lines.append(f"  {role.match_score:>3}  {role.title} — {role.company} ({role.location or 'n/a'})")
    lines.append(f"json: {swept.reports.json_path}")
    lines.append(f"csv:  {swept.reports.csv}")
    lines.append(f"debug log: {swept.debug_log}")
    lines.append(f"profile: {swept.profile_path}")
    lines.append(cli_words(swept.message))
    return "\n".join(lines)


def here(raw: str | None, must_exist: bool = True) -> str | None:
    """A path typed on the command line, taken from the current folder as people expect. With `must_exist`, one
    that is not there is passed on as given, for the tools' own lookup (the workspace, then the bundled files)."""
    if raw is None or os.path.isabs(os.path.expanduser(raw)) or raw.startswith("~"):
        return raw
    path = os.path.abspath(raw)
    return path if not must_exist or os.path.exists(path) else raw


def _sweep(args: argparse.Namespace) -> int:
    service = SweepyService()
    job = service.run_sweep(
        a.RunSweep(profile_path=here(args.profile), deduplicate=not args.no_dedupe, include_seen=args.include_seen)
    )
    assert isinstance(job, SweepJob)  # a sweep now, not a schedule: no scheduled_for
    job.done.wait()
    swept = service.sweep_answer(job)
    if not isinstance(swept, SweepCompleted):  # the job is done: it completed, or sweep_answer raised SweepFailed
        raise SweepFailed(f"The sweep ended as {swept.sweep_status}.")
    swept.message = cli_words(swept.message)
    print(json.dumps(swept.dump(), indent=2) if args.json else _summary(swept))
    if swept.sources and all(source.status == "skipped" for source in swept.sources):
        print(
            f"every source failed ({len(swept.sources)} of {len(swept.sources)}): nothing was searched", file=sys.stderr
        )
        return EXIT_NO_SOURCE
    return EXIT_OK


def _sources(args: argparse.Namespace) -> int:
    """One line per enabled source; exit 1 when any of them does not answer."""
    reports = SweepyService().check_sources(here(args.profile))
    for r in reports:
        where = f"{r['engine']}/{r['source']}"
        if r["status"] == "ok":
            print(f"{where}: reachable, {r['postings']} postings in {r['elapsed_seconds']:.1f} s")
        else:
            print(f"{where}: {r['reason']}: {r['detail']}")
    return EXIT_OK if all(r["status"] == "ok" for r in reports) else EXIT_FAILED


def _results(args: argparse.Namespace) -> int:
    results_dir = here(args.results_dir, must_exist=False) if args.results_dir is not None else "results"
    answer = SweepyService().get_results(
        a.GetResults(profile_stem=args.profile_stem, results_dir=results_dir or "results", limit=args.limit)
    )
    answer.message = cli_words(answer.message)
    print(json.dumps(answer.dump(), indent=2, ensure_ascii=False))
    return 0


def _init(_args: argparse.Namespace) -> int:
    """Create the workspace with the example profiles; say where it is and what to run next."""
    ws = Settings.from_env().workspace()
    written = init_workspace(ws)
    print(f"workspace: {ws.home}")
    for path in written:
        print(f"wrote {path}")
    if not written:
        print("the example profiles are already there (edited copies are never replaced)")
    print("next: sweepy sweep example   (the bundled offline sample; profiles/example_live.yaml is a live search)")
    return 0


def _serve(_args: argparse.Namespace) -> int:
    from .server_entry import serve

    serve()
    return 0


def _install(args: argparse.Namespace) -> int:
    from .hosts import install

    config = here(args.config, must_exist=False)
    print("\n".join(install(args.host, config, args.env, dry_run=args.dry_run, form=args.form)))
    return 0


def _run_due(_args: argparse.Namespace) -> int:
    """Run every due schedule once, in the foreground; one line each. Exit 1 when any of them failed."""
    service = SweepyService()
    ran = service.run_due()
    for schedule_id, job in ran:
        job.done.wait()
        line = f"ran {schedule_id} ({job.stem}) as sweep {job.id}: {job.status}"
        if isinstance(job.result, SweepCompleted):
            line += f", {job.result.card_count} cards, {job.result.new_count} new"
        elif job.error:
            line += f" ({job.error})"
        print(line)
    for schedule_id, why in service.not_started:
        print(f"could not start {schedule_id}: {why}")
    if not ran and not service.not_started:
        print("nothing due")
    due = service.schedules.next_due(service.clock())
    when = dt.datetime.fromtimestamp(due, tz=dt.UTC).isoformat(timespec="seconds") if due is not None else "none"
    print(f"next due: {when}")
    return 1 if service.not_started or any(job.status != "completed" for _, job in ran) else 0


def _schedule(args: argparse.Namespace) -> int:
    from .autorun import register, target

    settings = Settings.from_env()
    crontab = here(args.crontab_file, must_exist=False)
    where = target(settings.state_dir, args.platform, crontab_file=Path(crontab) if crontab else None)
    print("\n".join(register(where, args.action == "install", dry_run=args.dry_run)))
    return 0


def _add_schedule(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    commands.add_parser("run-due", help="run every scheduled sweep that is due, once, and exit").set_defaults(
        func=_run_due
    )
    schedule = commands.add_parser("schedule", help="register `sweepy run-due` with the OS (cron, launchd, schtasks)")
    schedule.add_argument("action", choices=["install", "remove"])
    schedule.add_argument("--dry-run", action="store_true", help="print what would be written or run; change nothing")
    schedule.add_argument("--crontab-file", metavar="PATH", help="edit this crontab file instead of `crontab -l/-`")
    schedule.add_argument(
        "--platform", choices=["linux", "darwin", "win32"], help="register as on this OS (default: this one)"
    )
    schedule.set_defaults(func=_schedule)


def _add_install(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from .hosts import HOSTS

    install = commands.add_parser("install", help="add or update Sweepy in an MCP host's config file (backed up first)")
    install.add_argument("host", choices=list(HOSTS), help="the MCP host whose config gets the sweepy entry")
    install.add_argument("--config", metavar="PATH", help="edit this file instead of the host's own on this OS")
    install.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an environment variable for the server, "
        "e.g. an engine's API key (repeat for more; nothing else is written into env)",
    )
    install.add_argument("--dry-run", action="store_true", help="print the change and write nothing")
    form = install.add_mutually_exclusive_group()
    form.add_argument(
        "--from-checkout",
        dest="form",
        action="store_const",
        const="checkout",
        help="run this checkout's server.py with this Python (the default when Sweepy runs from a checkout)",
    )
    form.add_argument("--uvx", dest="form", action="store_const", const="uvx", help="run `uvx sweepy-mcp`")
    install.set_defaults(func=_install, form=None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="sweepy", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("serve", help="run the MCP server on stdio").set_defaults(func=_serve)
    commands.add_parser("init", help="create the workspace with the example profiles").set_defaults(func=_init)
    sweep = commands.add_parser("sweep", help="run one sweep and print a summary")
    sweep.add_argument(
        "profile",
        nargs="?",
        help="profile YAML or name, e.g. example (default: the default profile, then the bundled ones)",
    )
    sweep.add_argument("--include-seen", action="store_true", help="report postings from earlier sweeps too")
    sweep.add_argument("--no-dedupe", action="store_true", help="keep duplicates across URLs and platforms")
    sweep.add_argument("--json", action="store_true", help="print the whole completed payload as JSON")
    sweep.set_defaults(func=_sweep)
    sources = commands.add_parser("sources", help="say whether each enabled source of a profile answers now")
    sources.add_argument("profile", nargs="?", help="profile YAML (default: as for sweep)")
    sources.set_defaults(func=_sources)
    results = commands.add_parser("results", help="print the latest result file's top roles")
    results.add_argument("--profile-stem", help="only this profile's results")
    results.add_argument("--results-dir", help="folder of result files (default: the workspace's results/)")
    results.add_argument("--limit", type=int, default=10)
    results.set_defaults(func=_results)
    _add_install(commands)
    _add_schedule(commands)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except SweepFailed as exc:
        print(f"sweep failed: {cli_words(exc.message)} (debug log: {exc.details.get('debug_log')})", file=sys.stderr)
        return EXIT_FAILED
    except SweepyError as exc:
        print(f"error: {cli_words(exc.message)}", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
