"""The players' picture as the shared page receives it: JSON made from the player view's own.

Only what the player-view window shows is copied, field by field, from the filtered picture
(:mod:`uwr_desktop.ui.player_view.picture`) and its roll: no combatant id, no slot key, no
tooltip; so whatever the picture leaves out, the page never receives.
"""

import msgspec

from uwr_desktop.ui.player_view.picture import PlayerPicture, ShownRoll, shown_dice

NO_ROLL = "No roll yet"


class PageRow(msgspec.Struct, frozen=True):
    """One row of the order of battle: what the board paints of it."""

    label: str
    side: str
    value: str
    kind: str
    status: str
    band: str | None
    conditions: tuple[str, ...]
    column: str
    pips: int
    spent_pips: int
    down: bool
    set_apart: bool


class PageDie(msgspec.Struct, frozen=True):
    """One die of the last roll: its face and, in words, what it counts for."""

    label: str
    words: str
    success: bool | None
    kept: bool | None


class PageData(msgspec.Struct, frozen=True):
    """The whole page: the round, now and next, the order of battle and the last roll."""

    round: str
    now: str
    next: str
    axis_title: str
    drawn: str
    under_way: str
    rows: tuple[PageRow, ...]
    roll: str
    dice: tuple[PageDie, ...]


_encoder = msgspec.json.Encoder()


def page_data(picture: PlayerPicture, roll: ShownRoll | None, roll_line: str | None) -> PageData:
    """The page's data from the players' ``picture`` and the ``roll`` they see, told as
    ``roll_line``."""
    rows = tuple(
        PageRow(
            row.label,
            row.side.value,
            row.value_text,
            row.kind_words,
            row.status.value,
            None if row.band is None else row.band.value,
            row.conditions,
            row.column,
            row.pips,
            row.spent_pips,
            row.down,
            row.kind.set_apart,
        )
        for row in picture.rows
    )
    dice: tuple[PageDie, ...] = ()
    if roll is not None and roll_line is not None:
        dice = tuple(
            PageDie(die.label, die.describe(), die.success, die.kept) for die in shown_dice(roll)
        )
    return PageData(
        picture.round_text,
        picture.now,
        picture.next,
        picture.axis_title,
        picture.drawn.value,
        picture.under_way,
        rows,
        roll_line or NO_ROLL,
        dice,
    )


def encoded(data: PageData) -> bytes:
    """``data`` as the JSON the page reads."""
    return _encoder.encode(data)
