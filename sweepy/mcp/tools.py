"""The tool list: one source of truth for names, titles, MCP annotations and the `core` visibility set."""

from dataclasses import dataclass

from mcp.types import ToolAnnotations


@dataclass(frozen=True)
class ToolSpec:
    title: str
    read_only: bool
    destructive: bool
    idempotent: bool
    open_world: bool
    core: bool

    def annotations(self) -> ToolAnnotations:
        return ToolAnnotations(
            title=self.title,
            read_only_hint=self.read_only,
            destructive_hint=self.destructive,
            idempotent_hint=self.idempotent,
            open_world_hint=self.open_world,
        )


# The behaviour-hint table of TOOLS.md, for the tools this server implements.
TOOLS: dict[str, ToolSpec] = {
    "create_profile": ToolSpec("Create a search profile", False, True, True, False, core=True),
    "run_sweep": ToolSpec("Run a job sweep", False, True, False, True, core=True),
    "get_sweep_status": ToolSpec("Check a sweep's progress", False, False, True, False, core=True),
    "get_jobs": ToolSpec("Get the session's job cards", False, False, True, False, core=True),
    "get_results": ToolSpec("Read the latest sweep results", True, False, True, False, core=False),
    "clear_history": ToolSpec("Forget reported postings", False, True, True, False, core=False),
    "list_sweeps": ToolSpec("List background sweeps", True, False, True, False, core=False),
    "import_jobs": ToolSpec("Import roles found elsewhere", False, True, True, True, core=False),
    "convert_document": ToolSpec("Convert a document to PDF", False, True, True, False, core=False),
    "convert_docx": ToolSpec("Convert a DOCX resume to PDF", False, True, True, False, core=False),
    "submit_judgments": ToolSpec("Submit judgments on job cards", False, True, True, False, core=True),
    "render_report": ToolSpec("Render the card PDF report", False, True, True, False, core=True),
    "export_report": ToolSpec("Export report files from a sweep", False, True, True, False, core=False),
    "track_jobs": ToolSpec("Track applications", False, False, True, False, core=False),
    "watch_postings": ToolSpec("Watch tracked postings", True, False, False, True, core=False),
    "get_outcomes": ToolSpec("Count application outcomes", True, False, True, False, core=False),
    # Core: "what is due" is the first question of a returning person, and in core mode (no track_jobs) it is
    # the one view of the applications typed in the CSV; it only reads, so showing it costs nothing.
    "get_applications": ToolSpec("List tracked applications", True, False, True, False, core=True),
    "cancel_sweep": ToolSpec("Cancel a scheduled or running sweep", False, False, True, False, core=True),
}
