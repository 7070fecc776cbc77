"""Start-up script of the frozen app: the same entry point as the ``uwr-desktop`` command."""

import sys

from uwr_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
