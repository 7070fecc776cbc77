"""Start-up script of the frozen app: the same entry point as the ``uwr-desktop`` command."""

from uwr_desktop.__main__ import launch

if __name__ == "__main__":
    launch()
