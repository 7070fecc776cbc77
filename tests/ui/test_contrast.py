"""Everything the theme draws reads well in both schemes (WCAG 2.x contrast): text at 4.5:1
and edges and state marks at 3:1 against what they are drawn on, and the state of a card, a
row or a die is told by more than its colour."""

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import ApplyDamage, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dice.die_painter import colours, edge
from uwr_desktop.ui.dice.shown_die import ShownDie
from uwr_desktop.ui.table.model import CombatantTableModel
from uwr_desktop.ui.theme import Scheme, build_palette, theme_colors
from uwr_desktop.ui.timeline.lane_paint import BAR_FILL_ALPHA

TEXT = 4.5
"""WCAG 1.4.3: text against its background."""
MARK = 3.0
"""WCAG 1.4.11: an edge, a ring, a state mark against what is next to it."""


def luminance(color: QColor) -> float:
    """WCAG's relative luminance of ``color``."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(c) for c in (color.redF(), color.greenF(), color.blueF()))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: QColor | str, second: QColor | str) -> float:
    """WCAG's contrast ratio of two opaque colours (1 to 21)."""
    high, low = sorted((luminance(QColor(first)), luminance(QColor(second))), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_ratio_is_wcags():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def _text_pairs(scheme: Scheme) -> list[tuple[str, str, str]]:
    c = theme_colors(scheme)
    pairs = [
        ("muted text", c.muted_text, background)
        for background in (c.window, c.base, c.alternate_base, c.button, c.card, c.card_done)
    ]
    pairs += [
        ("a refusal's words", c.problem, c.window),
        ("card name", c.text, c.card),
        ("acting card name", c.text, c.card_current),
        ("'Acting now'", c.accent, c.card_current),
        ("acting column heading", c.accent, c.window),
        ("'✓ Done' and a defeated card's words", c.muted_text, c.card_done),
        ("timeline title", c.muted_text, c.window),
        ("link", c.link, c.base),
        ("link on the window", c.link, c.window),
        ("tooltip", c.tooltip_text, c.tooltip_base),
        ("a condition's chip", c.text, c.condition),
        ("drop words", c.card, c.accent),
    ]
    for side, color in c.sides.items():
        tint = _over(color, BAR_FILL_ALPHA, c.window)
        pairs.append((f"a {side.value} lane bar's label", c.text, tint))
    return pairs


def _over(color: str, alpha: int, background: str) -> str:
    """``color`` at ``alpha`` (0 to 255) painted over ``background``."""
    top, under = QColor(color), QColor(background)
    share = alpha / 255
    mixed = [
        round(a * share + b * (1 - share))
        for a, b in (
            (top.red(), under.red()),
            (top.green(), under.green()),
            (top.blue(), under.blue()),
        )
    ]
    return QColor(*mixed).name()


def _mark_pairs(scheme: Scheme) -> list[tuple[str, str, str]]:
    c = theme_colors(scheme)
    pairs = [
        (f"field and button edge on {name}", c.edge, background)
        for name, background in (
            ("window", c.window),
            ("base", c.base),
            ("button", c.button),
            ("alternate base", c.alternate_base),
        )
    ]
    pairs += [
        (f"focus ring on {name}", c.focus, background)
        for name, background in (
            ("window", c.window),
            ("base", c.base),
            ("button", c.button),
            ("card", c.card),
            ("acting card", c.card_current),
        )
    ]
    pairs += [
        ("card edge", c.edge, c.card),
        ("defeated or done card edge", c.edge, c.card_done),
        ("acting card ring", c.accent, c.card_current),
        ("acting card ring on the window", c.accent, c.window),
        ("a selected row", c.highlight, c.window),
        ("a selected cell's focus ring", c.highlighted_text, c.highlight),
        ("hollow pip", c.muted_text, c.card),
    ]
    for side, color in c.sides.items():
        pairs += [
            (f"{side.value} stripe on a card", color, c.card),
            (f"{side.value} stripe on a done card", color, c.card_done),
            (f"{side.value} lane bar or mark on the timeline", color, c.window),
        ]
    return pairs


@pytest.mark.parametrize("scheme", list(Scheme))
def test_every_text_colour_reads_at_4_5_to_1(scheme):
    low = [
        f"{name}: {contrast(fg, bg):.2f}"
        for name, fg, bg in _text_pairs(scheme)
        if contrast(fg, bg) < TEXT
    ]
    assert not low, low


@pytest.mark.parametrize("scheme", list(Scheme))
def test_every_edge_ring_and_mark_stands_out_at_3_to_1(scheme):
    low = [
        f"{name}: {contrast(fg, bg):.2f}"
        for name, fg, bg in _mark_pairs(scheme)
        if contrast(fg, bg) < MARK
    ]
    assert not low, low


@pytest.mark.parametrize("scheme", list(Scheme))
def test_the_palettes_roles_read_at_4_5_to_1(scheme):
    palette = build_palette(scheme)
    role = QPalette.ColorRole
    for text, background in (
        (role.WindowText, role.Window),
        (role.Text, role.Base),
        (role.Text, role.AlternateBase),
        (role.PlaceholderText, role.Base),
        (role.ButtonText, role.Button),
        (role.HighlightedText, role.Highlight),
        (role.ToolTipText, role.ToolTipBase),
        (role.Link, role.Base),
    ):
        ratio = contrast(palette.color(text), palette.color(background))
        assert ratio >= TEXT, f"{text.name} on {background.name}: {ratio:.2f}"


@pytest.mark.parametrize("scheme", list(Scheme))
def test_dice_that_count_and_dice_that_do_not_read_well_and_differ_in_more_than_colour(scheme):
    palette = build_palette(scheme)
    tray = palette.color(QPalette.ColorRole.Window)
    die = ShownDie(sides=6, label="2", value=2, success=False)
    body, ink, ring = colours(palette, die, True)
    assert contrast(ink, body) >= TEXT, f"failed die's face: {contrast(ink, body):.2f}"
    assert contrast(edge(palette), tray) >= MARK, "a hollow die keeps its shape"
    assert ring is None and body == tray, "a die that does not count is hollow"
    body, ink, ring = colours(palette, ShownDie(sides=6, label="5", value=5, success=True), True)
    assert contrast(ink, body) >= TEXT, f"a success's face: {contrast(ink, body):.2f}"
    assert ring is not None and contrast(ring, tray) >= MARK, "a success is filled and ringed"
    body, ink, _ring = colours(palette, ShownDie(sides=10, label="7", value=7, kept=False), True)
    assert contrast(ink, body) >= TEXT, "a dropped d10's number"


def _fighter(cid: str, name: str, side: Side, *, hidden: bool = False) -> Combatant:
    return Combatant(id=cid, name=name, side=side, hidden=hidden, sheet=UwrSheet())


def test_the_tables_rows_read_well_and_a_defeated_row_says_so(scheme):
    roster = [
        _fighter("vex", "Vex", Side.PLAYER),
        _fighter("bandit", "Bandit", Side.ENEMY),
        _fighter("crow", "Crow", Side.NEUTRAL, hidden=True),
    ]
    session = Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(2)))
    session.do(StartFight())
    session.do(ApplyDamage(["bandit"], 99))
    model = CombatantTableModel(session)
    palette = QApplication.palette()
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            foreground = index.data(Qt.ItemDataRole.ForegroundRole)
            background = index.data(Qt.ItemDataRole.BackgroundRole)
            ink = (
                QColor(foreground)
                if foreground is not None
                else palette.color(QPalette.ColorRole.Text)
            )
            for ground in (
                [QColor(background)]
                if background is not None
                else [
                    palette.color(QPalette.ColorRole.Base),
                    palette.color(QPalette.ColorRole.AlternateBase),
                ]
            ):
                ratio = contrast(ink, ground)
                assert ratio >= TEXT, f"{model.combatant_id_at(row)} column {column}: {ratio:.2f}"
    name = model.index(model.row_of("bandit"), model.column_of("name"))
    assert name.data(Qt.ItemDataRole.FontRole).strikeOut(), "defeated: struck out, not only grey"
    assert "down" in name.data(Qt.ItemDataRole.ToolTipRole)
