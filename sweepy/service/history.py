"""clear_history: forget the postings a profile was shown."""

from pathlib import Path

from ..errors import InvalidArgument, NotFound
from ..store.history import HistoryStore, check_history_path
from ..store.profiles import load_profile, profile_stem
from ..store.session_model import check_stem
from . import arguments as a
from .answers_reports import ClearHistory
from .base import ServiceBase


class HistoryTools(ServiceBase):
    # -- clear_history --------------------------------------------------------------------------------------
    def clear_history(self, args: a.ClearHistory) -> ClearHistory:
        """Forget a profile's reported postings; with dry_run, only count them (the MCP server asks the person
        to confirm with that count first, where the host can ask)."""
        profile_path, profile_stem_arg, dry_run = args.profile_path, args.profile_stem, args.dry_run
        ws = self.workspace
        if profile_path is not None and profile_stem_arg is not None:
            raise InvalidArgument("Pass profile_path or profile_stem, not both.")
        path: Path | None
        if profile_path is not None:
            path = ws.resolve_read(profile_path, "profile_path")
            stem = profile_stem(path)
        elif profile_stem_arg is not None:
            stem = check_stem(profile_stem_arg)
            path = self.profile_for_stem(ws, stem)
        else:
            try:
                path = self.sweeps.get(None).profile_path
            except NotFound:
                raise InvalidArgument(
                    "No sweep has run since the server started, so there is no profile to clear. Pass "
                    "profile_path or profile_stem."
                ) from None
            stem = profile_stem(path)
        history_path = check_history_path(  # a profile whose history names a session must not clear it
            ws, load_profile(path).history.path if path is not None else "~/.sweepy/history.db", "history path"
        )
        if not history_path.exists():  # nothing was ever recorded: do not create a database to clear it
            if path is None:
                raise NotFound(
                    f"No profile named {stem!r} and no history at {history_path}. Pass profile_path, or the "
                    "stem of a profile in profiles/."
                )
            cleared, remaining = 0, 0
        else:
            store = HistoryStore(history_path, clock=self.clock)
            if path is None and store.count(stem) == 0:
                raise NotFound(f"No profile named {stem!r} and no history for it. Pass profile_path instead.")
            cleared = store.count(stem) if dry_run else store.clear(stem)
            remaining = store.count()
        if dry_run:
            return ClearHistory(
                scope=stem,
                cleared=0,
                would_clear=cleared,
                remaining=remaining,
                history_path=str(history_path),
                dry_run=True,
                message=f"Dry run: {cleared} reported postings of profile {stem!r} would be forgotten; nothing "
                "was cleared. Call clear_history without dry_run to forget them.",
            )
        return ClearHistory(
            scope=stem,
            cleared=cleared,
            remaining=remaining,
            history_path=str(history_path),
            message=f"Forgot {cleared} reported postings of profile {stem!r}; the next sweep reports them again.",
        )
