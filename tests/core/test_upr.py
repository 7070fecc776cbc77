import tomllib
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uwr_desktop.core.rulesets.uwr.upr import (
    UprError,
    UprTable,
    UprType,
    default_upr_table,
    format_upr,
    format_upr_fraction,
    preparation_rounds,
    uses_per_round,
)

# The worked example table of the Uses Per Round rule: type, then the shown value for 1..12 dice.
SEED_TABLE = {
    "Rapid": "1 2 3 4 5 6 7 8 9 10 11 12",
    "Reach Swift": "1 2 2 3 3 4 4 5 5 6 6 7",
    "Swift": "0.5 1 1 2 2 3 3 4 4 5 5 6",
    "Quick": "0.33 0.66 1 1 1 2 2 2 3 3 3 4",
    "Steady": "0.25 0.5 0.75 1 1 1 1 2 2 2 2 3",
    "Paced": "0.2 0.4 0.6 0.8 1 1 1 1 1 2 2 2",
    "Slow": "0.16 0.33 0.5 0.66 0.83 1 1 1 1 1 1 2",
    "Extremely Slow": "0.125 0.25 0.375 0.5 0.625 0.75 0.875 1 1 1 1 1",
    "Painfully Slow": ("0.0625 0.125 0.1875 0.25 0.3125 0.375 0.4375 0.5 0.5625 0.625 0.6875 0.75"),
}

# The exact value behind each truncated display string of the seed table.
REPEATING = {"0.33": Fraction(1, 3), "0.66": Fraction(2, 3), "0.16": Fraction(1, 6)}
REPEATING["0.83"] = Fraction(5, 6)


SEED_CELLS = [
    pytest.param(type_name, dice, shown, id=f"{type_name}-{dice}")
    for type_name, row in SEED_TABLE.items()
    for dice, shown in enumerate(row.split(), start=1)
]


def exact_value(shown: str) -> Fraction:
    return REPEATING.get(shown, Fraction(shown))


def test_seed_table_has_all_108_cells():
    assert len(SEED_CELLS) == 108


@pytest.mark.parametrize(("type_name", "dice", "shown"), SEED_CELLS)
def test_seed_table_value_and_display(type_name, dice, shown):
    value = uses_per_round(dice, type_name)
    assert value == exact_value(shown)
    assert format_upr(value) == shown


def test_shipped_table_has_the_ten_rule_types_in_order():
    table = default_upr_table()
    assert list(table) == [
        "Rapid",
        "Reach Swift",
        "Swift +1",
        "Swift",
        "Quick",
        "Steady",
        "Paced",
        "Slow",
        "Extremely Slow",
        "Painfully Slow",
    ]
    assert table["Reach Swift"] == UprType("Reach Swift", divisor=2, adjustment=2)
    assert table["Swift +1"] == UprType("Swift +1", divisor=2, adjustment=1)
    assert table["Painfully Slow"] == UprType("Painfully Slow", divisor=16)
    assert all(upr_type.max_uses is None for upr_type in table.values())


def test_load_without_a_path_reads_the_shipped_table():
    assert UprTable.load() == default_upr_table()


@pytest.mark.parametrize(
    ("dice", "expected"),
    [(0, Fraction(1, 2)), (1, Fraction(1)), (2, Fraction(1)), (3, Fraction(2)), (12, Fraction(6))],
)
def test_swift_plus_one(dice, expected):
    assert uses_per_round(dice, "Swift +1") == expected


def test_lookup_ignores_case_and_spacing():
    table = default_upr_table()
    assert table["extremely  SLOW"].name == "Extremely Slow"
    assert "reach swift" in table
    assert uses_per_round(7, "quick") == 2


def test_unknown_type_lists_the_known_names():
    with pytest.raises(UprError, match="unknown UPR type 'Blinding'") as raised:
        uses_per_round(3, "Blinding")
    assert "Rapid" in str(raised.value)
    assert "Painfully Slow" in str(raised.value)


def test_mapping_lookup_of_unknown_name_is_a_key_error():
    with pytest.raises(KeyError):
        default_upr_table()["Blinding"]
    assert default_upr_table().get("Blinding") is None


def test_max_uses_caps_whole_values_only():
    capped = UprType("Capped Rapid", divisor=1, max_uses=3)
    assert [uses_per_round(dice, capped) for dice in range(1, 7)] == [1, 2, 3, 3, 3, 3]
    slow_capped = UprType("Capped Slow", divisor=4, max_uses=1)
    assert uses_per_round(2, slow_capped) == Fraction(1, 2)
    assert uses_per_round(12, slow_capped) == 1


def test_whole_values_are_floored():
    assert uses_per_round(7, "Quick") == 2
    assert uses_per_round(11, "Steady") == 2


def test_no_dice_gives_zero_unless_adjusted():
    assert uses_per_round(0, "Rapid") == 0
    assert uses_per_round(0, "Reach Swift") == 1


def test_negative_adjustment_never_goes_below_zero():
    clumsy = UprType("Clumsy", divisor=2, adjustment=-3)
    assert uses_per_round(1, clumsy) == 0
    assert uses_per_round(4, clumsy) == Fraction(1, 2)


def test_gm_added_type_is_usable_by_name_in_the_new_table_only():
    base = default_upr_table()
    table = base.with_type(UprType("Glacial", divisor=24, max_uses=1))
    assert list(table)[-1] == "Glacial"
    assert len(table) == len(base) + 1
    assert uses_per_round(6, "Glacial", table) == Fraction(1, 4)
    assert uses_per_round(48, "glacial", table) == 1
    assert "Glacial" not in base
    with pytest.raises(UprError, match="Glacial"):
        uses_per_round(6, "Glacial")


def test_with_type_refuses_a_duplicate_name():
    with pytest.raises(UprError, match="'swift' is defined twice"):
        default_upr_table().with_type(UprType("swift", divisor=3))


@pytest.mark.parametrize("dice", [-1, -12])
def test_negative_dice_are_refused(dice):
    with pytest.raises(UprError, match="cannot be negative"):
        uses_per_round(dice, "Swift")


@pytest.mark.parametrize("dice", [2.5, "3", True])
def test_non_whole_dice_are_refused(dice):
    with pytest.raises(UprError, match="whole number"):
        uses_per_round(dice, "Swift")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "", "divisor": 2}, "needs a name"),
        ({"name": "   ", "divisor": 2}, "needs a name"),
        ({"name": "Zero", "divisor": 0}, "divisor must be a whole number of at least 1"),
        ({"name": "Neg", "divisor": -2}, "divisor must be a whole number of at least 1"),
        ({"name": "Float", "divisor": 2.5}, "divisor must be a whole number"),
        ({"name": "Adj", "divisor": 2, "adjustment": 0.5}, "adjustment must be a whole number"),
        ({"name": "Cap", "divisor": 2, "max_uses": 0}, "max uses must be a whole number"),
    ],
)
def test_bad_types_are_refused(kwargs, message):
    with pytest.raises(UprError, match=message):
        UprType(**kwargs)


def test_type_name_spacing_is_tidied():
    assert UprType("  Very   Slow ", divisor=10).name == "Very Slow"


@pytest.mark.parametrize(
    ("value", "rounds"),
    [
        (Fraction(3), 0),
        (Fraction(1), 0),
        (Fraction(5, 6), 1),
        (Fraction(1, 2), 1),
        (Fraction(7, 16), 2),
        (Fraction(1, 16), 2),
    ],
)
def test_preparation_rounds(value, rounds):
    assert preparation_rounds(value) == rounds


@pytest.mark.parametrize("value", [Fraction(0), Fraction(-1, 2)])
def test_preparation_of_an_unusable_weapon_is_refused(value):
    with pytest.raises(UprError, match="cannot be used"):
        preparation_rounds(value)


def test_preparation_follows_the_seed_table():
    assert preparation_rounds(uses_per_round(1, "Swift")) == 1
    assert preparation_rounds(uses_per_round(1, "Quick")) == 2
    assert preparation_rounds(uses_per_round(8, "Painfully Slow")) == 1
    assert preparation_rounds(uses_per_round(7, "Painfully Slow")) == 2
    assert preparation_rounds(uses_per_round(3, "Quick")) == 0


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(2), "2"),
        (Fraction(0), "0"),
        (Fraction(3, 2), "1.5"),
        (Fraction(7, 3), "2.33"),
        (Fraction(1, 12), "0.08"),
        (Fraction(1, 101), "0.009"),
        (Fraction(31, 300), "0.1"),
        (Fraction(1, 1024), "0.0009765625"),
        (Fraction(-2, 3), "-0.66"),
    ],
)
def test_format_upr_beyond_the_seed_table(value, shown):
    assert format_upr(value) == shown


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(2, 3), "2/3"),
        (Fraction(1, 16), "1/16"),
        (Fraction(2), "2"),
        (Fraction(4, 8), "1/2"),
    ],
)
def test_format_upr_fraction(value, shown):
    assert format_upr_fraction(value) == shown


@pytest.mark.parametrize("bad", [0.5, "1/2", None])
def test_formatters_refuse_inexact_values(bad):
    with pytest.raises(UprError, match="exact fraction"):
        format_upr(bad)
    with pytest.raises(UprError, match="exact fraction"):
        format_upr_fraction(bad)


@given(
    dice=st.integers(min_value=0, max_value=200),
    divisor=st.integers(min_value=1, max_value=40),
    adjustment=st.integers(min_value=-5, max_value=5),
)
def test_value_is_whole_at_one_or_more_and_exact_below(dice, divisor, adjustment):
    upr_type = UprType("Any", divisor=divisor, adjustment=adjustment)
    value = uses_per_round(dice, upr_type)
    raw = Fraction(dice + adjustment, divisor)
    if raw >= 1:
        assert value.denominator == 1
        assert value <= raw < value + 1
    else:
        assert value == max(raw, 0)


@given(st.fractions(min_value=0, max_value=50))
def test_format_upr_never_overstates_and_is_close(value):
    shown = Fraction(format_upr(value))
    assert shown <= value
    assert value - shown < Fraction(1, 100) or shown == value
    if value > 0:
        assert shown > 0


VALID_TOML = """
[[types]]
name = "Lightning"
divisor = 1
adjustment = 1
max_uses = 4

[[types]]
name = "Siege"
divisor = 30
"""


def test_user_table_from_toml_text():
    table = UprTable.from_toml_text(VALID_TOML)
    assert list(table) == ["Lightning", "Siege"]
    assert table["Lightning"] == UprType("Lightning", divisor=1, adjustment=1, max_uses=4)
    assert table["Siege"] == UprType("Siege", divisor=30)
    assert uses_per_round(10, "Lightning", table) == 4
    assert uses_per_round(10, "Siege", table) == Fraction(1, 3)
    assert format_upr(uses_per_round(10, "Siege", table)) == "0.33"


def test_user_table_from_a_file(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(VALID_TOML, encoding="utf-8")
    assert list(UprTable.load(path)) == ["Lightning", "Siege"]


def test_user_table_from_json_text_and_file(tmp_path):
    text = (
        '{"types": [{"name": "Lightning", "divisor": 1, "adjustment": 1, "max_uses": 4},'
        ' {"name": "Siege", "divisor": 30}]}'
    )
    assert UprTable.from_json_text(text) == UprTable.from_toml_text(VALID_TOML)
    path = tmp_path / "house.JSON"
    path.write_text(text, encoding="utf-8")
    assert list(UprTable.load(path)) == ["Lightning", "Siege"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"types": [', "not valid JSON"),
        ("[1, 2]", 'must be an object holding "types"'),
        ('{"types": []}', "defines no types"),
        ('{"types": [{"name": "A", "divisor": 1.5}]}', "divisor must be a whole number"),
        ('{"types": [{"name": "A", "divisor": true}]}', "divisor must be a whole number"),
        ('{"types": [{"name": "A", "divisor": 1}], "x": 1}', r"unknown top-level keys \['x'\]"),
    ],
)
def test_bad_json_tables_are_refused_with_the_reason(text, message):
    with pytest.raises(UprError, match=message):
        UprTable.from_json_text(text)


def test_the_shipped_table_is_read_without_the_toml_parser(monkeypatch):
    def refuse(_text):
        raise AssertionError("the shipped table went through the TOML parser")

    monkeypatch.setattr(tomllib, "loads", refuse)
    assert UprTable.load() == default_upr_table()
    assert len(UprTable.load()) == 10


def test_missing_file_is_named(tmp_path):
    path = tmp_path / "nowhere.toml"
    with pytest.raises(UprError, match="cannot read the UPR table") as raised:
        UprTable.load(path)
    assert "nowhere.toml" in str(raised.value)


def test_problem_in_a_file_names_the_file(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('[[types]]\nname = "Odd"\ndivisor = 0\n', encoding="utf-8")
    with pytest.raises(UprError, match=r"broken\.toml: UPR type #1 \('Odd'\)") as raised:
        UprTable.load(path)
    assert "divisor" in str(raised.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[types]\nname = 'x'", "not valid TOML"),
        ("", "defines no types"),
        ("types = []", "defines no types"),
        ("types = 3", "defines no types"),
        (
            "[meta]\nauthor = 'me'\n[[types]]\nname = 'A'\ndivisor = 1",
            r"unknown top-level keys \['meta'\]",
        ),
        ("types = [1]", r"UPR type #1 must be a \[\[types\]\] table"),
        ("[[types]]\nname = 'A'", r"UPR type #1 \('A'\) is missing divisor"),
        ("[[types]]\ndivisor = 2", "UPR type #1 is missing name"),
        ("[[types]]\nname = 'A'\ndivsor = 2", r"unknown keys \['divsor'\]"),
        ("[[types]]\nname = 'A'\ndivisor = '2'", "divisor must be a whole number"),
        ("[[types]]\nname = 7\ndivisor = 2", "needs a name"),
        ("[[types]]\nname = 'A'\ndivisor = 2\nmax_uses = -1", "max uses must be"),
        (
            "[[types]]\nname = 'A'\ndivisor = 1\n[[types]]\nname = 'B'\ndivisor = 0",
            r"UPR type #2 \('B'\)",
        ),
        (
            "[[types]]\nname = 'Slow'\ndivisor = 6\n[[types]]\nname = 'SLOW'\ndivisor = 7",
            "'SLOW' is defined twice",
        ),
    ],
)
def test_bad_toml_tables_are_refused_with_the_reason(text, message):
    with pytest.raises(UprError, match=message):
        UprTable.from_toml_text(text)


def test_table_is_read_only():
    table = default_upr_table()
    with pytest.raises(TypeError):
        table["Rapid"] = UprType("Rapid", divisor=2)
    assert table["Rapid"].divisor == 1


def test_table_refuses_things_that_are_not_types():
    with pytest.raises(UprError, match="holds UPR types"):
        UprTable([UprType("A", divisor=1), ("B", 2)])
