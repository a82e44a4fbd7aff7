"""Whom to skip: the opponent closest to ending the hand or winning the game.

Seed 001 ("Tipps für Einsteiger") puts it plainly: skip the leader — whoever is about to go out or
is ahead on phases. A player whose phase is already down can go out any turn, so they come first,
fewest cards first; then the player furthest along the phase list; then the lowest score, because
that player wins ties at the end of the game.

>>> advice = skip_advice([Opponent("Ann", phase=3), Opponent("Bo", phase=5, phase_down=True,
...                                                         cards_in_hand=2)])
>>> advice.target, advice.reason.value
('Bo', 'close-to-going-out')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum


class SkipReason(Enum):
    """Why a target was chosen (the explanation layer turns this into a sentence)."""

    CLOSE_TO_GOING_OUT = "close-to-going-out"
    AHEAD_ON_PHASES = "ahead-on-phases"
    LOWEST_SCORE = "lowest-score"
    FEWEST_CARDS = "fewest-cards"
    EVEN = "even"  # nobody ahead on anything told: any target is as good
    ONLY_OPPONENT = "only-opponent"
    SOLE_OPPONENT = "sole-opponent"
    PLAY_AGAIN = "play-again"
    NO_EFFECT = "no-effect"


@dataclass(frozen=True)
class Opponent:
    """What the table shows about another player."""

    name: str
    phase: int
    phase_down: bool = False
    cards_in_hand: int | None = None  # None: not told (a hand holds 10 between turns)
    total_points: int = 0
    already_skipped: bool = False


@dataclass(frozen=True)
class SkipAdvice:
    """The player to skip (None when a skip changes nothing) and the reason."""

    target: str | None
    reason: SkipReason
    opponent: Opponent | None = None


def _cards(opponent: Opponent) -> int:
    return 10 if opponent.cards_in_hand is None else opponent.cards_in_hand


def _threat(opponent: Opponent) -> tuple[int, int, int, int]:
    # Larger tuple = more dangerous; only compared, never shown.
    if opponent.phase_down:
        return (1, -_cards(opponent), opponent.phase, -opponent.total_points)
    return (0, opponent.phase, -opponent.total_points, -_cards(opponent))


def skip_advice(
    opponents: Sequence[Opponent], *, two_player_skip_is_extra_turn: bool = True
) -> SkipAdvice:
    """Choose whom a Skip should hit.

    ``opponents`` are the other players. Each player may be skipped at most once per round
    (seed 001; RULES.md for mattel), so those with ``already_skipped`` are not eligible. With a
    single opponent the seed-001 rule "zu zweit bedeutet ein Joker, dass du noch einmal dran bist"
    applies when ``two_player_skip_is_extra_turn`` is set.

    >>> skip_advice([Opponent("Ann", phase=7), Opponent("Bo", phase=4)]).target
    'Ann'
    >>> skip_advice([Opponent("Ann", phase=2)]).reason.value
    'play-again'
    >>> skip_advice([Opponent("Ann", phase=2, already_skipped=True)],
    ...             two_player_skip_is_extra_turn=False).reason.value
    'no-effect'
    """
    if len(opponents) == 1 and two_player_skip_is_extra_turn:
        return SkipAdvice(opponents[0].name, SkipReason.PLAY_AGAIN, opponents[0])
    eligible = [o for o in opponents if not o.already_skipped]
    if not eligible:
        return SkipAdvice(None, SkipReason.NO_EFFECT)
    ranked = sorted(eligible, key=_threat, reverse=True)
    target = ranked[0]
    if len(opponents) == 1:  # two players, a skip that does not mean playing again
        reason = SkipReason.SOLE_OPPONENT
    elif len(eligible) == 1:
        reason = SkipReason.ONLY_OPPONENT
    elif target.phase_down:
        reason = SkipReason.CLOSE_TO_GOING_OUT
    elif target.phase > ranked[1].phase:
        reason = SkipReason.AHEAD_ON_PHASES
    elif target.total_points < ranked[1].total_points:
        reason = SkipReason.LOWEST_SCORE
    elif _cards(target) < _cards(ranked[1]):
        reason = SkipReason.FEWEST_CARDS
    else:  # a sentence about fewer cards would state what nobody told
        reason = SkipReason.EVEN
    return SkipAdvice(target.name, reason, target)
