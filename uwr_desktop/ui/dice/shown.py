"""How rolls of any kind are shown on the dice canvas and worded in the tray's banner."""

from uwr_desktop.core.dice import PoolRoll, RollKeepRoll, SumRoll, direct_check, opposed_check
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.ui.dice.shown_die import ShownDie


def pool_dice(roll: PoolRoll) -> list[ShownDie]:
    """How the canvas shows a d6 pool: successes, failures, rerolled and rerollable dice."""
    rerollable = set(roll.rerollable_indices) if roll.rerolls_left > 0 else set()
    return [
        ShownDie(
            sides=6,
            label=str(die.face),
            value=die.face,
            success=die.face >= roll.threshold,
            rerolled=die.rerolled,
            first_face=die.first_face,
            rerollable=index in rerollable,
        )
        for index, die in enumerate(roll.dice)
    ]


def keep_dice(roll: RollKeepRoll) -> list[ShownDie]:
    """How the canvas shows a roll-and-keep roll: each d10's chain ("10+7"), kept or not."""
    kept = set(roll.kept_indices)
    return [
        ShownDie(
            sides=10,
            label="+".join(str(face) for face in chain),
            value=sum(chain),
            kept=index in kept,
        )
        for index, chain in enumerate(roll.chains)
    ]


def sum_dice(roll: SumRoll) -> list[ShownDie]:
    """How the canvas shows a plain sum's dice."""
    return [ShownDie(sides=roll.spec.sides, label=str(f), value=f) for f in roll.faces]


def rolled(record: RollRecord) -> PoolRoll | RollKeepRoll | SumRoll:
    """The roll a record holds, of its own kind."""
    if record.kind is DiceKind.POOL:
        return record.pool()
    if record.kind is DiceKind.KEEP:
        return record.keep()
    return record.sum()


def rerolls_text(roll: PoolRoll) -> str:
    """``"2 rerolls left"``, ``"1 reroll left"``, ``"no rerolls left"``."""
    left = max(roll.rerolls_left, 0)
    if left == 0:
        return "no rerolls left"
    return "1 reroll left" if left == 1 else f"{left} rerolls left"


def successes_text(count: int) -> str:
    """``"1 success"``, ``"3 successes"``."""
    return f"{count} success" if count == 1 else f"{count} successes"


def pool_banner(
    roll: PoolRoll, difficulty: int | None = None, reaction: PoolRoll | None = None
) -> str:
    """The outcome line of a pool roll: pass/fail, the opposed winner, or the successes."""
    if reaction is not None:
        outcome = opposed_check(roll.successes, reaction.successes)
        if outcome.action_wins:
            return f"Action wins with {outcome.surviving}"
        return f"Reaction wins ({roll.successes} vs {reaction.successes})"
    if difficulty is not None:
        direct = direct_check(roll.successes, difficulty)
        verdict = "Pass" if direct.passed else "Fail"
        return f"{verdict}: {successes_text(roll.successes)} vs {difficulty}"
    return successes_text(roll.successes)


def total_banner(total: int, target_number: int | None) -> str:
    """The outcome line of a roll-and-keep roll or a sum, against a TN when one was given."""
    if target_number is None:
        return f"Total {total}"
    if total >= target_number:
        return f"Total {total} ≥ TN {target_number}: hit"
    return f"Total {total} < TN {target_number}: miss"
