"""Take the README's screenshot of a rollkeep skirmish: an ambush, two delays, a hit that
crosses two wound ranks, and the first delayer offered its turn back.

    xvfb-run -a -s "-screen 0 1366x768x24" uv run python docs/images/rollkeep_screenshot.py

writes ``docs/images/rollkeep-skirmish.png``. The dice are scripted, so the picture is the same
every time.
"""

import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepAmbush,
    RollkeepAttack,
    RollkeepDelay,
)
from uwr_desktop.core.rulesets.rollkeep.sheet import (
    RollkeepSheet,
    Skill,
    Stance,
    Weapon,
    WeaponKind,
)
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.rollkeep.panel import SkirmishPanel
from uwr_desktop.ui.window.main_window import MainWindow

OUT = Path(__file__).with_name("rollkeep-skirmish.png")

FACES = [
    *(9, 8, 7, 2, 1, 3, 2),  # the ambush: Stealth 24 against Investigation 5
    *(9, 9, 8, 1, 1, 9, 8, 7, 6, 1, 9, 9, 1, 5, 5, 5, 1),  # initiative
    *(7, 6, 5, 1, 1, 9, 8, 1, 1, 1, 1, 1, 1),  # Hida hits the bandit for 17
]


class Script:
    """The faces above, in order."""

    def __init__(self) -> None:
        self.faces = list(FACES)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else a


def samurai(cid: str, name: str, side: Side, **fields: object) -> Combatant:
    return Combatant(id=cid, name=name, side=side, sheet=RollkeepSheet(**fields))  # type: ignore[arg-type]


def roster() -> tuple[Combatant, ...]:
    return (
        samurai(
            "hida",
            "Hida Kuroda",
            Side.PLAYER,
            reflexes=3,
            agility=3,
            strength=3,
            earth=3,
            insight_rank=2,
            armor=5,
            skills=(Skill("Heavy Weapons", 2), Skill("Defense", 1)),
            weapons=(Weapon(name="Dai tsuchi", skill="Heavy Weapons", damage_rolled=5),),
        ),
        samurai(
            "kakita",
            "Kakita Aya",
            Side.PLAYER,
            reflexes=4,
            awareness=3,
            agility=4,
            void=3,
            skills=(Skill("Kenjutsu", 3), Skill("Defense", 2)),
            weapons=(Weapon(name="Katana", skill="Kenjutsu", damage_rolled=3),),
            stance=Stance.DEFENSE,
        ),
        samurai(
            "bandit",
            "Bandit leader",
            Side.ENEMY,
            agility=3,
            skills=(Skill("Stealth", 2), Skill("Knives", 1)),
            weapons=(Weapon(name="Knife", skill="Knives", damage_rolled=1, damage_kept=1),),
            stance=Stance.FULL_ATTACK,
        ),
        samurai(
            "archer",
            "Bandit archer",
            Side.ENEMY,
            reflexes=3,
            skills=(Skill("Kyujutsu", 2),),
            weapons=(
                Weapon(
                    name="Yumi",
                    kind=WeaponKind.BOW,
                    skill="Kyujutsu",
                    damage_rolled=2,
                    bow_strength=3,
                ),
            ),
        ),
    )


def main() -> int:
    app = QApplication(sys.argv)
    document = EncounterDocument(None, roller=Roller(Script()))
    settings = QSettings(str(OUT.with_suffix(".ini")), QSettings.Format.IniFormat)
    library = CombatantLibrary(OUT.with_suffix(".sqlite"))
    window = MainWindow(document, settings, library=library)
    window.actions_by_key["reduce_motion"].setChecked(True)
    window.resize(1366, 768)
    window.show()
    document.new("rollkeep", roster())
    session = document.session
    for intent in (
        RollkeepAmbush(("bandit",), ("hida",), ("hida", "kakita")),
        StartFight(),
        RollkeepDelay("kakita"),
        RollkeepDelay("bandit"),
        RollkeepAttack("hida", 0, "bandit"),
    ):
        session.do(intent)
        app.processEvents()
    session.do(NextTurn())
    panel = window.findChild(SkirmishPanel)
    panel.target.setCurrentIndex(panel.target.findData("archer"))
    panel.raises.setValue(1)
    for _ in range(20):
        app.processEvents()
    window.grab().save(str(OUT))
    OUT.with_suffix(".ini").unlink(missing_ok=True)
    library.close()
    OUT.with_suffix(".sqlite").unlink(missing_ok=True)
    document.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
