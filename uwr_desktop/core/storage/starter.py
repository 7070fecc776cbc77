"""The sample foes a fresh combatant library starts with: each round system's own.

When the library is first shown in a round system (Add from Library), the app gives it that
system's samples (:func:`seed_starters`), so that starting the app costs nothing for them. The
library remembers each one it was given, so a GM who deletes the samples does not get them back,
and only a round system new to the library is loaded to ask for its samples (``ruleset_ids``
imports none). A round system's samples come from its ``starter_templates``
(``base.StarterTemplates``); one without it gives none.
"""

from collections.abc import Iterable

from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.rulesets.base import StarterTemplates
from uwr_desktop.core.rulesets.starters import StarterError
from uwr_desktop.core.storage.library import CombatantLibrary, Template


def seed_starters(library: CombatantLibrary, wanted: Iterable[str] | None = None) -> list[Template]:
    """Add the samples of each round system of ``wanted`` (default: every one this version
    offers) that ``library`` has not been given yet; return the templates added.

    A round system whose samples cannot be read is left for the next start; a library that
    cannot be written raises ``LibraryError``.
    """
    seeded = library.seeded_rulesets()
    added: list[Template] = []
    for ruleset_id in ruleset_ids() if wanted is None else wanted:
        if ruleset_id in seeded:
            continue
        try:
            ruleset = make_ruleset(ruleset_id)
            samples = ruleset.starter_templates() if isinstance(ruleset, StarterTemplates) else ()
        except (RulesError, StarterError):
            continue
        added.extend(library.seed(ruleset_id, samples))
    return added
