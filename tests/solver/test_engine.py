"""The exact core's enumeration of groups, checked where the mutation audit of
solver/engine.py found it untested."""

from __future__ import annotations

import pytest

from solver import analyse, parse_hand, ruleset
from solver.engine import PhaseModel, natural_deficit

COLOURS = "RBGY"


@pytest.mark.parametrize("start", range(1, 13))
@pytest.mark.parametrize("wrap", [False, True])
def test_a_run_of_seven_may_start_at_any_number_only_where_runs_wrap(
        start: int, wrap: bool) -> None:
    # RULES.md: no wrap-around (12-1 is not consecutive) unless the wrap option is on; then
    # every first number, 1 and 11 included, starts a run of 7.
    numbers = [(start - 1 + i) % 12 + 1 for i in range(7)]
    hand = [f"{COLOURS[i % 4]}{n}" for i, n in enumerate(numbers)] + ["S", "S"]
    result = analyse(hand, ruleset("mattel", wrap=wrap), 4)
    assert result.complete is (wrap or start <= 6)


@pytest.mark.parametrize("last", range(3, 14))
def test_two_naturals_a_group_may_stand_any_distance_apart_in_a_run(last: int) -> None:
    # With two naturals a group, A and a card `last` with jokers between is a "run 3" of
    # `last` cards, up to A..K: every run length up to the top must be tried (six classic
    # decks bring the 12 jokers).
    rules = ruleset("classic", decks=6, naturals=2, phases=["run 3"])
    top = {11: "J", 12: "Q", 13: "K"}.get(last, str(last))
    hand = parse_hand(["AC", f"{top}C"] + ["X"] * (last - 2))
    model = PhaseModel(rules, rules.phase(1))
    assert model.feasible(model.counts(hand))  # the fast core, as the odds and advice use it
    result = analyse(hand, rules, 1)
    assert result.complete and [len(g.cards) for g in result.laydown] == [last]


def test_a_red_or_black_group_beside_a_set_reads_each_suits_colour() -> None:
    # A phase mixing red/black with numbers projects every card as (number, suit), so only
    # here are suits matched to red or black (classic's own phases hold red/black alone).
    rules = ruleset("classic", phases=["redblack 4 + set 3"])
    red = analyse("2H 5D 9H JD 7C 7S 7C 3S 4C", rules, 1)
    assert [str(g) for g in red.laydown] == ["redblack: 2H 5D 9H JD", "set: 7C 7C 7S"]
    black = analyse("2S 5C 9S JC 7H 7D 7H 3H 4D", rules, 1)
    assert [str(g) for g in black.laydown] == ["redblack: 2S 5C 9S JC", "set: 7D 7H 7H"]
    # Three of each colour: any red or black card completes one of them.
    mixed = analyse("2H 5D 9S JC 7C 7S 7C 3H KC", rules, 1)
    assert not mixed.complete and mixed.distance == 1
    assert {c.colour for c in mixed.completing} == {"H", "D", "C", "S"}


def test_a_group_of_wilds_alone_is_one_natural_short__seed_001() -> None:
    # "Jede Gruppe braucht eine natürliche Karte": 7 K K + K K K lacks one natural card, which
    # any number brings, and another King does not (Hall's condition over the groups).
    rules = ruleset("zehn-phasen")
    for before_draw in (False, True):
        kings = analyse("7H KH KS KD KC KH X", rules, 1, before_draw=before_draw)
        assert not kings.complete and kings.distance == 1 and not kings.wild_completes
        assert [c.number for c in kings.completing] == list(range(1, 13))


def test_two_sets_of_the_same_number_are_one_combo_not_none() -> None:
    # Equal requirements keep one of each symmetric pair of choices, the pair of equal ones
    # included: five 7s are one 7 or a Wild away from two sets of 7s.
    fives = analyse("R7 R7 B7 B7 G7 Y1 B3 G5 Y9 R11 S", "mattel", 1)
    assert fives.distance == 1 and fives.completing_text() == "any 7, or a wild"


def test_five_of_one_colour_and_three_of_the_other_are_never_one_colour__seed_000() -> None:
    # Nine reds and two blacks: eight reds would lay "5 + 3" if both groups could be red.
    reds = analyse("2H 3H 4H 5H 6D 7D 8D 9D 2S 3C QH", "classic", 9)
    assert not reds.complete and reds.distance == 1
    assert reds.completing_text() == "any black, or a wild"


def test_a_mixed_phase_with_one_natural_is_one_natural_short() -> None:
    # "redblack 4 + set 3" projects cards as (number, suit), so its slots accept several keys
    # and only the max-flow knows that 2H and five jokers leave one group without a natural
    # (seed 000: jokers are wild; every group needs a natural card). Any natural completes it.
    rules = ruleset("classic", decks=4, phases=["redblack 4 + set 3"])
    for before_draw in (False, True):  # six cards after the discard, or all seven
        short = analyse("2H X X X X X X", rules, 1, before_draw=before_draw)
        assert not short.complete and short.distance == 1 and not short.wild_completes
        assert len(short.completing) == 52
    # Two naturals: some combo meets every minimum, and the deficit says 0, never less.
    model = PhaseModel(rules, rules.phase(1))
    counts = model.counts(parse_hand("2H 3C X X X X X"))
    deficits = {natural_deficit(counts, combo, 1) for combo in model.combos}
    assert deficits == {0, 1}


def test_two_naturals_a_group_are_counted_per_group_not_in_all() -> None:
    # Four 7s and three Wilds hold the four naturals "set 3 + colour 4" asks for with two a
    # group, but the red group can have only R7: the set takes its minimum first and the
    # colour group's is not met, so the hand is one card short, not complete.
    rules = ruleset("mattel", naturals=2, phases=["set 3 + colour 4"])
    sevens = analyse("B7 G7 Y7 R7 W W W", rules, 1)
    assert not sevens.complete and sevens.distance == 1 and not sevens.wild_completes
    assert analyse("B7 G7 Y7 R7 R2 W W", rules, 1).complete


def test_a_model_for_any_hand_size_leaves_the_discard_too() -> None:
    # Two naturals a group: R1 W W W W R6 beside five 12s is an 11-card laydown; going out by
    # discarding (seed 003), an 11-card hand cannot lay it. A model built for any size must
    # drop it per hand as one built for 11 cards never builds it.
    rules = ruleset("mattel", naturals=2, going_out="discard", extra_phases=["set 5 + run 4"])
    phase = rules.phase(11)
    hand = parse_hand("R12 B12 G12 Y12 R12 R1 R6 W W W W")
    any_size, sized = PhaseModel(rules, phase), PhaseModel(rules, phase, len(hand))
    assert not any_size.feasible(any_size.counts(hand))
    assert sized.combos == any_size.within(len(hand))
    assert max(c.size for c in sized.combos) == len(hand) - 1
    # Of the combos asked about, only those: the odds pass the few near the hand.
    assert any_size.within(20, any_size.combos[:1]) == any_size.combos[:1]
    either = PhaseModel(ruleset("mattel", naturals=2, extra_phases=["set 5 + run 4"]), phase)
    assert either.feasible(either.counts(hand))


def test_a_mixed_phase_one_card_short_names_only_the_cards_that_complete_it() -> None:
    # Four reds lay the red/black group; 7C 7S want a third 7 or a joker for the set (seed
    # 000: jokers are wild). The slots accept several keys here, so the max-flow decides.
    rules = ruleset("classic", decks=4, phases=["redblack 4 + set 3"])
    short = analyse("2H 5D 9H JD 7C 7S", rules, 1, before_draw=True)
    assert not short.complete and short.distance == 1
    assert short.completing_text() == "C 7, D 7, H 7, S 7, or a wild"


@pytest.mark.parametrize("name, options, hand", [
    ("mattel", {}, "R7 B7 R8 B8 G1"),
    ("classic", {"phases": ["redblack 4 + set 3"]}, "2H 5D 7C 8S 4C 9S"),
    ("mattel", {"phases": ["set 3"], "naturals": 2}, "W W W"),
])
def test_a_hand_two_cards_short_has_no_card_to_hope_for(
        name: str, options: dict[str, object], hand: str) -> None:
    # One draw brings one card: two sets of 7s and 8s lacking one each, a set lacking two of
    # one number beside four blacks, and (two naturals a group) three Wilds lacking two naturals
    # are all two cards away, a Wild included.
    result = analyse(hand, ruleset(name, **options), 1, before_draw=True)
    assert not result.complete and result.distance == 2
    assert result.completing == () and not result.wild_completes and result.outs == 0


@pytest.mark.parametrize("name, phases, hand, unseen", [
    ("mattel", [], "R7 B7 G7 R8 B8 G8", 102),
    ("classic", ["redblack 4 + set 3"], "2H 5D 9H JD 7C 7S 7D", 101),
])
def test_a_laydown_held_before_the_draw_is_completed_by_any_card__seed_003(
        name: str, phases: list[str], hand: str, unseen: int) -> None:
    # Going out by discarding, six cards laying "2 sets of 3" still need a seventh to discard:
    # every unseen card, skips included, is that card (so too where the max-flow decides).
    rules = ruleset(name, going_out="discard", phases=phases or None)
    result = analyse(hand, rules, 1, before_draw=True)
    assert not result.complete and result.distance == 0
    assert result.wild_completes and result.outs == result.unseen == unseen


def test_naturals_beyond_a_groups_slots_do_not_count_toward_its_minimum() -> None:
    # Two naturals a group: six 7s fill the set, but a run holds one 7 only, so with three
    # Wilds "set 3 + run 4" is one natural short (a number within three of 7), not laid.
    rules = ruleset("mattel", naturals=2, phases=["set 3 + run 4"])
    sevens = analyse("R7 B7 G7 Y7 R7 B7 W W W", rules, 1, before_draw=True)
    assert not sevens.complete and sevens.distance == 1 and not sevens.wild_completes
    assert sevens.completing_text() == "any 3, any 4, any 5, any 6, any 8, any 9, any 10, or any 11"


def test_a_natural_short_mixed_phase_is_completed_only_by_a_pair() -> None:
    # Two naturals a group: R1 R2 R3 with two Wilds lay the red group, but R7 W W is a set
    # with one natural. A card pairing R7, R1, R2 or R3 makes a set (the reds left keep their
    # two); R5 pairs nothing, though the red group would take it.
    rules = ruleset("mattel", naturals=2, phases=["set 3 + colour 4"])
    short = analyse("R7 R1 R2 R3 W W", rules, 1, before_draw=True)
    assert not short.complete and short.distance == 1 and not short.wild_completes
    assert {c.number for c in short.completing} == {1, 2, 3, 7}
    assert len(short.completing) == 16


@pytest.mark.parametrize("seed", range(40))
def test_the_keys_found_by_one_flow_are_those_one_more_card_of_which_helps(seed: int) -> None:
    # growing_keys reads off one flow which keys one more card of would raise the fill, or
    # (naturals) the groups' minimums; _fill_bound never undercuts the fill. Against a flow
    # per key, on random slots sharing keys (speed audit, session 65).
    import random

    from solver.engine import _fill_bound, growing_keys, max_fill, naturals_lacking

    rng = random.Random(seed)
    keys = 6
    groups = tuple(
        tuple((tuple(sorted(rng.sample(range(keys), rng.randint(1, 3)))), rng.randint(1, 3))
              for _ in range(rng.randint(1, 3)))
        for _ in range(rng.randint(1, 3)))
    a = [rng.randint(0, 2) for _ in range(keys)]
    naturals = rng.randint(1, 2)
    assert _fill_bound(a, groups) >= max_fill(a, groups, 0)[0]
    taken = {k for g in groups for ks, _ in g for k in ks}
    for k in range(keys):
        bumped = list(a)
        bumped[k] += 1
        assert (k in growing_keys(a, groups)) == (
            max_fill(bumped, groups, 0)[0] > max_fill(a, groups, 0)[0]), k
        assert (k in growing_keys(a, groups, naturals)) == (
            naturals_lacking(bumped, groups, naturals) < naturals_lacking(a, groups, naturals))
        assert k in taken or k not in growing_keys(a, groups)
