"""Tools of the checkout (sample data, font subsetting): run from its root, never part of the wheel."""
