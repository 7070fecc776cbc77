"""The ``rollkeep`` combatant dialog: name and side, traits and rings, Insight Rank, armour,
stance, wounds, skills and weapons (one per line)."""

import re

from msgspec.structs import replace
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QPlainTextEdit, QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.limits import MAX_COUNT, MAX_SKILL_RANK
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import (
    RollkeepSheet,
    Skill,
    Stance,
    Weapon,
    WeaponKind,
)
from uwr_desktop.ui.rulesets.sheet_dialog import SheetDialog, run_sheet_dialog
from uwr_desktop.ui.widgets.build import named, spin
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem, typed_changes
from uwr_desktop.ui.widgets.wheel import ChoiceBox

TRAITS = (
    ("reflexes", "&Reflexes"),
    ("awareness", "A&wareness"),
    ("agility", "A&gility"),
    ("strength", "S&trength"),
    ("perception", "Perce&ption"),
    ("earth", "Eart&h"),
    ("void", "&Void"),
    ("insight_rank", "&Insight Rank"),
)
"""The sheet's traits, rings and Insight Rank, as the dialog labels them (``&``: the key that
goes to the box with Alt)."""

_SKILL = re.compile(r"^(?P<name>.+?)\s+(?P<rank>[-−]?\d+)$")  # noqa: RUF001 (a minus sign too)
_WEAPON = re.compile(
    r"^(?P<name>[^,]+),\s*(?P<kind>melee|bow(?:\s+(?P<bow>\d+))?|ranged|unarmed)\s*,"
    r"\s*(?P<skill>[^,]+?)\s*(?:,\s*(?P<rolled>\d+)k(?P<kept>\d+))?$",
    re.IGNORECASE,
)

_NEGATIVE = re.compile(r"[-−]\s*\d")  # noqa: RUF001 (a minus sign too)


class FormError(ValueError):
    """What the GM typed cannot be read; the message says which line and why."""


def parse_skills(text: str) -> tuple[Skill, ...]:
    """``"Kenjutsu 3, Defense 2"`` (commas or new lines) as skills."""
    skills = []
    for raw in re.split(r"[,\n]", text):
        part = raw.strip()
        if not part:
            continue
        found = _SKILL.match(part)
        if found is None:
            raise FormError(f"Skill {part!r}: write a name and a rank, like Kenjutsu 3")
        rank = found["rank"]
        if not rank.isdigit():
            raise FormError(f"Skill {part!r}: a rank cannot be negative")
        skills.append(Skill(found["name"], int(rank)))
    return tuple(skills)


def skills_text(skills: tuple[Skill, ...]) -> str:
    """Skills as the dialog writes them."""
    return ", ".join(f"{skill.name} {skill.rank}" for skill in skills)


def parse_weapons(text: str) -> tuple[Weapon, ...]:
    """One weapon a line: ``Katana, melee, Kenjutsu, 3k2``; ``Yumi, bow 3, Kyujutsu, 2k2``;
    ``Fists, unarmed, Jiujutsu``."""
    weapons = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        found = _WEAPON.match(line)
        if found is None and _NEGATIVE.search(line.partition(",")[2]):
            raise FormError(
                f"Weapon line {number} ({line!r}): damage and bow strength cannot be negative"
            )
        if found is None:
            raise FormError(
                f"Weapon line {number} ({line!r}): write name, kind, skill, damage, like "
                "Katana, melee, Kenjutsu, 3k2 or Yumi, bow 3, Kyujutsu, 2k2"
            )
        kind = WeaponKind(found["kind"].split()[0].lower())
        if found["rolled"] is None and kind is not WeaponKind.UNARMED:
            raise FormError(f"Weapon line {number} ({line!r}) needs its damage, like 3k2")
        weapons.append(
            Weapon(
                name=found["name"].strip(),
                kind=kind,
                skill=found["skill"].strip(),
                damage_rolled=int(found["rolled"] or 0),
                damage_kept=int(found["kept"] or 1),
                bow_strength=int(found["bow"] or 0),
            )
        )
    return tuple(weapons)


def weapons_text(weapons: tuple[Weapon, ...]) -> str:
    """Weapons as the dialog writes them, one a line."""
    lines = []
    for weapon in weapons:
        kind = weapon.kind.value
        if weapon.kind is WeaponKind.BOW:
            kind += f" {weapon.bow_strength}"
        line = f"{weapon.name}, {kind}, {weapon.skill}"
        if weapon.kind is not WeaponKind.UNARMED:
            line += f", {weapon.damage_rolled}k{weapon.damage_kept}"
        lines.append(line)
    return "\n".join(lines)


class RollkeepDialog(SheetDialog):
    """A new combatant, or an edit of one."""

    def __init__(self, parent: QWidget | None, combatant: Combatant | None) -> None:
        """Fill the form from ``combatant`` (a new one when ``None``)."""
        super().__init__(parent, combatant)
        self.setObjectName("rollkeepDialog")
        sheet = sheet_of(combatant) if combatant is not None else RollkeepSheet()
        self.traits: dict[str, NumberBox] = {}
        grid = QGridLayout()
        for index, (key, label) in enumerate(TRAITS):
            box = spin(f"rollkeep-{key}", 1, MAX_SKILL_RANK, what=label.replace("&", ""))
            box.setValue(getattr(sheet, key))
            self.traits[key] = box
            trait_label = QLabel(label)
            trait_label.setBuddy(box)
            grid.addWidget(trait_label, index // 4, (index % 4) * 2)
            grid.addWidget(box, index // 4, (index % 4) * 2 + 1)
        self.armor = spin("rollkeepArmor", 0, MAX_COUNT, what="Armor")
        self.armor.setValue(sheet.armor)
        self.armor.setToolTip("Added to Armor TN (light armour 5, heavy 10)")
        self.wounds = spin("rollkeepWounds", 0, MAX_COUNT, what="Wounds")
        self.wounds.setValue(sheet.wounds)
        self.stance = named(ChoiceBox(), "rollkeepDialogStance")
        for stance in Stance:
            self.stance.addItem(f"{stance.icon} {stance.label}", stance)
        self.stance.setCurrentIndex(self.stance.findData(sheet.stance))
        self.stance.setEnabled(combatant is None or sheet.initiative is None)
        self.skills = named(QLineEdit(skills_text(sheet.skills)), "rollkeepSkills")
        self.skills.setPlaceholderText("Kenjutsu 3, Defense 2, Stealth 1")
        self.weapons = named(QPlainTextEdit(weapons_text(sheet.weapons)), "rollkeepWeapons")
        self.weapons.setTabChangesFocus(True)
        self.weapons.setPlaceholderText(
            "Katana, melee, Kenjutsu, 3k2\nYumi, bow 3, Kyujutsu, 2k2\nFists, unarmed, Jiujutsu"
        )
        self.form.addRow(grid)
        self.form.addRow("&Armor", self.armor)
        self.form.addRow("&Stance", self.stance)
        self.form.addRow("Wo&unds", self.wounds)
        self.form.addRow("S&kills", self.skills)
        self.form.addRow("W&eapons", self.weapons)
        self._numbers = [*self.traits.values(), self.armor, self.wounds]
        texts = (self.skills.textChanged, self.weapons.textChanged)
        self.check_as_typed(*typed_changes(self._numbers), self.stance.currentIndexChanged, *texts)

    def sheet_tab_chain(self) -> list[QWidget]:
        """The traits row by row, then the fields below them."""
        rest = [self.armor, self.stance, self.wounds, self.skills, self.weapons]
        return [*self.traits.values(), *rest]

    def read_sheet(self) -> RollkeepSheet:
        """The sheet the form describes (``FormError`` when it cannot be read; the frame then
        reads the whole combatant back as a saved fight would)."""
        problem = first_problem(self._numbers)
        if problem:
            raise FormError(problem)
        sheet = sheet_of(self.original) if self.original is not None else RollkeepSheet()
        return replace(
            sheet,
            **{key: box.value() for key, box in self.traits.items()},
            armor=self.armor.value(),
            wounds=self.wounds.value(),
            stance=self.stance.currentData(),
            skills=parse_skills(self.skills.text()),
            weapons=parse_weapons(self.weapons.toPlainText()),
        )


def edit_combatant(
    parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
) -> Combatant | None:
    """Run the dialog modally; the combatant, or ``None`` when cancelled."""
    return run_sheet_dialog(RollkeepDialog(parent, combatant))
