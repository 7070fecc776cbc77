"""Start-up script of the frozen app: the same entry point as the ``uwr-desktop`` command.

With ``UWR_DESKTOP_CHART_CHECK=PNG`` set, the frozen program opens the odds chart, saves it to
PNG and exits instead (see ``frozen_check``): the build's proof that the chart's lazily loaded
modules were frozen with the app.
"""

import os
import sys
from pathlib import Path

from frozen_check import CHART_CHECK_VARIABLE, check_odds_chart

from uwr_desktop.__main__ import launch

if __name__ == "__main__":
    chart_png = os.environ.get(CHART_CHECK_VARIABLE)
    if chart_png:
        sys.exit(check_odds_chart(Path(chart_png)))
    launch()
