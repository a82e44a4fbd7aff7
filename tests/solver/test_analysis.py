"""The analysis value itself: which fields a complete or an incomplete hand fills."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import FrozenInstanceError

import pytest

from solver import analyse, draw_advice, parse_hand, ruleset, table_group
from solver.analysis import best_phase, read_table
from solver.odds import recommend
from tests.solver.hands import random_hand
from tests.solver.reference import p2_brute

# Filled for a hand that lays its phase; the rest are the odds fields of one that does not.
_PLAY_FIELDS = {"down", "laydown", "hits", "remaining", "remaining_points", "goes_out"}
_ODDS_FIELDS = {"distance", "hand_needed", "completing", "wild_completes", "discards", "unseen",
                "before_draw", "outs", "example"}


def test_a_complete_hand_leaves_the_odds_fields_empty() -> None:
    # Readers (the CLI, the page) tell the two apart by these fields being empty, not only by
    # ``complete``: a default that said "1 unseen card" or "goes out" would be shown as advice.
    played = analyse("R7 B7 G7 Y7 R7 W G2 G9 B4 Y11 S", "mattel", 1)
    assert played.complete
    empty = {name: getattr(played, name) for name in _ODDS_FIELDS}
    assert empty == {"distance": None, "hand_needed": 0, "completing": (),
                     "wild_completes": False, "discards": (), "unseen": 0,
                     "before_draw": False, "outs": 0, "example": None}


def test_an_incomplete_hand_leaves_the_play_fields_empty() -> None:
    for before_draw in (False, True):
        hand = "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12" + ("" if before_draw else " S")
        odds = analyse(hand, "mattel", 1, before_draw=before_draw)
        assert not odds.complete
        empty = {name: getattr(odds, name) for name in _PLAY_FIELDS}
        assert empty == {"down": False, "laydown": (), "hits": (), "remaining": (),
                         "remaining_points": 0, "goes_out": False}


def test_an_analysis_cannot_be_changed_once_made() -> None:
    # The page caches analyses (ui.advice's lru_cache): one changed in place would change
    # every later answer for the same hand.
    analysis = analyse("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S", "mattel", 1)
    with pytest.raises(FrozenInstanceError):
        analysis.complete = True  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        analysis.completing[0].number = 8  # type: ignore[misc]


def test_the_completing_text_names_one_card_alone_and_none_as_nothing() -> None:
    # With all eight Wilds seen, a Wild is no card to hope for: only the 7s complete.
    no_wilds = analyse("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S", "mattel", 1, known=["W"] * 8)
    assert not no_wilds.wild_completes
    assert no_wilds.completing_text() == "any 7"
    last_wild = analyse("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S", "mattel", 1, known=["W"] * 7)
    assert last_wild.completing_text() == "any 7, or a wild"  # one unseen copy is enough
    scattered = analyse("R1 B3 G5 Y7 R9 B11 G2 Y4 R6 B8 S", "mattel", 1)
    assert scattered.distance == 4 and scattered.completing_text() == "nothing"


def test_the_json_says_what_a_hit_wild_stands_for_and_nothing_of_a_natural() -> None:
    # B7 extends the run R3..R6 to 7, so the Wild can only go on as 8 (or as 2 first).
    table = [{"kind": "run", "cards": ["R3", "R4", "R5", "R6"]}]
    hits = analyse("B7 W G12", "mattel", 1, table=table, down=True).to_json()["hits"]
    assert hits in ([{"card": "B7", "group": 0}, {"card": "W", "group": 0, "stands_for": 8}],
                    [{"card": "W", "group": 0, "stands_for": 2}, {"card": "B7", "group": 0}])


def test_the_json_of_a_hand_that_goes_out_by_hitting_has_a_null_discard() -> None:
    # INTERFACES.md: "discard" is a card or null; a last card hit leaves none to discard.
    table = [{"kind": "set", "cards": ["R10", "B10", "G10", "Y10"]}]
    out = analyse("B10", "mattel", 3, table=table, down=True).to_json()
    assert out["goes_out"] and out["discard"] is None and out["remaining"] == []


def test_only_an_analysis_before_the_draw_says_so_in_its_json() -> None:
    after = analyse("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S", "mattel", 1).to_json()
    assert set(after) == {"complete", "discards", "discard", "unseen", "distance",
                          "hand_needed", "phase"}
    before = analyse("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12", "mattel", 1, before_draw=True)
    assert before.to_json()["before_draw"] is True and before.to_json()["outs"] == 14


def test_table_groups_already_read_pass_through_as_they_are() -> None:
    # best_phase reads the table once and hands the TableGroup values to every phase's analyse.
    rules = ruleset("mattel")
    fives = table_group(rules, "set", parse_hand("R5 B5 G5"), 0)
    assert read_table(rules, [fives, ("set", ["R9", "B9", "G9"])])[0] is fives
    down = analyse("Y5 G12", rules, 1, table=[fives], down=True)
    assert [(str(h.card), h.group) for h in down.hits] == [("Y5", 0)]


def test_the_defaults_are_mattels_first_phase() -> None:
    hand = "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S"
    assert analyse(hand) == analyse(hand, "mattel", 1)
    before = "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12"
    assert draw_advice(before, "G7") == draw_advice(before, "G7", "mattel", 1)


def test_the_discard_after_taking_the_top_card_is_the_taken_hands_own_advice() -> None:
    # Advice audit, session 62: "Take the red 12 ... then discard the yellow 8" (the most outs
    # on the next draw) stood above "Discard the yellow 1" (28 % against 27 % within two
    # draws) for the very hand taking it leaves.
    hand = "G5 G4 R10 R7 G8 G9 Y12 Y8 Y1 W"
    advice = draw_advice(hand, "R12", "mattel", 3, known="Y11")
    taken = analyse(f"{hand} R12", "mattel", 3, known="Y11")
    assert advice.take and str(advice.discard_after_take) == str(taken.advised) == "Y1"
    chosen = next(o for o in taken.discards if o.card == taken.advised)
    assert advice.p_take == chosen.p1  # the chance said is that discard's
    rng = random.Random(62)
    rules = ruleset("zehn-phasen")
    taken_better = 0
    for _ in range(40):
        cards = [str(c) for c in random_hand(rules, rng, 11)]
        before, top = cards[:10], cards[10]
        drawn = draw_advice(before, top, rules, 2)
        if drawn.discard_after_take is not None and drawn.reason.value == "better-odds":
            assert drawn.discard_after_take == analyse([*before, top], rules, 2).advised
            taken_better += 1
    assert taken_better  # the seeded hands hold some: the loop checks something


def test_what_follows_the_discard_follows_the_one_the_player_is_told() -> None:
    # Advice audit, session 62: the example laid the green 10's partner the advice then said
    # to keep, "[R4 W W W R8 R9 R10] ... the red 10 leaves the same chances, so discard that
    # instead"; the batch's discard stays INTERFACES.md's tie-break.
    table = [("colour", ["G10", "G3", "G2", "G5", "G8", "G12"]),
             ("colour", ["B10", "B1", "B2", "B5", "B7", "B8", "B12", "B6"]),
             ("run", ["R5", "R6", "B7", "G8", "G9", "R10", "Y11", "B12"])]
    hand = parse_hand("B8 G10 W W R8 W R10 Y9 R8 R9 B10")
    result = analyse(hand, "mattel", 4, table=table, known="R2 G4")
    assert (str(result.discard), str(result.advised)) == ("G10", "R10")
    assert result.example is not None
    card, laydown = result.example
    kept = Counter(hand) - Counter([result.advised]) + Counter([card])
    assert not Counter(c for group in laydown for c in group.cards) - kept
    # A Wild tied with a card of no use to anyone: that card is the one told.
    wild = analyse("R4 W G3 S R4 G2 Y4 G4 G3 W B2", "mattel", 5, known="R11")
    assert (str(wild.discard), str(wild.advised)) == ("W", "S")
    assert str(analyse("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S").advised) == "S"  # no gift: as ever
    # The draw advice's discard after taking the top card is the one told too.
    drawn = draw_advice("R4 W G3 S R4 G2 Y4 G4 G3 W", "B2", "mattel", 5, known="R11")
    assert str(drawn.discard_after_take) == "S"


def test_the_kept_cards_and_the_drawn_one_are_weighed_together() -> None:
    # Five 7s: the fifth is the discard, and the example lays the four kept ones only.
    sevens = analyse("R7 B7 G7 Y7 R7 R8 B8 R9 B9 R10 B10", "mattel", 1)
    assert str(sevens.discard) == "Y7" and sevens.example is not None
    assert [str(g) for g in sevens.example[1]] == ["set: R7 R7 B7 G7", "set: R8 B8 G8"]
    # Before the draw, five cards and the drawn one are the six that phase 1 lays, which
    # leaves none to discard where one must remain.
    five = "R7 B7 G7 R8 B8"
    assert analyse(five, "mattel", 1, before_draw=True).outs == 6 + 8
    discard = ruleset("mattel", going_out="discard")
    assert analyse(five, discard, 1, before_draw=True).outs == 0
    # With two naturals a group, B1 W W W B5 is a run of five that only the drawn Wild makes:
    # runs as long as the hand after the draw must be weighed.
    two = ruleset("mattel", naturals=2, phases=["run 3"])
    assert analyse("B1 B5 W W", two, 1, before_draw=True).wild_completes


def test_the_example_draw_is_the_natural_card_with_the_most_unseen_copies() -> None:
    hand = "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S"

    def example(*known: str) -> str:
        drawn = analyse(hand, "mattel", 1, known=list(known)).example
        assert drawn is not None
        return str(drawn[0])

    assert example() == "G7"  # G7 and Y7 have two copies unseen, R7 and B7 one
    assert example("G7") == "Y7"
    assert example("R7", "B7", "G7", "G7", "Y7", "Y7") == "W"  # a Wild only when no 7 is left


def test_the_distance_counts_the_wilds_held_as_filled_slots() -> None:
    # Sets of 8s and 2s: four slots short of naturals, two of them filled by the Wilds.
    assert analyse("W W G8 B2 G4 Y10 R11 B12 S Y1 R3", "mattel", 1).distance == 2
    assert analyse("R7 W G8 Y8 R8 B2 G4 Y10 R11 B12 S", "mattel", 1).distance == 1


def test_before_the_draw_the_card_to_come_counts_toward_the_hands_size() -> None:
    # Ten cards dealt and a custom eleven-card run: the draw brings the eleventh, so the hand is
    # one card short, not too small (it said "needs at least 11 cards" while counting 16 outs).
    rules = ruleset("mattel", phases=["run 11"])
    dealt = analyse("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", rules, 1, before_draw=True)
    assert (dealt.distance, dealt.outs, dealt.hand_needed) == (1, 8 + 8, 11)
    assert analyse("R1 R2 R3 R4 R5 R6 R7 R8 R9", rules, 1, before_draw=True).distance is None
    # Five cards and the drawn one are the six that phase 1 lays.
    assert analyse("R7 B7 G7 R8 B8", "mattel", 1, before_draw=True).distance == 1
    # Where a discard must remain, six are not enough: too small, and nothing completes it.
    discard = analyse("R7 B7 G7 R8 B8", ruleset("mattel", going_out="discard"), 1,
                      before_draw=True)
    assert (discard.distance, discard.outs, discard.hand_needed) == (None, 0, 7)


def test_free_choice_ranks_phases_of_equal_two_draw_chance_by_their_outs() -> None:
    # Only G7 and Y7 unseen: phase 1 takes either at once, phase 3 (a set of four 7s) needs
    # both, yet both are certain within two draws; the one that may finish sooner comes first.
    rules = ruleset("mattel")
    hand = "R7 B7 G8 Y8 R8 B2 G4 B5 B6 Y3 S"
    rest = rules.deck_counts() - Counter(parse_hand(hand)) - Counter(parse_hand("G7 Y7"))
    ranked = best_phase(hand, rules, known=[str(c) for c in rest.elements()])
    odds = {a.phase: recommend(a.discards) for a in ranked if not a.complete}
    assert (odds[1].p2, odds[1].outs, odds[3].p2, odds[3].outs) == (1, 2, 1, 0)
    assert [a.phase for a in ranked][:4] == [2, 4, 1, 3]


def test_free_choice_before_the_draw_ranks_by_what_the_draw_can_bring() -> None:
    # The 10 cards dealt were ranked as if the draw had been made: an 11-card phase one card
    # short came out as "0 of 98" behind a phase 2 cards short (odds audit, session 65).
    rules = ruleset("mattel", phases=["set 5 + set 6", "set 3 + run 4"], free_choice=True)
    hand = "R7 B7 G7 Y7 R7 R5 B5 G5 Y5 R5"
    ranked = best_phase(hand, rules, before_draw=True)
    assert [a.phase for a in ranked] == [1, 2]
    assert ranked[0].before_draw and ranked[0].outs == 14
    # The chance ranked by, against plain enumeration of both draws (a few known cards make
    # the pool small enough for it).
    cards = parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12")
    pool = list((rules.deck_counts() - Counter(cards)).elements())[::7]
    known = list((rules.deck_counts() - Counter(cards) - Counter(pool)).elements())
    mattel = ruleset("mattel")
    dealt = analyse(cards, mattel, 1, known=known, before_draw=True)
    outs, p2 = p2_brute(mattel, mattel.phase(1), [*cards, parse_hand("S")[0]], pool,
                        parse_hand("S")[0])
    assert (dealt.outs, dealt.p_before_draw) == (outs, p2)


def test_a_phase_10_colour_group_has_no_shares_key() -> None:
    # "shares" tells classic's suit and red/black groups apart; a Phase 10 colour is neither.
    out = analyse("R1 R2 R3 R4 R5 R6 R7 B8 G9 Y10 S", "mattel", 8).to_json()
    assert out["laydown"] == [{"kind": "colour",
                               "cards": ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]}]
