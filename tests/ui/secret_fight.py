"""A fight in any round system with a hidden enemy, an aliased one and a defeated one, walked
turn by turn, and what the players must never be shown of it: shared by the player-view
window's tests and the shared page's."""

from collections.abc import Callable

from every_system import attack_on, everything_shown, sheet_for
from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import (
    ApplyDamage,
    EditCell,
    Intent,
    NextTurn,
    RulesError,
    StartFight,
)
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import SlotStatus
from uwr_desktop.ui.player_view.window import PlayerView
from uwr_desktop.ui.window.main_window import MainWindow

HIDDEN, REAL, ALIAS = "Zyxxa", "Bandit Chief", "Shadow"
TURNS = 12
"""Steps of the fight walked: a round or more in every system."""


def roster(system: str) -> tuple[Combatant, ...]:
    """Vex (a player), the Bandit Chief (an enemy the players know as Shadow), Zyxxa (an
    enemy hidden in ambush) and Grub (an enemy about to fall). In ``hands`` Zyxxa has the
    most points (it declares first) and the longest reach (it outreaches Vex), and Vex and
    Shadow tie on points (they roll off)."""
    sheet = sheet_for(system)
    sheets = dict.fromkeys(("vex", "chief", "zyx", "grub"), sheet)
    if system == "hands":
        weapon = replace(sheet.weapons[0], reach=3)
        sheets["zyx"] = replace(sheet, max_points=7, weapons=(weapon,))
        sheets["grub"] = replace(sheet, max_points=4)
    return (
        Combatant(id="vex", name="Vex", side=Side.PLAYER, sheet=sheets["vex"]),
        Combatant(id="chief", name=REAL, side=Side.ENEMY, sheet=sheets["chief"], alias=ALIAS),
        Combatant(id="zyx", name=HIDDEN, side=Side.ENEMY, sheet=sheets["zyx"], hidden=True),
        Combatant(id="grub", name="Grub", side=Side.ENEMY, sheet=sheets["grub"]),
    )


def set_up(window: MainWindow, system: str) -> list[str]:
    """The fight of ``roster`` started, the player view open with no enemy health, Grub down
    and Vex badly hurt; the roll lines the players saw."""
    window.document.new(system, roster(system))
    window.player_view.no_health_action.trigger()
    window.player_view.open_action.trigger()
    view = view_of(window)
    session = window.document.session
    lines = [view.roll_line.text()]
    session.do(StartFight())
    lines.append(view.roll_line.text())
    if system == "tactical":  # Vex and Shadow tie on 35, Zyxxa acts alone on 32
        for cid, base in (("vex", 15), ("chief", 15), ("zyx", 12), ("grub", 8)):
            session.do(EditCell(cid, "initiative", base))
    session.do(ApplyDamage(["grub"], 999))
    assert session.state.combatants["grub"].down
    health = session.state.combatants["vex"].sheet.health()
    if health is not None:  # Vex badly hurt: the longest band, whole
        session.do(ApplyDamage(["vex"], health[0] - health[1] // 2))
    return lines


def keeps_secrets(window: MainWindow, view: PlayerView) -> bool:
    """Check everything the players' window shows now; whether a hidden combatant acts."""
    texts = everything_shown(view)
    assert HIDDEN not in texts and REAL not in texts
    assert "⚠" not in texts, "only the hidden Zyxxa outreaches anyone"
    assert not [t for t in view.board.painted_texts() if t[:1] in "●○" and t.endswith("…")]
    state = window.document.session.state
    picture = view.picture()
    assert picture is not None
    acting = [state.combatants[cid] for cid in window.document.turn_now().acting]
    hidden_turn = bool(acting) and all(combatant.hidden for combatant in acting)
    slots, axis = window.document.timeline()
    if hidden_turn:
        assert view.now_label.text() == ""
        assert not [row for row in picture.rows if row.status is SlotStatus.CURRENT]
        if axis.now is not None:  # where the countdown stands tells where the hidden acts
            assert str(axis.now) not in view.axis_label.text()
    assert "Grub" not in view.next_label.text()
    by_key = {slot.key: slot for slot in slots}
    for row in picture.rows:
        if row.label == "Grub":
            assert row.down
        if row.side is Side.ENEMY:
            assert row.band is None and row.pips == row.spent_pips == 0
            if by_key[row.key].tells_health:
                assert row.value_text == ""
    return hidden_turn


def act(window: MainWindow, system: str) -> list[str]:
    """Whoever acts now attacks (Vex the Chief, the others Vex) where the system rolls an
    attack (in a system of the tests, its first offer aimed at the target), then the turn
    moves on; the roll lines the players saw."""
    state = window.document.session.state
    current = state.current
    lines = []

    def do(intent: Intent) -> None:
        window.document.session.do(intent)
        lines.append(view_of(window).roll_line.text())

    if current is not None and not state.combatants[current].down:
        target = "chief" if current == "vex" else "vex"
        attacks: dict[str, Callable[[], None]] = {
            "uwr": lambda: uwr_attack(window, do, current, target),
            "rollkeep": lambda: rollkeep_attack(do, current, target),
            "hands": lambda: do(hands_spend(current)),
        }
        if system in attacks:
            attacks[system]()
        elif system not in NO_ATTACK:
            offered = attack_on(window.document.session.ruleset, state, target)
            if offered is not None:
                do(offered)
    if system == "tactical":
        tactical_count(window, do)
    elif system != "hands" or window.document.session.state.current is None:
        do(NextTurn())
    return lines


NO_ATTACK = ("tactical",)
"""The systems whose walk declares on the count instead of attacking."""


def tactical_count(window: MainWindow, do: Callable[[Intent], None]) -> None:
    """Whoever may declare on the count declares a Dodge (4 AP); the actions due resolve; the
    countdown moves on."""
    from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
    from uwr_desktop.core.rulesets.tactical.sheet import sheet_of

    state = window.document.session.state
    for cid in window.document.turn_now().acting:
        if sheet_of(state.combatants[cid]).now.action is None:
            do(TacticalDeclare(cid, "Dodge"))
    try:
        do(NextTurn())
    except RulesError:  # actions due on this count resolve first
        do(TacticalResolve())
        do(NextTurn())


def uwr_attack(window: MainWindow, do: Callable[[Intent], None], who: str, target: str) -> None:
    from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction, ResolveCheck

    do(Attack(who, 0, target))
    do(React(Reaction.DODGE))
    if window.document.session.state.part.pending is not None:
        do(ResolveCheck())


def rollkeep_attack(do: Callable[[Intent], None], who: str, target: str) -> None:
    from uwr_desktop.core.rulesets.rollkeep.intents import RollkeepAttack

    do(RollkeepAttack(who, 0, target))


def hands_spend(who: str) -> Intent:
    from uwr_desktop.core.rulesets.hands.intents import HandsSpend

    return HandsSpend(who, 1)


def view_of(window: MainWindow) -> PlayerView:
    view = window.player_view.view
    assert view is not None
    return view


STORY = {
    "uwr": r"Vex attacks Shadow: \d+ success(es)? against Shadow's dodge \d+ — (hit|miss)",
    "rollkeep": r"Vex attacks Shadow: \d+ against TN \d+ — (hit, \d+ damage|miss)",
    "tactical": r"(Vex|Shadow) rolls off to declare on count 35: \d+ against (Shadow|Vex) \d+",
    "hands": r"(Vex|Shadow) rolls off to declare first: [\d/]+ against (Shadow|Vex) [\d/]+",
}
"""The line of each system's main roll that the walk must show: who, what for, the outcome."""


def story(system: str) -> str:
    """The line the walk must show in ``system``: in a system of the tests, Vex acting on Shadow
    (the alias, never the real name) and what came of it."""
    return STORY.get(system, r"Vex [a-z]+ Shadow: .+")
