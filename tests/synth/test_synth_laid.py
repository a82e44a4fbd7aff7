"""Photos of groups laid on the table (models.synth.laid), of both decks and three rulesets."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from models.synth import STANDARD_FAMILIES
from models.synth.laid import KINDS, LAID_DECKS, make_laid_scene
from models.synth.scene import DECK_KITS
from models.synth.standard import RANKS
from solver import likely_kinds, ruleset

SMALL = (480, 360)


def test_phase_10_scenes_are_those_the_published_figures_came_from() -> None:
    # The draws of seeds the table benchmark's figures and laid.jpg's seed search walked:
    # standard cards beside them took no draw from the Phase 10 deck's stream.
    assert [" ".join((g.kind, *g.cards)) for g in make_laid_scene(0, size=SMALL).groups] == [
        "set G4 Y4 R4", "run Y5 B6 Y7 G8 R9", "set G10 G10 W R10 Y10"]
    plain, named = make_laid_scene(7, size=SMALL), make_laid_scene(7, size=SMALL, deck="phase10")
    assert np.array_equal(plain.scene.image, named.scene.image)
    assert plain.groups == named.groups and plain.scene.deck == "phase10"


@pytest.mark.parametrize(("deck", "rules"), [("phase10", "mattel"), ("standard", "zehn-phasen")])
def test_each_group_is_its_own_kind_only_and_the_decks_copies_hold(deck: str, rules: str) -> None:
    game = ruleset(rules)
    counts = DECK_KITS[deck].counts
    wilds = set(LAID_DECKS[deck].wilds)
    kinds: Counter[str] = Counter()
    with_wild = 0
    for seed in range(40):
        laid = make_laid_scene(seed, size=SMALL, deck=deck)
        assert laid.scene.deck == deck
        assert all(n <= counts[card] for card, n in Counter(laid.scene.hand).items())
        for group in laid.groups:
            assert [k.value for k in likely_kinds(game, group.cards)] == [group.kind], group
            kinds[group.kind] += 1
            with_wild += bool(wilds & set(group.cards))
    assert set(kinds) == set(KINDS) and 10 <= with_wild <= 60  # about 3 groups in 10


def test_classic_groups_are_each_one_kind_only_within_two_decks_jokers_only_wild() -> None:
    # Classic (two 52-card decks and 4 jokers): sets and runs mix red and black, suit groups
    # and colour (red/black) groups hold other numbers out of run order, a colour group mixes
    # suits; a suit group is a red/black group too, which likely_kinds names second.
    game = ruleset("classic")
    counts = DECK_KITS["standard"].counts
    assert sum(counts.values()) == 2 * 52 + 4 and counts["X"] == 4
    kinds: Counter[str] = Counter()
    sizes: set[int] = set()
    with_joker = 0
    for seed in range(40):
        laid = make_laid_scene(seed, size=SMALL, deck="classic")
        assert laid.scene.deck == "standard"
        assert all(n <= counts[card] for card, n in Counter(laid.scene.hand).items())
        for group in laid.groups:
            fits = [k.value for k in likely_kinds(game, group.cards)]
            assert fits == (["suit", "redblack"] if group.kind == "suit" else [group.kind]), group
            naturals = [card for card in group.cards if card != "X"]
            suits = {card[-1] for card in naturals}
            reds = {suit in "DH" for suit in suits}
            assert len(naturals) >= 2 and all(card[:-1] in RANKS for card in naturals)
            if group.kind in ("set", "run"):
                assert reds == {True, False}, group
            elif group.kind == "colour":
                assert len(reds) == 1 and len(suits) > 1, group
            kinds[group.kind] += 1
            sizes.add(len(group.cards))
            with_joker += "X" in group.cards
    assert set(kinds) == {"set", "run", "suit", "colour"} and 10 <= with_joker <= 60
    assert sizes == {3, 4, 5, 6}
    # The other decks' scenes are as before classic was added: its draws are its own.
    assert [" ".join((g.kind, *g.cards)) for g in make_laid_scene(0, size=SMALL).groups] == [
        "set G4 Y4 R4", "run Y5 B6 Y7 G8 R9", "set G10 G10 W R10 Y10"]


def test_an_unknown_deck_names_the_laid_ones() -> None:
    with pytest.raises(ValueError, match="unknown deck 'uno'; choose one of phase10, standard, "
                       "classic"):
        make_laid_scene(1, deck="uno")


def test_standard_groups_are_laid_in_every_family_with_every_index_in_view() -> None:
    families: Counter[str] = Counter()
    for seed in range(40):
        laid = make_laid_scene(seed, size=(640, 480), deck="standard")
        families[laid.scene.family] += 1
        # Strips as wide as the widest index (jumbo ones reach half a card in): none hidden.
        assert len(laid.scene.cards) == len(laid.scene.hand), seed
        # No joker: zehn-phasen's jokers are skips, in no group.
        assert all(card[:-1] in RANKS for card in laid.scene.hand)
    assert set(families) == set(STANDARD_FAMILIES)


def test_a_family_of_the_other_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown family 'mattel' for the standard deck"):
        make_laid_scene(1, family="mattel", deck="standard")
