"""Follow one encounter session at a time on behalf of a Qt object."""

from collections.abc import Callable

from PySide6.QtCore import QObject

from uwr_desktop.core.session import Change, Session


class SessionSubscription:
    """Calls ``callback`` with every change of the followed session.

    It stops listening when ``owner`` is deleted by Qt, so a dead model never hears of a fight.
    """

    def __init__(
        self, owner: QObject, session: Session, callback: Callable[[Change], None]
    ) -> None:
        """Start following ``session``."""
        self._callback = callback
        self._unsubscribe = session.subscribe(callback)
        owner.destroyed.connect(lambda *_: self.cancel())

    def follow(self, session: Session) -> None:
        """Stop following the old session and follow ``session`` instead."""
        self._unsubscribe()
        self._unsubscribe = session.subscribe(self._callback)

    def cancel(self) -> None:
        """Stop listening."""
        self._unsubscribe()
