"""The File menu's commands: new fight, open, save, save as, export the log, recent files.

Every command offers to save unsaved changes first, refuses a bad file with its reason and
keeps the open fight as it was.
"""

from pathlib import Path
from typing import Any

import msgspec
from PySide6.QtWidgets import QMenu

from uwr_desktop import APP_NAME
from uwr_desktop.core.encounter import new_combatant_id
from uwr_desktop.core.events import to_builtins
from uwr_desktop.core.intents import RulesError
from uwr_desktop.ui.command_context import CommandContext
from uwr_desktop.ui.dialogs.prompts import (
    ask_open_path,
    ask_overwrite_changed,
    ask_save_changes,
    ask_save_path,
    warn,
)
from uwr_desktop.ui.document import (
    FIGHT_FILE_SUFFIX,
    FILE_PROBLEMS,
    rememberable,
    shown_file_name,
)
from uwr_desktop.ui.log.view import EventLog
from uwr_desktop.ui.storage_ui.library_commands import LibraryCommands

MAX_RECENT_FILES = 8
NEW_FIGHT_RULESET_KEY = "new_fight/ruleset"
"""Settings key: the round system last chosen for a new fight."""
NEW_FIGHT_SETTINGS_KEY = "new_fight/settings"
"""Settings key: JSON of the settings last chosen per round system, by ruleset id."""
RECENT_FILES_KEY = "recent_files"
LAST_FIGHT_KEY = "last_fight"
"""Settings key: the file of the fight open last (none: that fight had no file)."""
REOPEN_LAST_KEY = "reopen_last_fight"
"""Settings key: whether the app reopens the last fight when it starts (on by default)."""
REOPEN_PROBLEMS: tuple[type[Exception], ...] = (*FILE_PROBLEMS, OSError, RulesError)
"""What reopening the last fight at start may meet; each leaves an empty fight."""
FILE_FILTER = f"UWR encounters (*{FIGHT_FILE_SUFFIX});;All files (*)"
MARKDOWN_FILTER = "Markdown (*.md);;All files (*)"


class FileCommands:
    """The fight's file commands; their dialogs sit over the window, a short message goes to
    the status bar."""

    def __init__(
        self, context: CommandContext, *, library: LibraryCommands, event_log: EventLog
    ) -> None:
        self._context = context
        self._library = library
        self._event_log = event_log
        self.recent_menu = QMenu("Open &Recent", context.window)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        context.document.pathChanged.connect(self._remember_last_fight)

    def maybe_save(self) -> bool:
        """Offer to save unsaved changes; ``False`` when the GM cancels."""
        document = self._context.document
        if not document.modified or not document.session.entries:
            return True
        answer = ask_save_changes(
            self._context.window, APP_NAME, f"Save the changes to {document.title}?"
        )
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_fight(self) -> None:
        """Start a new fight after offering to save: ask which round system and settings it
        follows (last time's choice preselected), then seat that system's default party."""
        if not self.maybe_save():
            return
        from uwr_desktop.ui.dialogs.new_fight import NewFightDialog

        ruleset_id, remembered = self._new_fight_defaults()
        dialog = NewFightDialog(ruleset_id, remembered, parent=self._context.window)
        ruleset = dialog.chosen() if dialog.exec() else None
        if ruleset is None:
            return
        settings = to_builtins(ruleset.settings)
        remembered[ruleset.id] = settings
        self._context.settings.setValue(NEW_FIGHT_RULESET_KEY, ruleset.id)
        self._context.settings.setValue(
            NEW_FIGHT_SETTINGS_KEY, msgspec.json.encode(remembered).decode()
        )
        party = tuple(
            msgspec.structs.replace(combatant, id=new_combatant_id())
            for combatant in self._library.default_party(ruleset.id)
        )
        try:
            self._context.document.new(ruleset.id, party, settings)
        except RulesError as error:
            warn(self._context.window, APP_NAME, f"Could not start the new fight:\n{error}")

    def _new_fight_defaults(self) -> tuple[str | None, dict[str, Any]]:
        """The round system and settings last chosen for a new fight (none: the open one's)."""
        ruleset_id = self._context.settings.value(NEW_FIGHT_RULESET_KEY, None)
        stored = self._context.settings.value(NEW_FIGHT_SETTINGS_KEY, "")
        try:
            remembered = msgspec.json.decode(str(stored)) if stored else {}
        except msgspec.DecodeError:
            remembered = {}
        if not isinstance(remembered, dict):
            remembered = {}
        if not isinstance(ruleset_id, str):
            ruleset_id = self._context.document.session.ruleset.id
        return ruleset_id, remembered

    def open_dialog(self) -> None:
        """Ask for a file and open it."""
        if not self.maybe_save():
            return
        path = ask_open_path(self._context.window, "Open Fight", self._last_folder(), FILE_FILTER)
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open ``path``; a bad file is refused with its reason and the open fight is kept."""
        try:
            self._context.document.open(path)
        except FILE_PROBLEMS as error:
            warn(
                self._context.window, APP_NAME, f"Could not open {shown_file_name(path)}:\n{error}"
            )
            return False
        self._remember_recent(path)
        return True

    def save(self) -> bool:
        """Save to the fight's file (asking for one the first time)."""
        if self._context.document.path is None:
            return self.save_as()
        return self._save_to(self._context.document.path)

    def save_as(self) -> bool:
        """Ask for a file name and save there."""
        suggested = str(Path(self._last_folder()) / self._context.document.title)
        target = ask_save_path(self._context.window, "Save Fight As", suggested, FILE_FILTER)
        if target is None:
            return False
        if not target.suffix:
            target = target.with_suffix(FIGHT_FILE_SUFFIX)
        return self._save_to(target)

    def _save_to(self, path: Path) -> bool:
        overwrite = False
        if path == self._context.document.path and self._context.document.changed_on_disk():
            answer = ask_overwrite_changed(
                self._context.window,
                APP_NAME,
                f"{path.name} was changed on disk since it was opened or last saved here, "
                "by another program or another copy of UWR Desktop. Overwrite it with this "
                "fight, losing those changes?",
            )
            if answer == "save_as":
                return self.save_as()
            if answer == "cancel":
                return False
            overwrite = True
        try:
            self._context.document.save(path, overwrite=overwrite)
        except FILE_PROBLEMS as error:
            warn(
                self._context.window, APP_NAME, f"Could not save {shown_file_name(path)}:\n{error}"
            )
            return False
        self._remember_recent(path)
        self._context.tell(f"Saved {shown_file_name(path)}")
        return True

    def export_log(self) -> None:
        """Ask for a file name and export the event log as Markdown."""
        suggested = str(
            Path(self._last_folder()) / f"{Path(self._context.document.title).stem}-log.md"
        )
        path = ask_save_path(self._context.window, "Export Event Log", suggested, MARKDOWN_FILTER)
        if path is None:
            return
        try:
            self._event_log.export_markdown(path)
        except OSError as error:
            warn(self._context.window, APP_NAME, f"Could not export the log:\n{error}")
            return
        self._context.tell(f"Exported the log to {shown_file_name(path)}")

    @property
    def reopen_last_at_start(self) -> bool:
        """Whether the app reopens the last fight when it starts (the File menu's setting)."""
        return bool(self._context.settings.value(REOPEN_LAST_KEY, True, type=bool))

    def set_reopen_last_at_start(self, on: bool) -> None:
        """Turn reopening the last fight at start on or off."""
        self._context.settings.setValue(REOPEN_LAST_KEY, on)

    def last_fight(self) -> Path | None:
        """The file of the fight open last, if it had one."""
        stored = self._context.settings.value(LAST_FIGHT_KEY, "")
        return Path(stored) if isinstance(stored, str) and stored else None

    def fight_to_reopen(self) -> Path | None:
        """The file a start reopens: the last fight's, when the setting is on."""
        return self.last_fight() if self.reopen_last_at_start else None

    def reopen_last_fight(self) -> str:
        """Open the fight open last, at start, if the setting asks for it; ``""`` when it was
        reopened or there is none to reopen. A file that is gone, cannot be read or is open in
        another copy of the app leaves the fight open as it is, and the answer says why (the
        file is then forgotten, unless another copy has it)."""
        path = self.fight_to_reopen()
        if path is None:
            return ""
        name = shown_file_name(path)
        if self._context.document.open_elsewhere(path):
            return f"Last fight {name} is open in another copy: an empty fight is open here."
        try:
            self._context.document.open(path)
        except REOPEN_PROBLEMS as error:
            self._context.settings.remove(LAST_FIGHT_KEY)
            if not _exists(path):
                return f"Last fight {name} moved or deleted: an empty fight is open."
            return f"Last fight {name} could not be read: an empty fight is open ({error})."
        self._remember_recent(path)
        return ""

    def _remember_last_fight(self) -> None:
        path = self._context.document.path
        if path is None or not rememberable(path):
            self._context.settings.remove(LAST_FIGHT_KEY)
        else:
            self._context.settings.setValue(LAST_FIGHT_KEY, str(path.absolute()))

    def recent_files(self) -> list[Path]:
        """Recently opened or saved files, newest first."""
        stored = self._context.settings.value(RECENT_FILES_KEY, [])
        if isinstance(stored, str):
            return [Path(stored)]
        return [Path(str(value)) for value in stored] if isinstance(stored, list) else []

    def _remember_recent(self, path: Path) -> None:
        if not rememberable(path):
            return  # a name that is not UTF-8 cannot be kept in the settings
        paths = [path.resolve(), *(p for p in self.recent_files() if p != path.resolve())]
        self._context.settings.setValue(
            RECENT_FILES_KEY, [str(p) for p in paths[:MAX_RECENT_FILES]]
        )

    def _fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        recent = self.recent_files()
        for number, path in enumerate(recent, start=1):
            action = menu.addAction(f"&{number} {path.name}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, chosen=path: self._open_recent(chosen))
        if not recent:
            menu.addAction("No recent fights").setEnabled(False)
            return
        menu.addSeparator()
        menu.addAction("Clear List", lambda: self._context.settings.remove(RECENT_FILES_KEY))

    def _open_recent(self, path: Path) -> None:
        if self.maybe_save():
            self.open_path(path)

    def _last_folder(self) -> str:
        recent = self.recent_files()
        return str(recent[0].parent) if recent else str(Path.home())


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False
