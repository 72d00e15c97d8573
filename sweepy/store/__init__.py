"""The stores: the workspace and its write guard (paths, owned), bounded reads and the one JSON parser (reads),
the session store, the history and application stores (SQLite) with the follow-up calendar read from the
applications (followups), result files and the CSVs with their tracking columns."""
