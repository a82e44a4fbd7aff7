"""Skip advice: whom to skip, and the seed rules about when a skip does nothing."""

from solver.skips import Opponent, SkipReason, skip_advice


def test_player_with_phase_down_and_fewest_cards_is_skipped_first__seed_001() -> None:
    # Seed 001, "Tipps": skip whoever is about to go out or ahead on phases.
    others = [
        Opponent("Ann", phase=9),
        Opponent("Bo", phase=2, phase_down=True, cards_in_hand=5),
        Opponent("Cy", phase=4, phase_down=True, cards_in_hand=1),
    ]
    advice = skip_advice(others)
    assert (advice.target, advice.reason) == ("Cy", SkipReason.CLOSE_TO_GOING_OUT)


def test_furthest_phase_is_skipped_when_nobody_is_down__seed_001() -> None:
    advice = skip_advice([Opponent("Ann", phase=3), Opponent("Bo", phase=8)])
    assert (advice.target, advice.reason) == ("Bo", SkipReason.AHEAD_ON_PHASES)


def test_equal_phases_break_on_the_lowest_score() -> None:
    advice = skip_advice([Opponent("Ann", 5, total_points=80), Opponent("Bo", 5, total_points=40)])
    assert (advice.target, advice.reason) == ("Bo", SkipReason.LOWEST_SCORE)


def test_already_skipped_players_cannot_be_skipped_again__seed_001() -> None:
    # Seed 001: "Jeder Spieler muss pro Runde höchstens einmal aussetzen".
    others = [Opponent("Ann", 9, already_skipped=True), Opponent("Bo", 2)]
    advice = skip_advice(others)
    assert (advice.target, advice.reason) == ("Bo", SkipReason.ONLY_OPPONENT)


def test_a_sole_opponent_is_skipped_as_the_only_other_player() -> None:
    # Not "everyone else has already been skipped": nobody was (docs audit, session 43).
    advice = skip_advice([Opponent("Ann", 5)], two_player_skip_is_extra_turn=False)
    assert (advice.target, advice.reason) == ("Ann", SkipReason.SOLE_OPPONENT)
    from solver.explain import explain_skip

    assert explain_skip(advice, "en") == "Skip Ann, the only other player."
    assert explain_skip(advice, "de") == "Lass Ann aussetzen: sonst spielt niemand mit."


def test_the_reason_never_states_a_card_count_nobody_gave() -> None:
    # "they hold the fewest cards" / "only 10 cards left" were said of counts never entered.
    from solver.explain import explain_skip

    even = skip_advice([Opponent("Ann", 5), Opponent("Bo", 5)])
    assert even.reason is SkipReason.EVEN
    assert explain_skip(even, "en") == ("Skip Ann: nobody is ahead on phase, score or cards, so "
                                        "any choice is as good.")
    fewer = skip_advice([Opponent("Ann", 5, cards_in_hand=9), Opponent("Bo", 5, cards_in_hand=4)])
    assert (fewer.target, fewer.reason) == ("Bo", SkipReason.FEWEST_CARDS)
    down = skip_advice([Opponent("Ann", 5, phase_down=True), Opponent("Bo", 5)])
    assert explain_skip(down, "en") == ("Skip Ann: their phase is already down, so they can "
                                        "start getting rid of cards.")
    assert explain_skip(down, "da").startswith("Spring Ann over: Ann har allerede lagt sin fase")


def test_skip_has_no_effect_when_everyone_sat_out__seed_001() -> None:
    others = [Opponent("Ann", 9, already_skipped=True), Opponent("Bo", 2, already_skipped=True)]
    assert skip_advice(others).reason is SkipReason.NO_EFFECT
    assert skip_advice(others).target is None


def test_two_players_means_playing_again__seed_001() -> None:
    # Seed 001: "Zu zweit bedeutet ein Joker einfach, dass du noch einmal dran bist."
    advice = skip_advice([Opponent("Ann", 4, already_skipped=True)])
    assert advice.reason is SkipReason.PLAY_AGAIN


def test_the_order_among_opponents_whose_phase_is_down_and_the_others() -> None:
    # Each survived a one-character change (mutation audit, session 47).
    down = skip_advice([Opponent("Ann", phase=8, phase_down=True, cards_in_hand=5),
                        Opponent("Bo", phase=3, phase_down=True, cards_in_hand=2)])
    assert down.target == "Bo" and down.reason is SkipReason.CLOSE_TO_GOING_OUT
    score_first = skip_advice([Opponent("Ann", phase=4, total_points=50, cards_in_hand=3),
                               Opponent("Bo", phase=4, total_points=20, cards_in_hand=9)])
    assert score_first.target == "Bo" and score_first.reason is SkipReason.LOWEST_SCORE
    # A count nobody gave is a full hand of 10, not fewer than a told 10.
    untold = skip_advice([Opponent("Ann", phase=4), Opponent("Bo", phase=4, cards_in_hand=10)])
    assert untold.target == "Ann" and untold.reason is SkipReason.EVEN
