"""The combatant table: its model, delegates, frozen columns, filter and column choices."""
