"""``python -m tools.sample``: regenerate the bundled sample files in ``sweepy/data``."""

from . import main

if __name__ == "__main__":
    main()
