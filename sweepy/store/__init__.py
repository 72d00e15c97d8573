"""The stores: the workspace and its write guard (paths, owned), the session store, the history and application
stores (SQLite), result files and the CSVs with their tracking columns."""
