"""A QUndoStack that mirrors the session's journal, for the Edit menu and an undo view.

Every journal entry is one undo command. The session is the single source of truth: commands
only move the session's cursor, and the stack is rebuilt whenever the fight is replaced.
"""

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand, QUndoStack

from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.session import Change
from uwr_desktop.ui.document import EncounterDocument


class _EntryCommand(QUndoCommand):
    """One journal entry: undo and redo move the session's cursor over it."""

    def __init__(self, bridge: "JournalUndoStack", label: str) -> None:
        super().__init__(label)
        self._bridge = bridge

    def undo(self) -> None:
        self._bridge.move_session(backwards=True)

    def redo(self) -> None:
        self._bridge.move_session(backwards=False)


class JournalUndoStack(QUndoStack):
    """The undo stack of the open fight, kept in step with ``document``'s session."""

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        """Mirror ``document``'s journal now and whenever it changes or is replaced."""
        super().__init__(parent)
        self._document = document
        self._following = False
        document.sessionReplaced.connect(self._rebuild)
        document.changed.connect(self._on_change)
        self._rebuild()

    def bind_actions(self, undo_action: QAction, redo_action: QAction) -> None:
        """Drive the Edit menu's Undo/Redo actions: enabled state, "Undo Apply 3 damage" text."""
        undo_action.triggered.connect(self.undo)
        redo_action.triggered.connect(self.redo)
        self.canUndoChanged.connect(undo_action.setEnabled)
        self.canRedoChanged.connect(redo_action.setEnabled)
        self.undoTextChanged.connect(lambda text: _label(undo_action, "&Undo", text))
        self.redoTextChanged.connect(lambda text: _label(redo_action, "&Redo", text))
        undo_action.setEnabled(self.canUndo())
        redo_action.setEnabled(self.canRedo())
        _label(undo_action, "&Undo", self.undoText())
        _label(redo_action, "&Redo", self.redoText())

    def move_session(self, *, backwards: bool) -> None:
        """Undo or redo one entry in the session, unless the stack is only catching up."""
        if self._following:
            return
        session = self._document.session
        self._following = True
        try:
            if backwards and session.can_undo:
                session.undo()
            elif not backwards and session.can_redo:
                session.redo()
        except RulesError:
            self._rebuild()
        finally:
            self._following = False

    def _on_change(self, change: Change) -> None:
        if self._following:
            return
        self._following = True
        try:
            if change.kind == "do":
                self.push(_EntryCommand(self, change.entry.label))
            else:
                self.setIndex(self._document.session.cursor)
        finally:
            self._following = False

    def _rebuild(self) -> None:
        session = self._document.session
        self._following = True
        # Quiet while it fills: each push would otherwise retitle the Edit menu's actions,
        # which costs seconds for a journal of thousands of entries.
        self.blockSignals(True)
        try:
            self.clear()
            for entry in session.entries:
                self.push(_EntryCommand(self, entry.label))
            self.setIndex(session.cursor)
        finally:
            self.blockSignals(False)
            self._following = False
        self.indexChanged.emit(self.index())
        self.canUndoChanged.emit(self.canUndo())
        self.canRedoChanged.emit(self.canRedo())
        self.undoTextChanged.emit(self.undoText())
        self.redoTextChanged.emit(self.redoText())
        self.cleanChanged.emit(self.isClean())


def _label(action: QAction, verb: str, text: str) -> None:
    """Name what the action would do, in its menu text and its tooltip (with its shortcut)."""
    menu_text = _menu_text(verb, text)
    action.setText(menu_text)
    shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    words = menu_text.replace("&", "")
    action.setToolTip(f"{words} ({shortcut})" if shortcut else words)


def _menu_text(verb: str, label: str) -> str:
    return f"{verb} {label}" if label else verb
