"""Write ``docs/images/hands-round.png``: a ``hands`` fight in the middle of a turn, as the app
shows it.

Run under a virtual display from the project's root::

    xvfb-run -a -s "-screen 0 1518x854x24" uv run python docs/images/hands_screenshot.py

It builds the fight with the rules core, saves it to a temporary ``.uwr`` file and lets the app
open it with ``--smoke-test``, which renders one frame and writes it to the PNG. The first start
opens the window at 90% of the screen: 1366x768 on that virtual screen, like the other
screenshots.
"""

import random
import subprocess
import sys
import tempfile
from pathlib import Path

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.hands.intents import HandsMove, HandsSetSurprise, HandsSpend
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import save_encounter

PNG = Path(__file__).with_name("hands-round.png")


def fighter(
    cid: str, name: str, side: Side, strength: int, *weapons: HandsWeapon, keep: int = 0
) -> Combatant:
    """A combatant with maximum hit points strength bonus + 1."""
    sheet = HandsSheet(strength_bonus=strength, carry_plan=keep, weapons=weapons)
    return Combatant(id=cid, name=name, side=side, sheet=sheet)


def fight() -> Session:
    """Round 1, turn 2: a surprise, an interference, a hesitation and an outreached pair."""
    roster = (
        fighter("ana", "Ana", Side.PLAYER, 5, HandsWeapon(name="Short sword", reach=1), keep=1),
        fighter("vex", "Vex", Side.PLAYER, 4, HandsWeapon(name="Longbow", reach=60, missile=True)),
        fighter("brute", "Brute", Side.ENEMY, 6, HandsWeapon(name="Halberd", reach=3)),
        fighter("gob", "Goblin", Side.ENEMY, 3, HandsWeapon(name="Spear", reach=2)),
    )
    session = Session(make_ruleset("hands"), roster, roller=Roller(random.Random(12)))
    session.do(StartFight())
    session.do(HandsMove("ana", 1))
    session.do(NextTurn())
    session.do(HandsSpend("brute", 2, weapon=0, note="halberd sweep", target="ana"))
    session.do(HandsSpend("ana", 2, opposes=0, note="parry the haft"))
    session.do(HandsSpend("vex", 1, weapon=0))
    session.do(NextTurn())
    session.do(HandsSetSurprise("gob"))
    session.do(HandsSpend("gob", 1, weapon=0, note="slips behind Vex", target="vex"))
    return session


def main() -> int:
    """Save the fight and let the app render it."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "Ambush at the ford.uwr"
        save_encounter(fight(), path)
        command = [
            sys.executable,
            "-m",
            "uwr_desktop",
            "--temp-config",
            f"--smoke-test={PNG}",
            str(path),
        ]
        return subprocess.run(command, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
