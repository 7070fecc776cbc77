"""The main window's commands as QActions: text, icon, shortcut and status tip in one table."""

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from uwr_desktop.ui.icons import icon

Shortcut = QKeySequence.StandardKey | str


class ActionSpec(msgspec.Struct, frozen=True):
    """How one command looks and which keys trigger it.

    A standard key stands for every binding the desktop gives it, and these differ between
    desktops (the standard Delete is also Control+D on some): a key that must not collide with
    another command's is named, as Remove's ``"Del"`` is.
    """

    key: str
    text: str
    tip: str
    icon_name: str | None = None
    shortcuts: tuple[Shortcut, ...] = ()


ACTION_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("new", "&New Fight", "Start an empty fight", "new", (QKeySequence.StandardKey.New,)),
    ActionSpec("open", "&Open…", "Open a saved fight", "open", (QKeySequence.StandardKey.Open,)),
    ActionSpec("save", "&Save", "Save the fight", "save", (QKeySequence.StandardKey.Save,)),
    ActionSpec(
        "save_as",
        "Save &As…",
        "Save the fight under a new name",
        "save-as",
        (QKeySequence.StandardKey.SaveAs, "Ctrl+Shift+S"),
    ),
    ActionSpec("export_log", "&Export Log…", "Export the event log as Markdown", "export"),
    ActionSpec(
        "reopen_last",
        "Reopen the &Last Fight at Start",
        "Open the fight that was open last when UWR Desktop starts",
    ),
    ActionSpec(
        "quit", "&Quit", "Quit UWR Desktop", None, (QKeySequence.StandardKey.Quit, "Ctrl+Q")
    ),
    ActionSpec("undo", "&Undo", "Undo the last change", "undo", (QKeySequence.StandardKey.Undo,)),
    ActionSpec(
        "redo",
        "&Redo",
        "Redo the change undone last",
        "redo",
        (QKeySequence.StandardKey.Redo, "Ctrl+Y"),
    ),
    ActionSpec(
        "add_combatant",
        "&Add Combatant…",
        "Add a new combatant",
        "add-combatant",
        ("Ctrl+Shift+N",),
    ),
    ActionSpec(
        "add_from_library",
        "Add from &Library…",
        "Add combatants from the library",
        "add-from-library",
        ("Ctrl+L",),
    ),
    ActionSpec(
        "save_to_library",
        "Save to Li&brary",
        "Keep the selected combatants as library templates",
        None,
        ("Ctrl+Shift+L",),
    ),
    ActionSpec(
        "save_party",
        "Save Players as &Party…",
        "Keep the fight's players as a named party, to add to later fights",
    ),
    ActionSpec(
        "duplicate", "&Duplicate", "Add a copy of the selected combatants", "duplicate", ("Ctrl+D",)
    ),
    ActionSpec(
        "remove",
        "&Remove",
        "Remove the selected combatants from the fight",
        "remove",
        ("Del",),
    ),
    ActionSpec(
        "edit_combatant",
        "&Edit Combatant…",
        "Edit the selected combatant's sheet: attributes, skills, weapons (undoable)",
        None,
        ("Ctrl+E",),
    ),
    ActionSpec(
        "edit_conditions",
        "Edit Co&nditions…",
        "Add, remove or change the selected combatant's conditions, or mark them defeated",
        None,
        ("Ctrl+Shift+K",),
    ),
    ActionSpec(
        "damage", "Apply Da&mage…", "Apply damage to the selected combatants", "damage", ("Ctrl+M",)
    ),
    ActionSpec("heal", "&Heal…", "Heal the selected combatants", None, ("Ctrl+H",)),
    ActionSpec(
        "damage_one",
        "Deal 1 Damage",
        "Deal 1 damage to the selected combatants (the - in the Health column)",
        None,
        ("Alt+-",),
    ),
    ActionSpec(
        "heal_one",
        "Heal 1",
        "Heal the selected combatants by 1 (the + in the Health column)",
        None,
        ("Alt+=", "Alt++"),
    ),
    ActionSpec(
        "condition",
        "Add &Condition…",
        "Put a condition on the selected combatants",
        "condition",
        ("Ctrl+K",),
    ),
    ActionSpec(
        "start_fight", "&Start Fight", "Roll initiative and begin round 1", "start-fight", ("F5",)
    ),
    ActionSpec(
        "next_turn", "&Next Turn", "End this turn and start the next", "next-turn", ("Ctrl+Return",)
    ),
    ActionSpec("end_round", "&End Round", "End the round now", "end-round", ("Ctrl+Shift+Return",)),
    ActionSpec(
        "clear_order",
        "Use &Rolled Order",
        "Forget the hand-made order and go back to the rolled initiative",
        None,
    ),
    ActionSpec(
        "reduce_motion",
        "Reduce &Motion",
        "Show dice results and the timeline's moves without animation",
    ),
    ActionSpec("zoom_in", "Zoom &In", "Make all text larger", None, ("Ctrl++", "Ctrl+=")),
    ActionSpec("zoom_out", "Zoom &Out", "Make all text smaller", None, ("Ctrl+-",)),
    ActionSpec("zoom_reset", "Reset &Zoom", "Show text at its usual size", None, ("Ctrl+0",)),
    ActionSpec(
        "next_pane",
        "Next &Pane",
        "Move the focus to the next of the table, timeline, Dice dock and event log",
        None,
        ("F6",),
    ),
    ActionSpec(
        "previous_pane",
        "Pre&vious Pane",
        "Move the focus to the previous of the table, timeline, Dice dock and event log",
        None,
        ("Shift+F6",),
    ),
    ActionSpec("attack", "&Attack", "Attack with the panel's choices", None, ("F11",)),
    ActionSpec("roll", "&Roll", "Roll the dice set in the panel", None, ("F7",)),
    ActionSpec(
        "reroll",
        "Rero&ll All I May",
        "Reroll as many failed dice of the roll shown as its rerolls allow",
        None,
        ("Shift+F7",),
    ),
    ActionSpec("resolve", "Re&solve", "Make the pending roll final", None, ("F8",)),
    ActionSpec(
        "round_help",
        "&Running a Round",
        "How to run a round in the fight's round system, and every command's keys",
        None,
        (QKeySequence.StandardKey.HelpContents, "F1"),
    ),
    ActionSpec("shortcuts", "&Keyboard Shortcuts", "Every command's keys"),
    ActionSpec("about", "&About UWR Desktop", "Version and license"),
)
PANEL_ACTION_KEYS = ("attack", "roll", "reroll", "resolve")
"""Actions that click a button of the round system's panel (keys of ``PanelCommand``)."""


def on_every_keyboard(sequence: QKeySequence) -> bool:
    """Whether every keyboard has the keys of ``sequence``: letters, digits and signs, and the
    keys from Esc to F12 (the platform's own bindings add keys such as F14, Undo or New, which
    few keyboards have and the help would only puzzle the GM with)."""
    chords = (sequence[index] for index in range(sequence.count()))  # type: ignore[index]
    return all(chord.key() < Qt.Key.Key_Escape or chord.key() <= Qt.Key.Key_F12 for chord in chords)


def shortcut_text(action: QAction) -> str:
    """The action's keys as the menus show them ("Ctrl+Return"; several joined by " or "),
    those every keyboard has (the others still work where a keyboard has them)."""
    return " or ".join(
        sequence.toString(QKeySequence.SequenceFormat.NativeText)
        for sequence in action.shortcuts()
        if on_every_keyboard(sequence)
    )


def tip_with_shortcut(tip: str, action: QAction) -> str:
    """``tip`` followed by the action's keys, if it has any."""
    keys = shortcut_text(action)
    return f"{tip} ({keys})" if keys else tip


def create_actions(parent: QWidget) -> dict[str, QAction]:
    """Create every command's QAction, owned by ``parent``, keyed by ``ActionSpec.key``."""
    actions: dict[str, QAction] = {}
    for spec in ACTION_SPECS:
        action = QAction(spec.text, parent)
        action.setObjectName(f"action_{spec.key}")
        action.setStatusTip(spec.tip)
        if spec.icon_name is not None:
            action.setIcon(icon(spec.icon_name))
        sequences: list[QKeySequence] = []
        for shortcut in spec.shortcuts:
            for sequence in (
                QKeySequence.keyBindings(shortcut)
                if isinstance(shortcut, QKeySequence.StandardKey)
                else [QKeySequence(shortcut)]
            ):
                if not sequence.isEmpty() and sequence not in sequences:
                    sequences.append(sequence)
        action.setShortcuts(sequences)
        action.setToolTip(tip_with_shortcut(spec.tip, action))
        actions[spec.key] = action
    actions["reduce_motion"].setCheckable(True)
    actions["reopen_last"].setCheckable(True)
    return actions
