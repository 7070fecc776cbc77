"""Start-up script of the frozen app: the same entry point as the ``uwr-desktop`` command.

With ``UWR_DESKTOP_CHART_CHECK=PNG`` set, the frozen program opens the odds chart, saves it to
PNG and exits instead (see ``frozen_check``): the build's proof that the chart's lazily loaded
modules were frozen with the app. With ``UWR_DESKTOP_SHARE_CHECK=FOLDER`` set, it shares the
player view on loopback for ``check_share.py`` to fetch, and exits when that is done.
"""

import os
import sys
from pathlib import Path

from frozen_check import (
    CHART_CHECK_VARIABLE,
    SHARE_CHECK_VARIABLE,
    check_odds_chart,
    check_sharing,
)

from uwr_desktop.__main__ import launch

if __name__ == "__main__":
    chart_png = os.environ.get(CHART_CHECK_VARIABLE)
    if chart_png:
        sys.exit(check_odds_chart(Path(chart_png)))
    share_folder = os.environ.get(SHARE_CHECK_VARIABLE)
    if share_folder:
        sys.exit(check_sharing(Path(share_folder)))
    launch()
