"""A form for any ruleset's settings, built from its msgspec settings struct.

Each field becomes a widget by its type (``msgspec.inspect``): a bool a check box, a bounded int
a spin box, a ``StrEnum`` or ``Literal`` a choice, a ``Fraction`` a text field, a string a line.
Labels and tooltips are the ``msgspec.Meta(title=..., description=...)`` of each field. A field
the form cannot show (a list of custom records, say) keeps its current value, unseen. Values come
back as JSON-ready builtins, the form ``make_ruleset`` and the settings file take.
"""

import enum
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import msgspec
import msgspec.inspect as mi
from PySide6.QtWidgets import QCheckBox, QFormLayout, QLineEdit, QWidget

from uwr_desktop.core.events import to_builtins
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.wheel import ChoiceBox

_INT_LIMIT = 2**31 - 1
"""A spin box holds a 32-bit int: an unbounded int setting is offered within it."""


class SettingField(msgspec.Struct, frozen=True):
    """One settings field: its name, the words for the GM and its type (without metadata)."""

    name: str
    title: str
    description: str
    kind: mi.Type


class _Editor(msgspec.Struct):
    """A shown field's widget, how to read it (``ValueError``: bad input) and set it."""

    widget: QWidget
    read: Callable[[], object]
    write: Callable[[Any], None]


def humanize(name: str) -> str:
    """``"initiative_tie"`` as a GM reads it: ``"Initiative tie"``."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def setting_fields(settings_type: type[msgspec.Struct]) -> tuple[SettingField, ...]:
    """The fields of ``settings_type`` with their titles and descriptions, in order."""
    info = mi.type_info(settings_type)
    if not isinstance(info, mi.StructType):
        raise TypeError(f"{settings_type.__name__} is not a msgspec struct")
    fields = []
    for field in info.fields:
        kind = field.type
        title, description = humanize(field.name), ""
        if isinstance(kind, mi.Metadata):
            schema = kind.extra_json_schema or {}
            title = str(schema.get("title", title))
            description = str(schema.get("description", ""))
            kind = kind.type
        fields.append(SettingField(field.name, title, description, kind))
    return tuple(fields)


def changed_settings(settings: msgspec.Struct, defaults: msgspec.Struct) -> list[str]:
    """The settings that differ from ``defaults``, as ``"Title: value"`` lines for the GM."""
    now, usual = to_builtins(settings), to_builtins(defaults)
    lines = []
    for field in setting_fields(type(settings)):
        value = now.get(field.name)
        if value != usual.get(field.name):
            lines.append(f"{field.title}: {_value_words(field.kind, value)}")
    return lines


def _value_words(kind: mi.Type, value: object) -> str:
    if isinstance(kind, mi.BoolType):
        return "yes" if value else "no"
    if isinstance(kind, mi.EnumType | mi.LiteralType) and isinstance(value, str):
        return humanize(value)
    if isinstance(value, list | tuple):
        return f"{len(value)} entries"
    return str(value)


class SettingsForm(QWidget):
    """Edits one settings struct; :meth:`values` gives what the GM set, :meth:`problems` what
    cannot be read."""

    def __init__(self, settings: msgspec.Struct, parent: QWidget | None = None) -> None:
        """Show the fields of ``settings`` at its values."""
        super().__init__(parent)
        self.setObjectName("settingsForm")
        self._type = type(settings)
        self._values: dict[str, Any] = dict(to_builtins(settings))
        self._fields = {field.name: field for field in setting_fields(self._type)}
        self._editors: dict[str, _Editor] = {}
        layout = QFormLayout(self)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        for field in self._fields.values():
            editor = _editor_for(field)
            if editor is None:
                continue
            editor.widget.setObjectName(f"setting_{field.name}")
            editor.widget.setToolTip(field.description)
            editor.widget.setAccessibleName(field.title)
            editor.write(self._values[field.name])
            self._editors[field.name] = editor
            if isinstance(editor.widget, QCheckBox):
                layout.addRow(editor.widget)
            else:
                layout.addRow(f"{field.title}:", editor.widget)
                label = layout.labelForField(editor.widget)
                if label is not None:
                    label.setToolTip(field.description)

    def shown_fields(self) -> list[str]:
        """The names of the fields the form shows, in order."""
        return list(self._editors)

    def editor(self, name: str) -> QWidget:
        """The widget editing the field ``name``; ``KeyError`` when it is not shown."""
        return self._editors[name].widget

    def problems(self) -> list[str]:
        """What cannot be read as typed, one line per field (empty when all is well)."""
        found = []
        for name, editor in self._editors.items():
            try:
                editor.read()
            except ValueError as error:
                found.append(f"{self._fields[name].title}: {error}")
        return found

    def values(self) -> dict[str, Any]:
        """Every field as builtins: shown ones as set, hidden ones as they came.

        Raises ``ValueError`` naming the first field that cannot be read.
        """
        values = dict(self._values)
        for name, editor in self._editors.items():
            try:
                values[name] = editor.read()
            except ValueError as error:
                raise ValueError(f"{self._fields[name].title}: {error}") from None
        return dict(to_builtins(values))

    def set_values(self, values: Mapping[str, Any]) -> None:
        """Show ``values`` (builtins, as :meth:`values` gives); missing fields stay as they are."""
        for name, value in values.items():
            if name in self._values:
                self._values[name] = value
                if name in self._editors:
                    self._editors[name].write(value)


def _editor_for(field: SettingField) -> _Editor | None:
    kind = field.kind
    if isinstance(kind, mi.BoolType):
        box = QCheckBox(field.title)
        return _Editor(box, box.isChecked, lambda v: box.setChecked(bool(v)))
    if isinstance(kind, mi.IntType):
        return _int_editor(kind)
    if isinstance(kind, mi.EnumType) and issubclass(kind.cls, enum.Enum):
        return _choice_editor([member.value for member in kind.cls])
    if isinstance(kind, mi.LiteralType):
        return _choice_editor(list(kind.values))
    if isinstance(kind, mi.CustomType) and kind.cls is Fraction:
        return _fraction_editor()
    if isinstance(kind, mi.StrType):
        line = QLineEdit()
        if kind.max_length is not None:
            line.setMaxLength(kind.max_length)
        return _Editor(line, line.text, lambda v: line.setText(str(v)))
    return None


def _int_editor(kind: mi.IntType) -> _Editor:
    low = kind.ge if kind.ge is not None else (kind.gt + 1 if kind.gt is not None else None)
    high = kind.le if kind.le is not None else (kind.lt - 1 if kind.lt is not None else None)
    spin = NumberBox(
        max(low if low is not None else -_INT_LIMIT, -_INT_LIMIT),
        min(high if high is not None else _INT_LIMIT, _INT_LIMIT),
        what="The value",
    )

    def read() -> int:
        if spin.problem():
            raise ValueError(spin.problem())
        return spin.value()

    return _Editor(spin, read, lambda v: spin.setValue(int(v)))


def _choice_editor(values: list[object]) -> _Editor | None:
    if not values:
        return None
    combo = ChoiceBox()
    for value in values:
        combo.addItem(humanize(str(value)), value)

    def write(value: object) -> None:
        index = combo.findData(value)
        if index >= 0:
            combo.setCurrentIndex(index)

    return _Editor(combo, combo.currentData, write)


def _fraction_editor() -> _Editor:
    line = QLineEdit()
    line.setPlaceholderText("a number such as 2, 1.5 or 1/3")

    def read() -> Fraction:
        text = line.text().strip().replace(",", ".")
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"{line.text()!r} is not a number; write it like 2, 1.5 or 1/3"
            ) from None

    def write(value: object) -> None:
        number = Fraction(value) if isinstance(value, int | float | str) else value
        line.setText(str(number))

    return _Editor(line, read, write)
