"""File > New Fight: which round system the fight follows, and that system's settings.

The systems are the registry's (any number of them); each one's settings form is built from its
settings struct (:mod:`.settings_form`). OK builds the ruleset with ``make_ruleset``: a setting
it refuses is shown and the dialog stays open, so nothing typed is lost.
"""

from collections.abc import Mapping
from contextlib import suppress
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.events import to_builtins
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets import Ruleset, make_ruleset, ruleset_ids
from uwr_desktop.ui.dialogs.settings_form import SettingsForm
from uwr_desktop.ui.theme import problem_palette
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.wheel import ChoiceBox


class NewFightDialog(QDialog):
    """Asks for the round system and its settings; :meth:`chosen` is the ruleset built."""

    def __init__(
        self,
        ruleset_id: str | None = None,
        settings: Mapping[str, Mapping[str, Any]] | None = None,
        *,
        parent: QWidget | None = None,
    ) -> None:
        """Preselect ``ruleset_id`` (the first system when unknown) and show each system's
        ``settings[id]`` (builtins; a system not listed, or whose stored settings it now
        refuses, starts at its defaults)."""
        super().__init__(parent)
        self.setObjectName("newFightDialog")
        self.setWindowTitle("New Fight")
        self._stored = dict(settings or {})
        self._forms: dict[str, SettingsForm] = {}
        self._chosen: Ruleset | None = None

        self._systems = named(ChoiceBox(self), "rulesetChoice", accessible="Round system")
        for known in ruleset_ids():
            self._systems.addItem(make_ruleset(known).title, known)
        self._pages = QStackedWidget(self)
        self._pages.setObjectName("settingsPages")
        self._message = QLabel(self)
        self._message.setObjectName("newFightMessage")
        self._message.setWordWrap(True)
        self._message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._message.setPalette(problem_palette(self._message))
        self._message.hide()

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults,
            self,
        )
        buttons.setObjectName("newFightButtons")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start New Fight")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        defaults = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        defaults.setToolTip("Set this round system's settings back to its rules' defaults")
        defaults.clicked.connect(self.restore_defaults)

        top = QFormLayout()
        top.addRow("Round system:", self._systems)
        heading = QLabel("<b>Settings</b> (house rules for this fight)", self)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(heading)
        layout.addWidget(self._pages)
        layout.addWidget(self._message)
        layout.addStretch(1)
        layout.addWidget(buttons)

        self._systems.currentIndexChanged.connect(self._show_system)
        start = self._systems.findData(ruleset_id) if ruleset_id is not None else -1
        self._systems.setCurrentIndex(max(start, 0))
        self._show_system()

    def ruleset_id(self) -> str:
        """The id of the round system chosen now."""
        return str(self._systems.currentData())

    def form(self) -> SettingsForm:
        """The settings form of the round system chosen now."""
        return self._form_for(self.ruleset_id())

    def chosen(self) -> Ruleset | None:
        """The ruleset built on OK (``None`` before, or after Cancel)."""
        return self._chosen

    def message(self) -> str:
        """What the dialog says is wrong ("" when nothing)."""
        return self._message.text() if self._message.isVisible() else ""

    def restore_defaults(self) -> None:
        """Put the chosen system's settings back to its defaults."""
        self.form().set_values(_builtins_of(make_ruleset(self.ruleset_id())))
        self._message.hide()

    def accept(self) -> None:
        """Build the ruleset; a refused setting is shown and the dialog stays open."""
        form = self.form()
        problems = form.problems()
        if problems:
            self._refuse("\n".join(problems))
            return
        try:
            self._chosen = make_ruleset(self.ruleset_id(), form.values())
        except RulesError as error:
            self._refuse(str(error))
            return
        super().accept()

    def _refuse(self, text: str) -> None:
        self._chosen = None
        self._message.setText(text)
        self._message.show()

    def _show_system(self) -> None:
        self._message.hide()
        self._pages.setCurrentWidget(self._form_for(self.ruleset_id()))

    def _form_for(self, ruleset_id: str) -> SettingsForm:
        form = self._forms.get(ruleset_id)
        if form is None:
            ruleset = make_ruleset(ruleset_id)
            stored = self._stored.get(ruleset_id)
            if stored is not None:
                # Settings this version refuses are dropped: the form starts at the defaults.
                with suppress(RulesError):
                    ruleset = make_ruleset(ruleset_id, stored)
            form = SettingsForm(ruleset.settings, self._pages)
            self._forms[ruleset_id] = form
            self._pages.addWidget(form)
        return form


def _builtins_of(ruleset: Ruleset) -> dict[str, Any]:
    return dict(to_builtins(ruleset.settings))
