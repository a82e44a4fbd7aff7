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

from solver.errors import SolverError
from solver.rules import Ruleset

# Between turns a player holds 10 cards; once down, fewer.
HAND_BETWEEN_TURNS = 10
# Once down, at most 4 under every ruleset's own phases (11 drawn - 6 laid - 1 discarded): what
# a down player whose count was not given is taken to hold. Counted as a full 10, they ranked
# below anyone said to hold 4, whatever their phase (skip audit, session 48).
MOST_CARDS_DOWN = 4


class SkipReason(Enum):
    """Why a target was chosen (the explanation layer turns this into a sentence)."""

    CLOSE_TO_GOING_OUT = "close-to-going-out"
    AHEAD_ON_PHASES = "ahead-on-phases"
    LOWEST_SCORE = "lowest-score"
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
    # Phases made, where the phase's number does not say it (an even game's phase 6 is its
    # third; a player who made every phase plays none): said instead of the phase (explain).
    made: int | None = None


@dataclass(frozen=True)
class SkipAdvice:
    """The player to skip (None when a skip changes nothing) and the reason; ``runner_up``: the
    next most dangerous player who may be skipped, whom the reason compares the target with;
    ``skipped_further``: a player already skipped is further along than the target."""

    target: str | None
    reason: SkipReason
    opponent: Opponent | None = None
    runner_up: Opponent | None = None
    skipped_further: bool = False


def _threat(opponent: Opponent, rules: Ruleset | None) -> tuple[int, int, int, int]:
    """Larger = more dangerous; only compared, never shown. A down player's count not told
    is the most their phase leaves: down on a run of 9 they hold 1 card, and were taken to
    hold 4, so one said to hold 2 was skipped instead (quality audit, session 64)."""
    if opponent.phase_down:
        told = opponent.cards_in_hand
        most = min(MOST_CARDS_DOWN, most_cards_once_down(rules, opponent.phase))
        cards = most if told is None else told
        return (1, -cards, opponent.phase, -opponent.total_points)
    return (0, opponent.phase, -opponent.total_points, 0)


def skip_advice(
    opponents: Sequence[Opponent], *, two_player_skip_is_extra_turn: bool = True,
    rules: Ruleset | None = None, check_phases: bool = True,
) -> SkipAdvice:
    """Choose whom a Skip should hit.

    ``opponents`` are the other players; ``already_skipped`` marks one who may not be skipped
    now (zehn-phasen, seed 001: has sat out this hand already; mattel, seed 002: has a Skip
    waiting), so those are not eligible. Raises SolverError for a table no game can show. With a
    single opponent the seed-001 rule "zu zweit bedeutet ein Joker, dass du noch einmal dran bist"
    applies when ``two_player_skip_is_extra_turn`` is set. ``rules``, when given, must have skip
    cards and play each opponent's phase (unless not ``check_phases``: a score sheet's player
    who has made every phase plays on in the game's last hand); a down opponent whose card
    count is not told holds what their phase leaves (`most_cards_once_down`).

    >>> skip_advice([Opponent("Ann", phase=7), Opponent("Bo", phase=4)]).target
    'Ann'
    >>> skip_advice([Opponent("Ann", phase=2)]).reason.value
    'play-again'
    >>> skip_advice([Opponent("Ann", phase=2, already_skipped=True)]).reason.value
    'no-effect'
    >>> from solver.rules import ruleset
    >>> try:
    ...     skip_advice([Opponent("Ann", phase=11)], rules=ruleset("mattel"))
    ... except SolverError as error:
    ...     print(error)
    Ann is on phase 11, which mattel does not play here (phases 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    """
    _check(opponents)
    if rules is not None:
        _check_game(opponents, rules, check_phases)
    eligible = [o for o in opponents if not o.already_skipped]
    # Before "zu zweit ... noch einmal dran": the other player's sitting out is what playing
    # again is, and seed 001 lets them sit out once a hand ("haben alle anderen in dieser
    # Runde schon ausgesetzt, bleibt ein abgelegter Joker ohne Wirkung"); the page's tick
    # did nothing with two players (skip and zehn-phasen audits, session 66).
    if not eligible:
        return SkipAdvice(None, SkipReason.NO_EFFECT)
    if len(opponents) == 1 and two_player_skip_is_extra_turn:
        return SkipAdvice(opponents[0].name, SkipReason.PLAY_AGAIN, opponents[0])
    ranked = sorted(eligible, key=lambda o: _threat(o, rules), reverse=True)
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
    else:  # a player not down holds 10 cards: no fewer cards to tell them apart
        reason = SkipReason.EVEN
    # Each reason is said of the target against the runner-up, not of "everyone": a player
    # already skipped may be further along, and a third may trail both (options audit).
    runner_up = ranked[1] if len(ranked) > 1 else None
    further = any(o.already_skipped and o.phase > target.phase for o in opponents)
    return SkipAdvice(target.name, reason, target, runner_up, further)


def _check(opponents: Sequence[Opponent]) -> None:
    """Refuse a table no game can show: it would be answered as if it could."""
    names = [o.name for o in opponents]
    if len(set(names)) < len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise SolverError(f"two opponents are named {twice!r}: give each their own name",
                          "skip_same_name", name=twice)
    for o in opponents:
        if o.phase < 1:
            raise SolverError(f"{o.name} is on phase {o.phase}: phases start at 1",
                              "skip_phase_low", name=o.name, number=o.phase)
        if o.total_points < 0 or o.total_points % 5:  # "points=3" ranked Ann behind (audit)
            raise SolverError(f"{o.name} has {o.total_points} points: card points always add "
                              "up to a multiple of 5", "skip_points", name=o.name,
                              points=o.total_points)
        if o.cards_in_hand is None:
            continue
        if o.cards_in_hand < 1:
            raise SolverError(f"{o.name} holds no cards: they have gone out and the hand is "
                              "over", "skip_no_cards", name=o.name)
        most = HAND_BETWEEN_TURNS - 1 if o.phase_down else HAND_BETWEEN_TURNS  # a phase laid
        if o.cards_in_hand > most:
            raise SolverError(f"{o.name} holds {o.cards_in_hand} cards: a hand holds at most "
                              f"{most} between turns" + (" once its phase is down"
                                                          if o.phase_down else ""),
                              "skip_cards_many_down" if o.phase_down else "skip_cards_many",
                              name=o.name, cards=o.cards_in_hand, most=most)
        if not o.phase_down and o.cards_in_hand != HAND_BETWEEN_TURNS:
            raise SolverError(f"cards={o.cards_in_hand} is told for {o.name}, who has not laid "
                              f"their phase (add 'down'): until then a hand holds "
                              f"{HAND_BETWEEN_TURNS} between turns", "skip_cards_not_down",
                              name=o.name, cards=o.cards_in_hand, most=HAND_BETWEEN_TURNS)


def most_cards_once_down(rules: Ruleset | None, phase: int) -> int:
    """The most cards a player down on ``phase`` holds between turns: the phase laid took its
    cards out of the 11 held after the draw, and a discard followed (a player down on a run of
    9 holds one card at most, not 9; rules audit). The phase laid is not known without
    ``rules``, under free choice, or for a phase the game does not play: then 9.

    >>> from solver.rules import ruleset
    >>> most_cards_once_down(ruleset("mattel"), 6), most_cards_once_down(ruleset("mattel"), 1)
    (1, 4)
    >>> most_cards_once_down(None, 6), most_cards_once_down(ruleset("mattel", free_choice=True), 6)
    (9, 9)
    """
    if rules is None or rules.free_choice or phase not in rules.phase_numbers():
        return HAND_BETWEEN_TURNS - 1
    return max(0, HAND_BETWEEN_TURNS - rules.phase(phase).cards_needed)


def _check_game(opponents: Sequence[Opponent], rules: Ruleset, check_phases: bool) -> None:
    """Refuse a game without skip cards (nothing to advise), and a phase the game never
    reaches: it would rank as the leader."""
    if rules.skip_face is None:
        raise SolverError(f"{rules.name} is played without skip cards here: no one can be "
                          "skipped", "skip_none", ruleset=rules.name)
    played = rules.phase_numbers()
    for opponent in opponents:
        if opponent.phase not in played:
            if not check_phases:
                continue
            raise SolverError(
                f"{opponent.name} is on phase {opponent.phase}, which {rules.name} does not "
                f"play here (phases {', '.join(map(str, played))})",
                "skip_phase", name=opponent.name, number=opponent.phase, ruleset=rules.name,
                played=", ".join(map(str, played)),
            )
        # Under free choice the phase told is not the one laid.
        cards = opponent.cards_in_hand
        if opponent.phase_down and not rules.free_choice and cards is None \
                and most_cards_once_down(rules, opponent.phase) == 0:
            # Counted as holding none, they were named as the one to skip (skip audit,
            # session 66).
            raise SolverError(
                f"{opponent.name} cannot be down on phase {opponent.phase}: laying it takes "
                f"{rules.phase(opponent.phase).cards_needed} of the {HAND_BETWEEN_TURNS + 1} "
                "cards held after the draw and a discard follows, so they have gone out and the "
                "hand is over", "skip_down_out", name=opponent.name, number=opponent.phase,
                needed=rules.phase(opponent.phase).cards_needed, held=HAND_BETWEEN_TURNS + 1)
        if opponent.phase_down and cards is not None and not rules.free_choice:
            needed = rules.phase(opponent.phase).cards_needed
            most = most_cards_once_down(rules, opponent.phase)
            if cards > most:
                left = ("none is left" if most == 0
                        else f"at most {most} {'is' if most == 1 else 'are'} left")
                raise SolverError(
                    f"{opponent.name} holds {cards} card{'s' if cards > 1 else ''} with phase "
                    f"{opponent.phase} down: laying it takes {needed} of the "
                    f"{HAND_BETWEEN_TURNS + 1} cards held after the draw and a discard "
                    f"follows, so {left}", "skip_down_none" if most == 0 else "skip_down_left",
                    name=opponent.name, cards=cards,
                    number=opponent.phase, needed=needed, held=HAND_BETWEEN_TURNS + 1, most=most)
