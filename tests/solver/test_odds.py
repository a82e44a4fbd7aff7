"""Exact outs / p1 / p2 (INTERFACES.md), the recommended discard and draw advice."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import Role, analyse, draw_advice, parse_hand, ruleset
from solver.analysis import best_draw, best_phase
from solver.odds import DiscardOdds, DrawReason, draw_odds, recommend
from tests.solver.hands import near_complete_hand
from tests.solver.reference import can_lay, p2_brute

HAND = "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S"


def _known_all_but(rules_name: str, hand: list[str], unseen: str) -> list[str]:
    rules = ruleset(rules_name)
    rest = rules.deck_counts() - Counter(parse_hand(hand)) - Counter(parse_hand(unseen))
    return [str(c) for c in rest.elements()]


def test_outs_count_every_unseen_copy() -> None:
    result = analyse(HAND, "mattel", 1)
    assert not result.complete and result.unseen == 108 - 11
    skip = next(o for o in result.discards if str(o.card) == "S")
    assert skip.outs == 6 + 8  # the six 7s not in hand and the eight wilds
    assert skip.p1 == Fraction(14, 97)
    seven = next(o for o in result.discards if str(o.card) == "R7")
    assert seven.outs == 0  # without the pair of 7s one card cannot finish two sets


def test_p2_by_hand_on_a_two_card_pool() -> None:
    # Unseen: G7 and R1 only. Discard S: G7 first (1/2) completes; R1 first (1/2), then the G7
    # is the only card left and completes after any sensible discard: p2 = 1.
    known = _known_all_but("mattel", HAND, "G7 R1")
    result = analyse(HAND, "mattel", 1, known=known)
    skip = next(o for o in result.discards if str(o.card) == "S")
    assert (skip.outs, skip.p1, skip.p2) == (1, Fraction(1, 2), Fraction(1))
    seven = next(o for o in result.discards if str(o.card) == "R7")
    assert (seven.outs, seven.p2) == (0, Fraction(0))


def test_known_cards_and_the_table_leave_the_pool() -> None:
    table = [{"kind": "set", "cards": ["G7", "Y7", "W"]}]
    result = analyse(HAND, "mattel", 1, table=table, known=["G7"])
    skip = next(o for o in result.discards if str(o.card) == "S")
    assert result.unseen == 108 - 11 - 3 - 1
    assert skip.outs == 3 + 7  # one each of R7, B7, Y7 left (both G7 seen); seven wilds


def test_recommended_discard_is_highest_p2_then_outs_then_points() -> None:
    result = analyse(HAND, "mattel", 1)
    assert str(result.discard) == "S"
    assert result.to_json()["discard"] == "S"
    card = parse_hand("R1 R10 W")
    odds = [DiscardOdds(card[0], 5, Fraction(1, 2), Fraction(1, 3), 5),
            DiscardOdds(card[1], 5, Fraction(1, 2), Fraction(1, 3), 10),
            DiscardOdds(card[2], 6, Fraction(1, 2), Fraction(1, 4), 25)]
    assert str(recommend(odds).card) == "R10"
    # Equal p2: more outs wins over more points shed (INTERFACES.md; untested before, a test
    # audit dropped outs from the key and every solver test passed).
    more_outs = DiscardOdds(card[0], 7, Fraction(1, 2), Fraction(1, 3), 5)
    assert recommend([*odds, more_outs]) is more_outs


def test_json_lists_every_distinct_card_once() -> None:
    out = analyse("R7 R7 G8 Y8 R8 B2 G4 Y10 R11 B12 S", "mattel", 1).to_json()
    assert [d["card"] for d in out["discards"]] == ["B2", "G4", "R7", "R8", "G8", "Y8", "Y10",
                                                     "R11", "B12", "S"]
    assert all(set(d) == {"card", "outs", "p1", "p2"} for d in out["discards"])
    assert all(0.0 <= d["p1"] <= d["p2"] <= 1.0 for d in out["discards"])


def test_completing_cards_are_structured_for_sentences() -> None:
    result = analyse("R3 B4 G5 Y6 R7 B8 B10 R11 G12 S Y1", "mattel", 4)
    assert not result.complete
    assert [(c.number, c.colour) for c in result.completing] == [(2, None), (9, None)]
    assert result.wild_completes and result.completing_text() == "any 2, any 9, or a wild"
    colour = analyse("R1 R3 R5 R7 R9 R11 B2 G4 Y6 S S", "mattel", 8)
    assert [(c.number, c.colour) for c in colour.completing] == [(None, "R")]
    assert colour.completing_text() == "any R, or a wild"  # a colour alone, never "R None"


def test_draw_advice_prefers_the_top_card_when_it_completes() -> None:
    advice = draw_advice("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12", "G7", "mattel", 1)
    assert advice.take and advice.p_take == 1


def test_once_down_the_draw_advice_asks_whether_the_card_hits() -> None:
    fives = [{"kind": "set", "cards": ["R5", "B5", "G5"]}]
    take = draw_advice("R9 B10", "Y5", "mattel", 1, fives, down=True)
    # Blind, only the other four 5s and the eight Wilds fit, of 108 - 2 - 3 - 1 unseen cards.
    assert take.take and take.reason.value == "top-hits" and take.p_take == 1
    assert take.p_blind == Fraction(4 + 8, 102) and take.unseen == 102
    assert str(take.discard_after_take) == "B10"
    leave = draw_advice("R9 B10", "R9", "mattel", 1, fives, down=True)
    assert not leave.take and leave.reason.value == "top-does-not-hit" and leave.p_take == 0
    skip = draw_advice("R9 B10", "S", "mattel", 1, fives, down=True)
    assert not skip.take and skip.p_take is None and skip.p_blind == Fraction(5 + 8, 102)
    # A card that lets one of the hand hit too fits: a 7 bridges the gap to the hand's 8.
    run = [{"kind": "run", "cards": ["R3", "R4", "R5", "R6"]}]
    bridge = draw_advice("B8 G12", "Y7", "mattel", 2, run, down=True)
    assert bridge.take and str(bridge.discard_after_take) == "G12"


def test_draw_advice_compares_exact_odds() -> None:
    hand = "R7 B7 G8 Y8 B2 G4 Y10 R11 B12 Y3"
    take = draw_advice(hand, "R8", "mattel", 1)  # a third 8: then one 7 or wild finishes
    assert take.take and take.p_take is not None and take.p_take > take.p_blind
    junk = draw_advice(hand, "G1", "mattel", 1)
    assert not junk.take and junk.p_take is not None and junk.p_take <= junk.p_blind
    assert junk.unseen == 108 - 11


def test_a_hand_that_already_holds_its_phase_takes_only_a_card_that_goes_down_too() -> None:
    hand = "5H 5S 5D 2C 3H 4D 9S JC QD AH"  # 5 5 5 + A 2 3 4: phase 2 before the draw
    useless = draw_advice(hand, "JH", "zehn-phasen", 2)
    assert not useless.take and useless.reason.value == "top-does-not-hit"
    fifth = draw_advice(hand, "5C", "zehn-phasen", 2)  # a fourth 5 goes onto the set
    assert fifth.take and fifth.reason.value == "top-hits"


def test_when_any_draw_would_hit_the_top_card_is_left() -> None:
    table = [{"kind": "set", "cards": ["5H", "5S", "5D"]},
             {"kind": "run", "cards": ["2C", "3H", "4D", "5C"]}]
    advice = draw_advice("5C", "AS", "zehn-phasen", 2, table, down=True)
    # 5C hits, and whatever is drawn is discarded to go out: blind is just as good.
    assert not advice.take and advice.reason.value == "any-draw-hits" and advice.p_blind == 1
    assert advice.p_take == 1  # the top fits as well as any draw
    # ... and the hand ends this turn either way, which is what the player wants to hear.
    assert advice.goes_out
    from solver.explain import explain_draw
    from solver.rules import ruleset

    assert explain_draw(advice, ruleset("zehn-phasen"), "en") == (
        "Draw blind or take the A♠: whatever you draw, you go out this turn.")
    # Where every draw fits but cards stay in hand, only that is said: a Skip drawn goes
    # nowhere on the table, it is discarded.
    stays = replace(advice, goes_out=False)
    assert explain_draw(stays, ruleset("zehn-phasen"), "en") == (
        "Draw blind or take the A♠: whatever you draw, you can play or discard it and hold no "
        "more cards than now.")


def test_a_top_card_that_ends_the_hand_says_so() -> None:
    from solver.explain import explain_draw

    run = [{"kind": "run", "cards": ["R3", "R4", "R5"]}]
    # The 6 bridges to the hand's 7: both go onto the run, the 1 is discarded, no card left.
    bridge = draw_advice("R7 Y1", "R6", "mattel", 1, run, down=True)
    assert bridge.take and bridge.goes_out and str(bridge.discard_after_take) == "Y1"
    assert explain_draw(bridge, ruleset("mattel"), "en").endswith(
        "Then discard the yellow 1 and you are out.")
    # The 6 alone goes onto the run: one of the other two is discarded, one stays.
    hit = draw_advice("R9 Y1", "R6", "mattel", 1, run, down=True)
    assert hit.take and not hit.goes_out
    assert explain_draw(hit, ruleset("mattel"), "en").endswith("Then discard the red 9.")
    # Completing a run of ten from ten cards and the top: laid, the last card discarded, out.
    whole = draw_advice("R1 R2 R3 R4 R5 R6 R8 R9 G10 Y3", "R7", "mattel", 4)
    assert whole.reason.value == "top-completes" and whole.goes_out
    assert explain_draw(whole, ruleset("mattel"), "de").endswith(
        "Damit gehst du in diesem Zug aus.")
    # Completing the phase with cards left over is not going out.
    sets = draw_advice("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12", "G7", "mattel", 1)
    assert sets.reason.value == "top-completes" and not sets.goes_out


def test_equal_odds_keep_the_blind_draw() -> None:
    # Blind is "at least as good" on a tie: taking the top was advised at 0 against 0 by a
    # one-character change no test caught (mutation audit, session 47).
    advice = draw_advice(parse_hand("B1 G4 G4 G5 G6 G7 B8 Y11 W S"), "Y9", "mattel", 9)
    assert advice.p_take == advice.p_blind == 0
    assert not advice.take and advice.reason.value == "blind-at-least-as-good"


def test_a_top_card_that_brings_the_phase_nearer_is_taken_where_neither_way_can_lay_it() -> None:
    # "Draw blind: 0% against 0% with the Wild" left a Wild on the pile (odds audit, session
    # 65): taken, it is a card nearer for certain; a blind draw only may be.
    from solver.explain import explain_draw

    hand = parse_hand("R1 R3 R5 R9 B2 G4 Y6 Y8 B10 G12")  # phase 8: 7 of one colour, R 4
    for top in ("W", "R11"):
        advice = draw_advice(hand, top, "mattel", 8)
        assert advice.p_take == advice.p_blind == 0
        assert advice.take and advice.reason is DrawReason.TOP_BRINGS_NEARER
        assert advice.missing_after_take == 2 and str(advice.discard_after_take) != top
        assert explain_draw(advice, ruleset("mattel"), "en").startswith(
            "Take the Wild: neither way" if top == "W" else "Take the red 11: neither way")
    assert not draw_advice(hand, "G7", "mattel", 8).take  # no nearer: blind as before
    nearer = draw_advice(hand, "W", "mattel", 8)
    said = {lang: explain_draw(nearer, ruleset("mattel"), lang) for lang in ("de", "nl", "da")}
    assert said == {
        "de": "Nimm den Joker vom Ablagestapel: so oder so hast du deine Phase bis zum nächsten "
              "Ziehen nicht (0 %), aber damit fehlen dir nur noch 2 Karten. Wirf danach die "
              "grüne 12 ab.",
        "nl": "Pak de joker: geen van beide geeft je fase bij je volgende trek (0%), maar ermee "
              "mis je nog maar 2 kaarten. Leg daarna de groene 12 af.",
        "da": "Tag jokeren: ingen af delene giver dig fasen klar efter dit næste træk (0 %), men "
              "med det mangler du kun 2 kort. Kassér derefter den grønne 12'er."}
    one = replace(nearer, missing_after_take=1)
    assert "only 1 card is still missing" in explain_draw(one, ruleset("mattel"), "en")


def test_with_one_unseen_card_p2_is_never_below_p1() -> None:
    rules = ruleset("mattel")
    hand = parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S")
    g7 = parse_hand("G7")[0]
    known = list((rules.deck_counts() - Counter(hand) - Counter([g7])).elements())
    result = analyse(hand, rules, 1, known=known)
    assert result.unseen == 1
    b2 = next(o for o in result.discards if str(o.card) == "B2")
    assert (b2.outs, b2.p1, b2.p2) == (1, 1, 1)


def test_p2_counts_the_second_draw_after_the_best_discard_not_after_none() -> None:
    # Five pairs and a 1: whatever comes first makes a set, and one card of another pair must
    # go before the second draw, so only 3 of the 4 cards left finish (keeping all 11 cards,
    # every one would: a mutant that discarded a card the hand lacks was not caught).
    hand = "R7 B7 R8 B8 R9 B9 R10 B10 R11 B11 Y1"
    result = analyse(hand, "mattel", 1, known=_known_all_but("mattel", hand, "G7 G8 G9 G10 G11"))
    one = next(o for o in result.discards if str(o.card) == "Y1")
    assert (one.outs, one.p2) == (0, Fraction(3, 4))
    assert one.p2 == p2_brute(ruleset("mattel"), ruleset("mattel").phase(1), parse_hand(hand),
                              parse_hand("G7 G8 G9 G10 G11"), one.card)[1]


def test_with_one_unseen_card_that_does_not_finish_p2_is_zero() -> None:
    known = _known_all_but("mattel", HAND, "G1")
    result = analyse(HAND, "mattel", 1, known=known)
    assert result.unseen == 1
    assert all((o.outs, o.p1, o.p2) == (0, 0, 0) for o in result.discards)


def test_with_no_card_unseen_nothing_can_be_drawn() -> None:
    known = _known_all_but("mattel", HAND, "")
    result = analyse(HAND, "mattel", 1, known=known)
    assert result.unseen == 0
    assert all((o.outs, o.p1, o.p2) == (0, 0, 0) for o in result.discards)


def test_draw_advice_for_a_hand_without_its_phase_does_not_go_out() -> None:
    hand = "R7 B7 G8 Y8 B2 G4 Y10 R11 B12 Y3"
    for top, reason in (("R8", DrawReason.BETTER_ODDS), ("G1", DrawReason.BLIND_AT_LEAST_AS_GOOD)):
        advice = draw_advice(hand, top, "mattel", 1)
        assert advice.reason is reason and advice.take == (reason is DrawReason.BETTER_ODDS)
        assert not advice.goes_out and not advice.phase_in_hand
    # Taken, the R8 leaves six junk cards that keep the same outs: the most points go, and of
    # the three 10-pointers the highest card, as the recommended discard picks it.
    assert str(draw_advice(hand, "R8", "mattel", 1).discard_after_take) == "B12"


_DRAW_RULES = [ruleset("mattel"), ruleset("zehn-phasen"), ruleset("classic"),
               ruleset("mattel", naturals=2), ruleset("mattel", wrap=True)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(_DRAW_RULES) - 1), st.integers(0, 2**32), st.integers(0, 4))
def test_draw_odds_agree_with_drawing_card_by_card(which: int, seed: int, unseen: int) -> None:
    # Taking the top then drawing once against drawing blind twice, each against the brute
    # force: blind is the hand with the top as its discard; taken, the best discard's outs.
    rules, rng = _DRAW_RULES[which], random.Random(seed)
    phase = rules.phase(rng.choice([1, 2, 3]))
    stock = Counter(rules.deck_counts())
    hand = near_complete_hand(rules, phase, rng, phase.cards_needed, rng.randint(1, 2), stock)
    rest = list(stock.elements())
    rng.shuffle(rest)
    top, pool = rest[0], rest[1:1 + unseen]
    advice = draw_odds(rules, phase, hand, top, Counter(pool))
    taken = [*hand, top]
    assert advice.unseen == len(pool)
    assert advice.p_blind == p2_brute(rules, phase, taken, pool, top)[1]
    if rules.role(top) is Role.SKIP:
        assert advice.p_take is None and not advice.take
    elif can_lay(rules, phase, taken):
        assert advice.reason is DrawReason.TOP_COMPLETES and advice.p_take == 1
    else:
        best = max(p2_brute(rules, phase, taken, pool, d)[0] for d in set(taken))
        assert advice.p_take == (Fraction(best, len(pool)) if pool else 0)
        if advice.reason is DrawReason.TOP_BRINGS_NEARER:  # a tie at 0 broken by the top
            assert advice.take and advice.p_take == advice.p_blind == 0
        else:
            assert advice.take == (advice.p_take > advice.p_blind)


@pytest.mark.parametrize(("which", "skip"), [(0, "S"), (1, "X")])
def test_a_skip_on_top_is_never_taken_and_drawing_blind_is_still_weighed(which: int,
                                                                        skip: str) -> None:
    # The property above draws its top card at random: under CI's fixed seed never a Skip,
    # so its Skip branch went unchecked (tests audit, session 63).
    rules, rng = _DRAW_RULES[which], random.Random(5)
    phase = rules.phase(1)
    stock = Counter(rules.deck_counts())
    top = parse_hand(skip)[0]
    stock[top] -= 1
    hand = near_complete_hand(rules, phase, rng, phase.cards_needed, 1, stock)
    pool = list(stock.elements())
    rng.shuffle(pool)
    pool = pool[:4]
    advice = draw_odds(rules, phase, hand, top, Counter(pool))
    assert advice.p_take is None and not advice.take
    assert advice.p_blind == p2_brute(rules, phase, [*hand, top], pool, top)[1]


def test_the_top_card_may_complete_a_run_longer_than_asked() -> None:
    # Two naturals a group: R1 and R10 hold a run of 7 only with every wild between them, a
    # run of ten cards, so the question about ten cards and the top weighs runs of eleven.
    advice = draw_advice("R1 W W W W W W W W S", "R10", ruleset("mattel", naturals=2), 4)
    assert advice.take and advice.reason is DrawReason.TOP_COMPLETES and advice.goes_out


def test_taking_the_top_still_costs_a_discard() -> None:
    # Five pairs and the G11: a set of 11s, and one card of another pair must go again, so
    # only three numbers are left to make the second set: 3 x 6 copies and the 8 wilds.
    hand = "R7 B7 R8 B8 R9 B9 R10 B10 R11 B11"
    advice = draw_advice(hand, "G11", "mattel", 1)
    assert advice.take and advice.p_take == Fraction(3 * 6 + 8, 97)


def test_a_hand_holding_a_colour_phase_counts_only_that_colours_draws_as_fitting() -> None:
    # Seven reds go down as phase 8, and any further red (or Wild) goes down with them: 17 reds
    # and 8 Wilds of 97 unseen. A blue card of the same number fits nowhere.
    hand = "R1 R2 R3 R4 R5 R6 R7 B8 G9 Y10"
    blue = draw_advice(hand, "B11", "mattel", 8)
    assert blue.phase_in_hand and not blue.take and blue.p_blind == Fraction(17 + 8, 97)
    red = draw_advice(hand, "R11", "mattel", 8)
    assert red.take and red.p_blind == Fraction(16 + 8, 97)


def test_free_choice_before_the_draw_weighs_a_skip_on_top_by_the_blind_draw_alone() -> None:
    # A Skip is never taken: phase 2 (a set and a run of 4) has the best blind chance here,
    # not the first phase open.
    hand = "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12"
    phase, advice = best_draw(hand, "S", "mattel")
    assert phase == 2 and advice.p_take is None
    assert advice.p_blind == max(draw_advice(hand, "S", "mattel", n).p_blind
                                 for n in range(1, 11))
    assert best_draw(hand, "G7", "mattel")[0] == 1  # the top card completes phase 1


def test_free_choice_before_the_draw_declares_a_phase_laid_for_certain() -> None:
    # Phase 1 is in hand: it was weighed by the blind draw's chance of hitting the table
    # (17.5 %), and phase 2's 32 % of being laid at all won (rules audit, session 64).
    phase, advice = best_draw("R7 B7 G7 Y7 R3 B3 G3 R11 G12 B9", "Y5", "mattel")
    assert phase == 1 and advice.phase_in_hand
    assert best_phase("R7 B7 G7 Y7 R3 B3 G3 R11 G12 B9 Y5", "mattel")[0].phase == 1
    # The Wild on top completes phase 1 (20 points left) and phase 3 (10 left): the earliest
    # was declared. Laid for certain, phases go as best_phase has them.
    hand = "R7 B7 G7 Y7 R3 B3 R11 G12 B9 Y2"
    phase, advice = best_draw(hand, "W", "mattel")
    assert (phase, advice.take) == (3, True)
    assert best_phase(f"{hand} W", "mattel")[0].phase == 3


def test_once_down_a_top_card_that_fits_nowhere_is_left_even_when_every_draw_fits() -> None:
    fives = [{"kind": "set", "cards": ["R5", "B5", "G5"]}]
    seen = ["R9", "B10", "Y9", "R5", "B5", "G5"]  # the hand, the top and the table
    only_y5 = draw_advice("R9 B10", "Y9", "mattel", 1, fives,
                          _known_all_but("mattel", seen, "Y5"), down=True)
    assert (only_y5.unseen, only_y5.p_blind, only_y5.p_take) == (1, 1, 0)
    assert not only_y5.take and only_y5.reason.value == "top-does-not-hit"
    nothing = draw_advice("R9 B10", "Y9", "mattel", 1, fives,
                          _known_all_but("mattel", seen, ""), down=True)
    assert (nothing.unseen, nothing.p_blind) == (0, 0) and not nothing.take


def test_blind_draws_that_join_a_run_count_only_its_open_ends() -> None:
    # The shortcut that counts draws joining the table without a search must see the run as
    # the hand's own play leaves it: R7 goes onto R3..R6, so a 2 or an 8 fits, not a 7 or 4.
    run = [{"kind": "run", "cards": ["R3", "R4", "R5", "R6"]}]
    seven = draw_advice("R7 G12", "Y1", "mattel", 1, run, down=True)
    assert seven.p_blind == Fraction(8 + 8 + 8, 101)  # 2s, 8s, Wilds
    # The Wild goes on as 2 or 7: then a 1, 2, 7 or 8 fits, and the other Wilds.
    wild = draw_advice("W G12", "Y1", "mattel", 1, run, down=True)
    assert wild.p_blind == Fraction(7 + 8 + 8 + 8 + 7, 101)
    # Phase 2 in hand: its run R1..B5 takes a 6, its set of 8s another 8.
    ready = draw_advice("R8 B8 G8 B2 Y3 G4 B5 Y11 G12 R1", "S", "mattel", 2)
    assert ready.phase_in_hand and ready.p_blind == Fraction(8 + 5 + 8, 97)
