"""Score-sheet rules: who plays which phase, who deals, when the game ends and who won.

Everything here is a pure function over frozen values; `scoresheet.store` keeps them in SQLite.
The end-of-game rules come from the seeds (see RULES.md, "End of game"):

* `EndRule.FEWEST_POINTS` (seed 002, default; also zehn-phasen and classic): the game ends after
  the hand in which one or more players complete their last phase; of those, the fewest total
  points wins; still tied -> the tied players play the last phase again, first to lay it wins.
* `EndRule.GO_OUT` (seed 003): you must complete the last phase *and* go out in that same hand;
  everyone who completed the last phase in that hand competes on total points; still tied -> a
  play-off, as under the rule above (the seed says nothing of ties).
* `EndRule.EXTRA_HAND` (seed 000): once someone has completed the last phase, everybody plays one
  more hand; then the lowest total of all players wins (ties share the win).

>>> game = new_game(("Anna", "Ben"), GameRules())
>>> game = add_hand(game, Hand(points=(0, 35), made=(True, False)))
>>> [(p.name, p.total, p.next_phase) for p in standings(game).players]
[('Anna', 0, 2), ('Ben', 35, 1)]
>>> standings(game).dealer
'Ben'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from scoresheet.errors import ScoreError

MIN_PLAYERS = 2
MAX_PLAYERS = 10
MAX_NAME_LENGTH = 40
MAX_GAME_NAME_LENGTH = 60  # it names the game in a list and its CSV file
# Every card is worth a multiple of 5 and a hand never holds more than 11 cards (10 dealt + 1
# drawn) worth at most 25 each: anything else on the sheet is a typo.
POINT_STEP = 5
MAX_HAND_POINTS = 11 * 25


# A hand ends when someone goes out; everyone else holds the ten cards of between turns.
CARDS_LEFT = 10


@dataclass(frozen=True)
class SheetFacts:
    """What the score sheet must know of a ruleset's cards and its end of a hand: its costliest
    cards, from which the most a hand left when someone went out can be worth (a typed hand
    above it is a typo; hands stored before this check keep the looser MAX_HAND_POINTS).

    >>> SHEET_FACTS["mattel"].most_left_points(), SHEET_FACTS["mattel"].most_left_points(0)
    (230, 220)
    """

    wild_cards: int
    skip_cards: int  # the deck's own; a game may play with fewer or none
    wild_points: int = 25
    skip_points: int = 15
    natural_points: int = 10  # the costliest natural card
    # Classic's seed: "Alle, die in dieser Runde ausgeschieden sind, gehen in die nächste Phase
    # über, während diejenigen, die nicht ausgeschieden sind, in derselben Phase bleiben" (RULES.md
    # leaves it open): several players may go out in one hand, and a phase laid by one who did
    # not go out does not move them on.
    out_moves_on: bool = False

    def most_left_points(self, skip_cards: int | None = None) -> int:
        """The ten costliest cards a hand can hold, with ``skip_cards`` in the deck (None: the
        deck's own): without skips a Wild's companions are 10s, not Skips."""
        skips = self.skip_cards if skip_cards is None else skip_cards
        worth = ([self.wild_points] * self.wild_cards + [self.skip_points] * skips
                 + [self.natural_points] * CARDS_LEFT)
        return sum(sorted(worth, reverse=True)[:CARDS_LEFT])


# Eight Wilds or Kings and four Skips or jokers; classic's jokers, two a deck, ten of them (a
# hand's worth) with five decks, and none of its cards skip.
SHEET_FACTS = {
    "mattel": SheetFacts(wild_cards=8, skip_cards=4),
    "zehn-phasen": SheetFacts(wild_cards=8, skip_cards=4),
    "classic": SheetFacts(wild_cards=10, skip_cards=0, out_moves_on=True),
}

STANDARD_PHASE_COUNT = 10
#: How a player may go out: by discarding or hitting the last card, or only by discarding.
GOING_OUT = ("either", "discard")
#: The most skip cards a game may name (the solver's bound, `solver.MOST_SKIPS`).
MOST_SKIP_CARDS = 20


class EndRule(Enum):
    FEWEST_POINTS = "fewest-points"
    GO_OUT = "go-out"
    EXTRA_HAND = "extra-hand"


class PhaseOrder(Enum):
    """Which phases a player works through (seed 001 variants; Phase 10 Masters = free)."""

    IN_ORDER = "in-order"
    EVEN = "even"
    ODD = "odd"
    FREE = "free"


class Stage(Enum):
    PLAYING = "playing"
    LAST_HAND = "last-hand"  # EXTRA_HAND: the one extra hand everybody plays
    PLAYOFF = "playoff"  # tied: the tied players play the last phase again
    OVER = "over"


@dataclass(frozen=True)
class GameRules:
    """How a game is scored. `phases` is a custom phase list (one description each); empty means
    the ruleset's standard ten. For every phone at the table: `skips`, played with skip cards
    or without (seed 000); `skip_count`, how many when fewer than the deck's own (seed 001's
    "fewer jokers": decks that came with fewer; None: the deck's own); a ruleset without any
    ignores both. `going_out`: "either" (by discarding or by hitting the last card) or
    "discard" (seed 003: a turn always ends with a discard).

    >>> GameRules(skip_count=0)
    Traceback (most recent call last):
    ValueError: skip_count is None or a count of 1 to 20
    """

    ruleset: str = "mattel"
    end: EndRule = EndRule.FEWEST_POINTS
    order: PhaseOrder = PhaseOrder.IN_ORDER
    phases: tuple[str, ...] = ()
    skips: bool = True
    going_out: str = "either"
    # Apart from `skips`, not one bool-or-count field: True == 1 in Python, so a game of one
    # skip card would equal a game of all of them.
    skip_count: int | None = None

    def __post_init__(self) -> None:
        # Checked here too, not only where the store, the CSV and the page read them: a game
        # built in Python with a typo would be stored and advised on as another.
        if not isinstance(self.skips, bool):
            raise ValueError("skips is true or false")
        count = self.skip_count
        if count is not None and (isinstance(count, bool) or not isinstance(count, int)
                                  or not 1 <= count <= MOST_SKIP_CARDS or not self.skips):
            raise ValueError(f"skip_count is None or a count of 1 to {MOST_SKIP_CARDS}")
        if self.going_out not in GOING_OUT:
            raise ValueError(f"going_out is one of {', '.join(GOING_OUT)}")

    @property
    def phase_count(self) -> int:
        return len(self.phases) or STANDARD_PHASE_COUNT

    @property
    def schedule(self) -> tuple[int, ...]:
        """The phase numbers every player has to complete."""
        numbers = range(1, self.phase_count + 1)
        if self.order is PhaseOrder.EVEN:
            return tuple(n for n in numbers if n % 2 == 0)
        if self.order is PhaseOrder.ODD:
            return tuple(n for n in numbers if n % 2 == 1)
        return tuple(numbers)


@dataclass(frozen=True)
class Hand:
    """One hand on the sheet: points per player and whether each laid their phase.

    `chosen` (free phase order only) names the phase each player laid; `went_out` is the index of
    the player who went out (None: the only player on 0 points, if there is exactly one). A mark
    on that only player is kept as None, the one value of one fact:

    >>> Hand((0, 15), (True, False), went_out=0) == Hand((0, 15), (True, False))
    True
    >>> Hand((0, 0, 15), (True, True, False), went_out=1).went_out  # classic: several on 0
    1
    >>> Hand((0, 15), (False, False), chosen=(None, None)).chosen
    ()
    """

    points: tuple[int, ...]
    made: tuple[bool, ...]
    went_out: int | None = None
    chosen: tuple[int | None, ...] = ()

    def __post_init__(self) -> None:
        # Two values of one fact told two stories: a CSV export said "went out: no" for all of
        # a hand left at "(the player on 0)" (usability audit), and saying "yes" there could
        # not round-trip both. Stored hands and older CSVs with the mark read as this too. A
        # damaged mark (out of range, not a number) is left for the checks to name.
        out = self.went_out
        if type(out) is int and _only_zero(self.points) == out:
            object.__setattr__(self, "went_out", None)
        # No phase named for anyone is no choice told: the page saves a free game's hand where
        # nobody laid one so, and a CSV reads it back as () (audit).
        if self.chosen and all(choice is None for choice in self.chosen):
            object.__setattr__(self, "chosen", ())


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    rules: GameRules = GameRules()
    hands: tuple[Hand, ...] = ()
    first_dealer: int = 0
    name: str = ""


@dataclass(frozen=True)
class PlayerStanding:
    name: str
    total: int
    done: tuple[int, ...]  # phases completed, in the order they were laid
    remaining: tuple[int, ...]  # phases still to do, in the order they must be done
    rank: int  # 1 = leading; equal ranks are ties

    @property
    def next_phase(self) -> int | None:
        """The phase to play next hand; None when finished (or free order with nothing left)."""
        return self.remaining[0] if self.remaining else None


@dataclass(frozen=True)
class TakenBack:
    """Under `EndRule.GO_OUT` (seed 003): the players who laid their last phase, ``phase``, in
    hand ``number`` but did not go out. It does not count, and they play it again; the hand
    keeps their tick as typed, so the sheet says why the phase is not done."""

    number: int
    players: tuple[str, ...]
    phase: int


@dataclass(frozen=True)
class Standings:
    players: tuple[PlayerStanding, ...]
    stage: Stage
    winners: tuple[str, ...]  # OVER: the winner(s), >1 = shared win; PLAYOFF: the tied players
    dealer: str  # who deals the next hand
    hands_played: int
    taken_back: tuple[TakenBack, ...] = ()  # in hand order

    @property
    def over(self) -> bool:
        return self.stage is Stage.OVER


def most_hand_points(rules: GameRules) -> int:
    """The most a player can be left with in a hand typed now, under ``rules``.

    >>> most_hand_points(GameRules("classic")), most_hand_points(GameRules("mattel"))
    (250, 230)

    A game played without skip cards, or with fewer, is held to what its cards can leave:

    >>> most_hand_points(GameRules(skips=False)), most_hand_points(GameRules(skip_count=1))
    (220, 225)
    """
    if rules.ruleset not in SHEET_FACTS:  # a file from a newer version, say
        return MAX_HAND_POINTS
    return SHEET_FACTS[rules.ruleset].most_left_points(0 if not rules.skips else rules.skip_count)


def out_moves_on(rules: GameRules) -> bool:
    """Whether only who went out moves on to the next phase, and several may go out in one
    hand: every player on 0 went out (classic; `SheetFacts.out_moves_on`).

    >>> out_moves_on(GameRules("classic")), out_moves_on(GameRules("zehn-phasen"))
    (True, False)
    """
    facts = SHEET_FACTS.get(rules.ruleset)
    return facts is not None and facts.out_moves_on


# Bidirectional overrides and isolates print one player's name (and what follows it on the
# sheet) reversed. Joiners (emoji, Persian's ZWNJ), soft hyphens and the like are text.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _is_control(char: str) -> bool:
    """A NUL prints as nothing, an ESC drives a terminal; neither belongs in a name."""
    return unicodedata.category(char) == "Cc" or char in _BIDI_CONTROLS


def _seen(name: str) -> str:
    r"""The name as it shows: without the invisible format characters (zero-width space and
    joiners, soft hyphen, word joiner, BOM), so "Ben" and "Ben\u200b" are one name and a name
    of those alone is empty; composed, so "Jörgen" typed as o and a combining ¨ (as some
    phones and Macs send it) is the Jörgen typed with ö (security audit, session 64).

    >>> _seen("Jo\u0308rgen\u200b") == "Jörgen"
    True
    """
    return unicodedata.normalize("NFC", "".join(c for c in name
                                                if unicodedata.category(c) != "Cf"))


def _quoted(name: str) -> str:
    """A refused name as its message quotes it: the first 20 characters, readable, each control
    character a replacement mark (a right-to-left override would turn the message around)."""
    return "".join("\ufffd" if _is_control(c) else c for c in name[:20])


def tidy_name(text: str) -> str:
    r"""A name as the sheet keeps it: any run of white space (a tab, a line break, a
    non-breaking space) one space, trimmed.

    >>> tidy_name(" Anna\u00a0 Maria\n")
    'Anna Maria'
    """
    return " ".join(text.split())


def restored_name(text: str, limit: int) -> str:
    r"""A name from a backup made before today's checks, made one they pass: tidied, without
    control characters, at most ``limit`` characters (cut with an ellipsis).

    >>> restored_name("Fri\x00day\nnight " + "x" * 60, 16)
    'Friday night xx…'
    """
    name = tidy_name("".join(c for c in text if c.isspace() or not _is_control(c)))
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def new_game(
    players: Sequence[str], rules: GameRules = GameRules(), first_dealer: int = 0, name: str = ""
) -> Game:
    """A new, validated game. Names are tidied (``tidy_name``); they must be distinct and
    non-empty."""
    names = tuple(tidy_name(p) for p in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ScoreError("player_count", count=len(names), low=MIN_PLAYERS, high=MAX_PLAYERS)
    if any(not _seen(n).strip() for n in names):
        raise ScoreError("player_name_empty")
    too_long = [n for n in names if len(n) > MAX_NAME_LENGTH]
    if too_long:
        raise ScoreError("player_name_long", name=_quoted(too_long[0]), limit=MAX_NAME_LENGTH)
    unprintable = [n for n in names if any(_is_control(c) for c in n)]
    if unprintable:
        raise ScoreError("player_name_control", name=_quoted(unprintable[0]))
    name = tidy_name(name)
    if len(name) > MAX_GAME_NAME_LENGTH or any(_is_control(c) for c in name):
        raise ScoreError("game_name_bad", limit=MAX_GAME_NAME_LENGTH)
    folded = [_seen(n).casefold() for n in names]
    duplicates = sorted({n for n in names if folded.count(_seen(n).casefold()) > 1})
    if duplicates:
        raise ScoreError("player_name_duplicate", name=duplicates[0])
    if type(first_dealer) is not int or not 0 <= first_dealer < len(names):
        raise ScoreError("dealer_index", index=first_dealer)
    if any(not p.strip() for p in rules.phases):
        raise ScoreError("phase_empty")
    if not rules.schedule:
        raise ScoreError("no_phases")
    return Game(players=names, rules=rules, first_dealer=first_dealer, name=name)


def dealer_of(game: Game, hand_index: int) -> str:
    """Who deals hand number `hand_index` (0-based): the deal passes clockwise each hand."""
    return game.players[(game.first_dealer + hand_index) % len(game.players)]


def add_hand(game: Game, hand: Hand, *, typed: bool = True) -> Game:
    """The game with `hand` appended; raises ScoreError if the hand is invalid now.
    ``typed=False``: a hand that was stored before (put back after an undo), held only to
    what stored hands are replayed with."""
    now = standings(game)
    if now.over:
        raise ScoreError("game_over")
    if typed:
        hand = _unmarked(game.rules, now, hand)
        _check_entered(game, now, hand, len(game.hands) + 1)
    candidate = replace(game, hands=game.hands + (hand,))
    _replay(candidate)
    return candidate


def replace_hand(game: Game, index: int, hand: Hand) -> Game:
    """The game with hand `index` (0-based) corrected; later hands must still make sense."""
    if type(index) is not int or not 0 <= index < len(game.hands):
        raise ScoreError("hand_index", number=index + 1 if type(index) is int else index)
    before = replace(game, hands=game.hands[:index])
    then = _replay(before)
    hand = _unmarked(game.rules, then, hand)
    _check_entered(before, then, hand, index + 1)
    hands = game.hands[:index] + (hand,) + game.hands[index + 1 :]
    candidate = replace(game, hands=hands)
    # A later hand keeps what the table played it as: a play-off's all-zero hand replayed as
    # an ordinary one laid a phase and crowned a winner; an ordinary hand replayed as a
    # play-off lost its points.
    played_as: list[_Contenders] = []
    _replay(game, record=played_as)
    _replay(candidate, hold_to=played_as)
    # And a later hand that was a valid one to type stays one: under the extra hand, a
    # correction moving who finished first left a player out in the extra hand with a phase
    # still to lay, a hand then not even corrected back to itself (fuzz audit, session 65).
    for later in range(index + 1, len(hands)):
        if _typed_ok(game, later):
            _check_typed(candidate, later)
    return candidate


def _check_typed(game: Game, index: int) -> None:
    """Raises the ScoreError a hand typed as ``game``'s hand ``index`` would get."""
    before = replace(game, hands=game.hands[:index])
    _check_entered(before, _replay(before), game.hands[index], index + 1)


def _typed_ok(game: Game, index: int) -> bool:
    try:
        _check_typed(game, index)
    except ScoreError:
        return False  # a hand stored before the checks a typed one gets
    return True


def undo_hand(game: Game) -> Game:
    """The game without its last hand."""
    if not game.hands:
        raise ScoreError("nothing_to_undo")
    return replace(game, hands=game.hands[:-1])


def standings(game: Game) -> Standings:
    """Totals, phases, rank, stage and winner(s) after all recorded hands."""
    return _replay(game)


def hand_for_playoff(game: Game, first: str) -> Hand:
    """The sheet entry for a play-off: `first` laid the last phase first; nobody scores."""
    if first not in game.players:
        raise ScoreError("unknown_player", name=first)
    return Hand(
        points=tuple(0 for _ in game.players),
        made=tuple(p == first for p in game.players),
        went_out=game.players.index(first),
    )


@dataclass
class _Progress:
    """Mutable scratch state of one replay; never leaves this module."""

    totals: list[int]
    done: list[list[int]]
    stage: Stage = Stage.PLAYING
    contenders: tuple[int, ...] = ()
    # Hand number, players, phase: last phases laid without going out (`TakenBack`).
    taken_back: list[tuple[int, tuple[int, ...], int]] = field(default_factory=list)


# A hand's play-off players; None for a hand that is no play-off.
_Contenders = tuple[int, ...] | None


def _replay(game: Game, *, record: list[_Contenders] | None = None,
            hold_to: Sequence[_Contenders] = ()) -> Standings:
    """``record`` gets each hand's play-off players; a hand ``hold_to`` names must be played as
    it says (a correction of an earlier hand may not change what a later hand was)."""
    count = len(game.players)
    schedule = game.rules.schedule
    progress = _Progress(totals=[0] * count, done=[[] for _ in range(count)])
    for number, hand in enumerate(game.hands, start=1):
        if progress.stage is Stage.OVER:
            # A correction that ends the game sooner says what to do (audit: it was told as a
            # damaged file is, "Hand 3 comes after the end of the game").
            raise ScoreError("ended_sooner" if hold_to else "hand_after_end", number=number)
        playoff = progress.contenders if progress.stage is Stage.PLAYOFF else None
        if record is not None:
            record.append(playoff)
        if number <= len(hold_to) and hold_to[number - 1] != playoff:
            code = "playoff_made" if hold_to[number - 1] is None else "playoff_changed"
            raise ScoreError(code, number=number)
        _check_hand(game, hand, number)
        if progress.stage is Stage.PLAYOFF:
            _play_off(progress, hand, number)
        else:
            _score(game.rules, progress, hand, number, schedule)
    return _standings(game, progress, schedule)


def _check_hand(game: Game, hand: Hand, number: int, most: int = MAX_HAND_POINTS) -> None:
    """``most``: the most points a player's hand may hold (a typed hand: its ruleset's)."""
    count = len(game.players)
    if len(hand.points) != count or len(hand.made) != count:
        raise ScoreError("hand_size", number=number, count=count)
    if hand.chosen and len(hand.chosen) != count:
        raise ScoreError("hand_size", number=number, count=count)
    # Checked as the file reads them back (`codec.hand_from_data`): a tick of 0 or a phase
    # chosen as True was saved, and the game then opened as damaged (fuzz audit, session 65).
    if (not all(type(made) is bool for made in hand.made)
            or not (hand.went_out is None or type(hand.went_out) is int)
            or not all(choice is None or type(choice) is int for choice in hand.chosen)):
        raise ScoreError("hand_values", number=number)
    for name, points in zip(game.players, hand.points, strict=True):
        if not isinstance(points, int) or isinstance(points, bool):
            raise ScoreError("points_not_number", number=number, name=name)
        if points < 0 or points > most:
            raise ScoreError("points_range", number=number, name=name, points=points, high=most)
        if points % POINT_STEP:
            raise ScoreError("points_step", number=number, name=name, points=points)
    if hand.went_out is not None:
        if not 0 <= hand.went_out < count:
            raise ScoreError("hand_index", number=number)
        if hand.points[hand.went_out] != 0:
            raise ScoreError(
                "went_out_points", number=number, name=game.players[hand.went_out]
            )
    elif 0 not in hand.points:
        # A hand only ends when somebody has no cards left, and that player scores 0.
        raise ScoreError("nobody_out", number=number)


def _check_entered(before: Game, now: Standings, hand: Hand, number: int) -> None:
    """What a hand typed now must also hold, beyond what every stored hand is replayed with
    (hands saved before these checks still load): exactly one player went out, and laid a
    phase to do so; a play-off hand scores nothing. ``before``: the game up to this hand,
    ``now``: its standings."""
    # The ruleset's bound said first: "0 to 275" and then, for 250, "0 to 230" misled.
    # Never above the bound stored hands are read with: the game would no longer load.
    _check_hand(before, hand, number, most=min(most_hand_points(before.rules), MAX_HAND_POINTS))
    if now.stage is Stage.PLAYOFF:
        if any(hand.points):  # the first to lay the phase wins; points are not kept
            raise ScoreError("playoff_points_out" if out_moves_on(before.rules)
                             else "playoff_points", number=number)
        return
    zeros = [before.players[i] for i, points in enumerate(hand.points) if points == 0]
    # Everyone else still holds a card worth 5 or more when a hand ends. Where several may go
    # out, only a form left at 0 for everyone is refused.
    several = out_moves_on(before.rules)
    allowed = len(before.players) - 1 if several else 1
    if len(zeros) > allowed:  # classic's said as its own rule, not as one player out
        raise ScoreError("all_out" if several else "several_out", number=number,
                         names=", ".join(zeros))
    # Whoever is on 0 went out (classic: several may), and a hand drops below ten cards only
    # once its phase is down: going out lays it (a player with every phase done needs none).
    for name, points, made in zip(before.players, hand.points, hand.made, strict=True):
        if points == 0 and not made and next(
                p for p in now.players if p.name == name).remaining:
            raise ScoreError("out_without_phase", number=number, name=name)
        # Classic: a phase laid without going out is played again next hand (seed 000).
        if several and made and points:
            raise ScoreError("laid_not_out", number=number, name=name, points=points)
    # Free order: a tick without the phase laid booked the lowest open one unasked, so a
    # player who laid phase 7 was put down for phase 1 (usability audit). Where a player has
    # more than one phase open, the typist says which; stored hands still replay as before.
    if before.rules.order is PhaseOrder.FREE:
        chosen = hand.chosen or (None,) * len(hand.made)
        unnamed = [player.name for player, made, choice in zip(now.players, hand.made, chosen,
                                                               strict=True)
                   if made and choice is None and len(player.remaining) > 1]
        if unnamed:
            raise ScoreError("phase_unnamed", number=number, names=", ".join(unnamed))


def _unmarked(rules: GameRules, now: Standings, hand: Hand) -> Hand:
    """A typed classic hand without its "went out" mark: everyone on 0 went out (seed 000),
    and a mark is kept only by hands stored before that, which replay by it (`_score`). A
    play-off's mark names its winner, and one on a player with points is refused as ever."""
    marked = hand.went_out
    if (marked is None or not out_moves_on(rules) or now.stage is Stage.PLAYOFF
            or not 0 <= marked < len(hand.points) or hand.points[marked] != 0):
        return hand
    return replace(hand, went_out=None)


def _only_zero(points: Sequence[object]) -> int | None:
    """The index of the only player on 0 points; None for none or several."""
    zeros = [i for i, p in enumerate(points) if type(p) is int and p == 0]
    return zeros[0] if len(zeros) == 1 else None


def who_went_out(hand: Hand) -> int | None:
    """Who went out: as marked, else the only player on 0; None where several are on 0 and none
    is marked (classic lets several go out).

    >>> who_went_out(Hand((15, 0), (False, True))), who_went_out(Hand((0, 0), (True, True)))
    (1, None)
    """
    return hand.went_out if hand.went_out is not None else _only_zero(hand.points)


def _score(
    rules: GameRules, progress: _Progress, hand: Hand, number: int, schedule: tuple[int, ...]
) -> None:
    was_last_hand = progress.stage is Stage.LAST_HAND
    finished_now: list[int] = []
    for player, made in enumerate(hand.made):
        progress.totals[player] += hand.points[player]
        if not made:
            continue
        remaining = [p for p in schedule if p not in progress.done[player]]
        if not remaining:
            if was_last_hand:
                continue  # the extra hand is played by everyone; finished players lay nothing new
            # Otherwise finishing ends the game (or go-out takes the phase back), so only a
            # damaged file gets here: a stored game with no phase to play, one phase "even".
            raise ScoreError("nothing_left", number=number)
        phase = _laid_phase(rules, hand, player, remaining, number)
        progress.done[player].append(phase)
        if len(remaining) == 1:
            finished_now.append(player)

    if was_last_hand:
        progress.stage = Stage.OVER
        progress.contenders = _fewest(progress.totals, range(len(progress.totals)))
        return
    # Where several may go out (classic), everyone on 0 did; elsewhere one did. A classic hand
    # typed now carries no mark (`_unmarked`), and elsewhere never several players on 0;
    # stored hands may, and replay as they were recorded then: a marked classic one (before
    # 12a1d83) by its mark, several on 0 unmarked (before 658b104) with nobody known to have
    # gone out. Refused, such games opened as damaged (upgrade audit, session 65).
    went_out: set[int | None] = (
        {p for p, points in enumerate(hand.points) if points == 0}
        if hand.went_out is None and out_moves_on(rules) else {who_went_out(hand)})
    if rules.end is EndRule.GO_OUT and finished_now and not went_out & set(finished_now):
        # Seed 003: completing the last phase only counts together with going out. Kept,
        # so that the sheet can say why a tick of "Phase made" booked nothing (usability
        # audit: it looked lost); one entry per phase (free order: each their own last one).
        laid = {player: progress.done[player].pop() for player in finished_now}
        for phase in sorted(set(laid.values())):
            progress.taken_back.append(
                (number, tuple(p for p in finished_now if laid[p] == phase), phase))
        finished_now = []
    if not finished_now:
        return
    if rules.end is EndRule.EXTRA_HAND:
        progress.stage = Stage.LAST_HAND
        return
    # A tie goes to a play-off under every end rule, the go-out one too, though one of the tied
    # went out: letting going out break it would change the winner of stored games and refuse
    # those whose play-off is recorded (in classic every one of them went out).
    _decide(progress, _fewest(progress.totals, finished_now))


def _laid_phase(
    rules: GameRules, hand: Hand, player: int, remaining: list[int], number: int
) -> int:
    if rules.order is not PhaseOrder.FREE:
        return remaining[0]
    choice = booked_phase(hand, player, remaining)
    if choice is None or choice not in remaining:
        raise ScoreError("phase_not_open", number=number, phase=choice)
    return choice


def booked_phase(hand: Hand, player: int, open_phases: Sequence[int]) -> int | None:
    """Free order: the phase ``player``'s tick in ``hand`` books, ``open_phases`` being the
    phases open to them before it: the one chosen, else the lowest open (a hand stored before
    a phase had to be chosen); None without a tick. A correction's form starts from it.

    >>> booked_phase(Hand((0, 20), (True, True), chosen=(7, None)), 0, [1, 7])
    7
    >>> booked_phase(Hand((0, 20), (True, True), chosen=(7, None)), 1, [2, 3])
    2
    >>> booked_phase(Hand((0, 20), (True, False)), 1, [2, 3]) is None
    True
    """
    if not hand.made[player]:
        return None
    choice = hand.chosen[player] if hand.chosen else None
    if choice is not None:
        return choice
    return open_phases[0] if open_phases else None


def _fewest(totals: list[int], players: Sequence[int] | range) -> tuple[int, ...]:
    best = min(totals[p] for p in players)
    return tuple(p for p in players if totals[p] == best)


def _decide(progress: _Progress, leaders: tuple[int, ...]) -> None:
    progress.contenders = leaders
    progress.stage = Stage.OVER if len(leaders) == 1 else Stage.PLAYOFF


def _play_off(progress: _Progress, hand: Hand, number: int) -> None:
    """A play-off hand: among the tied players, the one marked as laying the phase wins."""
    if any(made for p, made in enumerate(hand.made) if p not in progress.contenders):
        raise ScoreError("playoff_outsider", number=number)
    first = tuple(p for p in progress.contenders if hand.made[p])
    if first:
        _decide(progress, first)


def _standings(game: Game, progress: _Progress, schedule: tuple[int, ...]) -> Standings:
    by_points_only = game.rules.end is EndRule.EXTRA_HAND
    # Once decided, the winner is first, whatever the points: a play-off's winner tied on
    # them, and under "go out with the last phase" a rival may hold fewer. (Until then there
    # are none, or the tied players of a play-off, who lead on phases and points anyway.)
    won = set(progress.contenders)

    def sort_key(player: int) -> tuple[bool, int, int]:
        # Classic ranking: phase reached first, then points (seed 000); EXTRA_HAND: points only.
        phases = 0 if by_points_only else len(progress.done[player])
        return (player not in won, -phases, progress.totals[player])

    keys = [sort_key(p) for p in range(len(game.players))]
    players = tuple(
        PlayerStanding(
            name=name,
            total=progress.totals[i],
            done=tuple(progress.done[i]),
            remaining=tuple(p for p in schedule if p not in progress.done[i]),
            rank=1 + sum(1 for k in keys if k < keys[i]),
        )
        for i, name in enumerate(game.players)
    )
    return Standings(
        players=players,
        stage=progress.stage,
        winners=tuple(game.players[p] for p in progress.contenders),  # none until decided
        dealer=dealer_of(game, len(game.hands)),
        hands_played=len(game.hands),
        taken_back=tuple(TakenBack(number, tuple(game.players[p] for p in who), phase)
                         for number, who, phase in progress.taken_back),
    )
