"""Names put in a line of words: the Apply Damage, Heal and alias prompts and the tactical
panel's status name a few combatants and count many."""

from uwr_desktop.ui.widgets.listed import listed


def test_one_to_four_names_are_named_and_more_are_counted():
    assert listed([]) == ""
    assert listed(["Ana"]) == "Ana"
    assert listed(["Ana", "Bran"]) == "Ana and Bran"
    assert listed(["Ana", "Bran", "Cole", "Dan"]) == "Ana, Bran, Cole and Dan"
    assert listed(["Ana", "Bran", "Cole", "Dan", "Eve", "Fay"]) == "Ana, Bran, Cole, Dan and 2 more"
