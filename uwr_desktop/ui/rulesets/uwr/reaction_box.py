"""The target's reaction to a pending attack: dodge (with a skill), parry (with a melee
weapon) or none, with the reaction's own favor and extra dice.

Like the attack panel around it, the box never changes the encounter: it emits the intent the
GM chose (:attr:`ReactionBox.intentChosen`).
"""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.uwr.intents import React, Reaction, ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import WeaponPool, sheet_of
from uwr_desktop.ui.rulesets.uwr.check_extras import (
    EXTRA_DICE_RANGE,
    FAVOR_RANGE,
    below_one_box,
    modifier_box,
)
from uwr_desktop.ui.widgets.build import button, named, set_items, wrapped
from uwr_desktop.ui.widgets.number_box import first_problem
from uwr_desktop.ui.widgets.wheel import ChoiceBox

PARRY_TIP = "The target parries with Brawn and a melee weapon"


def no_parry_reason(target: Combatant) -> str:
    """Why ``target`` can only dodge."""
    melee = [w for w in sheet_of(target).weapons if w.pool is WeaponPool.MELEE]
    if not melee:
        return f"{target.name} has no melee weapon to parry with: only a dodge is possible"
    return f"{target.name} has no melee weapon with a use left this round: only a dodge is possible"


class ReactionBox(QGroupBox):
    """How the target of a pending attack reacts; emits ``intentChosen(Intent)``, and
    ``problemFound(str)`` for a number that cannot be used."""

    intentChosen = Signal(object)  # noqa: N815 (Qt signal naming)
    problemFound = Signal(str)  # noqa: N815 (Qt signal naming)

    def __init__(self, parent: QWidget | None = None) -> None:
        """An empty box; :meth:`show_for` fills it for a target."""
        super().__init__("Reaction", parent)
        self.setObjectName("reactionBox")
        self.dodge_button = button("Dodge", "dodgeButton", "The target dodges with Grace")
        self.dodge_skill = named(ChoiceBox(), "dodgeSkill")
        self.dodge_skill.setAccessibleName("Dodge skill")
        self.dodge_skill.setToolTip("A skill of the target's that adds its rank and rerolls")
        self.parry_button = button("Parry", "parryButton", PARRY_TIP)
        self.parry_weapon = named(ChoiceBox(), "parryWeapon")
        self.parry_weapon.setAccessibleName("Parry weapon")
        self.parry_weapon.setToolTip("The melee weapon the target parries with")
        self.no_reaction_button = button(
            "No reaction", "noReactionButton", "The target does not react: resolve the attack"
        )
        self.favor = modifier_box(
            *FAVOR_RANGE, "Reaction favor", "Net favor of the reaction: +1 lets a 4 succeed"
        )
        self.dice = modifier_box(
            *EXTRA_DICE_RANGE,
            "Reaction extra dice",
            "Dice added to the reaction's pool (negative: a penalty)",
        )
        self.below_one = below_one_box("reactionBelowOne", "Reaction", "Be&low 1 die")
        self.note = wrapped("reactionNote")
        self._lay_out()
        self.dodge_button.clicked.connect(
            lambda: self._react(Reaction.DODGE, skill=self.dodge_skill.currentData() or "")
        )
        self.parry_button.clicked.connect(
            lambda: self._react(Reaction.PARRY, self.parry_weapon.currentData())
        )
        self.no_reaction_button.clicked.connect(lambda: self.intentChosen.emit(ResolveCheck()))

    def _lay_out(self) -> None:
        # Two rows, so that the box is no wider than the attack inputs above it: in one row it
        # pushed the dock into scrolling sideways and cut the labels at its right.
        reactions = QHBoxLayout()
        for choice in (self.dodge_button, self.dodge_skill, self.parry_button, self.parry_weapon):
            reactions.addWidget(choice)
        reactions.addStretch(1)
        modifiers = QHBoxLayout()
        modifiers.addWidget(self.no_reaction_button)
        modifiers.addStretch(1)
        for text, widget in (("Favor", self.favor), ("Extra dice", self.dice)):
            label = QLabel(text)
            label.setBuddy(widget)
            modifiers.addWidget(label)
            modifiers.addWidget(widget)
        modifiers.addWidget(self.below_one)
        box = QVBoxLayout(self)
        box.addLayout(reactions)
        box.addLayout(modifiers)
        box.addWidget(self.note)

    def reset(self) -> None:
        """Favor and extra dice back at 0: they belong to one reaction."""
        self.favor.setValue(0)
        self.dice.setValue(0)
        self.below_one.setChecked(False)

    def show_for(self, state: EncounterState, ruleset: Ruleset, target_id: str) -> None:
        """Offer the reactions the rules allow ``target_id`` now."""
        reacts = [
            option.intent
            for option in ruleset.legal_intents(state, target_id)
            if isinstance(option.intent, React)
        ]
        target = state.combatants[target_id]
        sheet = sheet_of(target)
        self.setTitle(f"{target.name} reacts (Stamina {sheet.stamina}/{sheet.stamina_max})")
        self.dodge_button.setEnabled(any(r.reaction is Reaction.DODGE for r in reacts))
        skills = [("No skill", "")]
        skills.extend((f"{skill.name} +{skill.rank}", skill.name) for skill in sheet.skills)
        set_items(self.dodge_skill, skills)
        self.dodge_skill.setVisible(len(skills) > 1)
        self.parry_weapon.clear()
        for react in reacts:
            if react.reaction is Reaction.PARRY and react.weapon is not None:
                self.parry_weapon.addItem(sheet.weapons[react.weapon].name, react.weapon)
        count = self.parry_weapon.count()
        self.parry_button.setEnabled(count > 0)
        self.parry_weapon.setVisible(count > 1)
        if count == 1:
            self.parry_button.setText(f"Parry with {self.parry_weapon.itemText(0)}")
        else:
            self.parry_button.setText("Parry with" if count else "Parry")
        self.parry_button.setToolTip(PARRY_TIP if count else no_parry_reason(target))
        self.note.setText("" if count else no_parry_reason(target))
        self.note.setVisible(not count)

    def _react(self, reaction: Reaction, weapon: int | None = None, skill: str = "") -> None:
        problem = first_problem((self.favor, self.dice))
        if problem:
            self.problemFound.emit(problem)
            return
        self.intentChosen.emit(
            React(
                reaction,
                weapon=weapon,
                skill=skill,
                favor=self.favor.value(),
                extra_dice=self.dice.value(),
                below_one=self.below_one.isChecked(),
            )
        )
