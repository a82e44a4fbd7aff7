"""Rulesets as frozen data: the deck, what each card does, the phases and the options.

>>> from solver.cards import parse_card
>>> mattel = ruleset("mattel")
>>> mattel.phase(2)
Phase('set 3 + run 4')
>>> ruleset("zehn-phasen").role(parse_card("KH")), ruleset("classic").role(parse_card("X"))
(<Role.WILD: 'wild'>, <Role.WILD: 'wild'>)
>>> ruleset("mattel", skips=False).deck_counts()[parse_card("S")]
0
>>> RULESETS
('mattel', 'zehn-phasen', 'classic')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from solver.cards import RED_SUITS, Card, Deck, all_faces
from solver.errors import SolverError
from solver.phases import Kind, Phase, parse_phase


class Role(Enum):
    """What a card does under a ruleset."""

    NATURAL = "natural"
    WILD = "wild"
    SKIP = "skip"


class Attr(Enum):
    """The property a colour-like group shares."""

    SUIT = "suit"  # a Phase 10 colour or a standard suit
    REDBLACK = "redblack"


class GoingOut(Enum):
    """How a hand may end (RULES.md: seeds 000/001 vs seed 003)."""

    EITHER = "either"  # by discarding or by hitting the last card
    DISCARD = "discard"  # every turn ends with a discard


class Parity(Enum):
    """Which phases of the list are played (seed 001's short game)."""

    ALL = "all"
    EVEN = "even"
    ODD = "odd"


def _phases(*texts: str) -> tuple[Phase, ...]:
    return tuple(parse_phase(t) for t in texts)


_TEN_PHASES = _phases(
    "set 3 + set 3", "set 3 + run 4", "set 4 + run 4", "run 7", "run 8", "run 9",
    "set 4 + set 4", "colour 7", "set 5 + set 2", "set 5 + set 3",
)
_CLASSIC_PHASES = _phases(
    "set 3 + run 3", "set 3 + run 4", "set 3 + set 3", "run 6", "run 7", "run 8",
    "colour 8", "suit 4 + suit 4", "redblack 5 + redblack 3", "redblack 5 + redblack 4",
)


@dataclass(frozen=True)
class Ruleset:
    """Everything the solver needs to know about one way of playing.

    Deck composition: every numbered face ``copies`` times, plus ``wild_cards`` W and
    ``skip_cards`` S (Phase 10 deck) or ``jokers`` X (standard deck, whose role is
    ``joker_role``). ``wild_ranks`` are standard ranks that act as wilds (Kings in zehn-phasen).
    ``jokers_per_deck`` > 0: the number of decks shuffled together is an option, each deck
    bringing that many jokers (classic: seed 000 deals two decks per two players).

    >>> [(r.name, r.skips_optional, r.chooses_decks) for r in map(ruleset, RULESETS)]
    [('mattel', True, False), ('zehn-phasen', True, False), ('classic', False, True)]
    """

    name: str
    deck: Deck
    max_number: int
    phases: tuple[Phase, ...]
    copies: int = 2
    wild_cards: int = 0
    skip_cards: int = 0
    jokers: int = 0
    joker_role: Role = Role.WILD
    wild_ranks: frozenset[int] = frozenset()
    jokers_per_deck: int = 0
    colour_attr: Attr = Attr.SUIT
    naturals: int = 1
    wrap: bool = False
    going_out: GoingOut = GoingOut.EITHER
    free_choice: bool = False
    parity: Parity = Parity.ALL
    low_points: int = 5
    high_points: int = 10
    high_from: int = 10
    wild_points: int = 25
    skip_points: int = 15
    # The seeds' table size ("2 bis 6"); None where the decks grow with the players (classic).
    most_players: int | None = None
    # Seed 000's classic: "Alle, die in dieser Runde ausgeschieden sind, gehen in die nächste
    # Phase über, während diejenigen, die nicht ausgeschieden sind, in derselben Phase bleiben":
    # several may go out in one hand, and a phase laid without going out is played again.
    # (The score sheet keeps its own copy: `scoresheet.game.SheetFacts.out_moves_on`.)
    out_moves_on: bool = False

    @property
    def skips_optional(self) -> bool:
        """Whether the skips option applies: the deck has cards that play as skips, which it
        may leave out or count (classic's jokers are wild, so it has none to choose)."""
        return self.deck is Deck.PHASE10 or self.joker_role is Role.SKIP

    @property
    def chooses_decks(self) -> bool:
        """Whether the number of decks shuffled together is an option (``ruleset(decks=)``)."""
        return self.jokers_per_deck > 0

    @property
    def wild_face(self) -> str:
        """What the wild cards are called: ``W``, ``K`` (wild Kings) or ``X`` (jokers).

        >>> [ruleset(name).wild_face for name in RULESETS]
        ['W', 'K', 'X']
        """
        if self.deck is Deck.PHASE10:
            return "W"
        return "K" if self.wild_ranks else "X"

    @property
    def skip_face(self) -> str | None:
        """What the skip cards are called, ``S`` or ``X`` (jokers); None without any.

        >>> [ruleset(name).skip_face for name in RULESETS], ruleset(skips=False).skip_face
        (['S', 'X', None], None)
        """
        if self.deck is Deck.PHASE10:
            return "S" if self.skip_cards else None
        return "X" if self.joker_role is Role.SKIP and self.jokers else None

    def cards_playing(self, role: Role) -> int:
        """How many cards of the deck play as ``role``.

        >>> ruleset("zehn-phasen").cards_playing(Role.WILD), ruleset().cards_playing(Role.SKIP)
        (8, 4)
        """
        return sum(count for card, count in self.deck_counts().items()
                   if self.role(card) is role)

    # -- cards -------------------------------------------------------------------------------
    def role(self, card: Card) -> Role:
        """What ``card`` does here; raises SolverError for a card of the other deck."""
        self.check_deck(card)
        if card.special == "W":
            return Role.WILD
        if card.special == "S":
            return Role.SKIP
        if card.special == "X":
            return self.joker_role
        return Role.WILD if card.rank in self.wild_ranks else Role.NATURAL

    def check_deck(self, card: Card) -> None:
        """Refuse cards that the ruleset's deck does not have."""
        if card.deck is not self.deck:
            kind = "a Phase 10 card" if card.deck is Deck.PHASE10 else "a standard card"
            other = "Phase 10 cards" if self.deck is Deck.PHASE10 else "standard cards"
            raise SolverError(f"{card} is {kind}, but {self.name} is played with {other}",
                              f"deck_{card.deck.value}", card=str(card), ruleset=self.name)

    def number(self, card: Card) -> int:
        """The number a natural card stands for (A = 1 ... K = 13)."""
        return card.rank

    def attr_value(self, card: Card, attr: Attr) -> str:
        """The suit, or "red"/"black", of a natural card."""
        if attr is Attr.SUIT:
            return card.suit
        return "red" if card.suit in RED_SUITS else "black"

    def kind_attr(self, kind: Kind) -> Attr | None:
        """The property a group of ``kind`` shares (None for sets and runs)."""
        if kind is Kind.COLOUR:
            return self.colour_attr
        if kind is Kind.SUIT:
            return Attr.SUIT
        if kind is Kind.REDBLACK:
            return Attr.REDBLACK
        return None

    def attr_values(self, attr: Attr) -> tuple[str, ...]:
        """Every value a colour-like group can have."""
        if attr is Attr.REDBLACK:
            return ("red", "black")
        return ("R", "B", "G", "Y") if self.deck is Deck.PHASE10 else ("C", "D", "H", "S")

    def card_points(self, card: Card) -> int:
        """Penalty points of one card left in hand."""
        role = self.role(card)
        if role is Role.WILD:
            return self.wild_points
        if role is Role.SKIP:
            return self.skip_points
        return self.high_points if card.rank >= self.high_from else self.low_points

    # -- deck --------------------------------------------------------------------------------
    def deck_counts(self) -> Counter[Card]:
        """How many copies of each face the deck holds (faces with 0 copies included)."""
        counts: Counter[Card] = Counter()
        for face in all_faces(self.deck):
            if face.special == "W":
                counts[face] = self.wild_cards
            elif face.special == "S":
                counts[face] = self.skip_cards
            elif face.special == "X":
                counts[face] = self.jokers
            else:
                counts[face] = self.copies
        return counts

    def most_in_group(self, kind: Kind) -> int:
        """The most cards the deck could put in one group of ``kind``: the naturals of its
        likeliest number or colour, and every wild (a run: one card a number).

        >>> [ruleset("classic", decks=1).most_in_group(k) for k in (Kind.SET, Kind.SUIT)]
        [6, 15]
        """
        wilds = self.cards_playing(Role.WILD)
        if kind is Kind.RUN:
            return self.max_number
        attr = self.kind_attr(kind)
        alike: Counter[object] = Counter()
        for face, count in self.deck_counts().items():
            if count and self.role(face) is Role.NATURAL:
                alike[self.number(face) if attr is None else self.attr_value(face, attr)] += count
        return max(alike.values(), default=0) + wilds

    def missing_faces(self) -> frozenset[Card]:
        """The faces of the deck's kind it holds no copy of: the skips of a game played
        without them (a photo's reader never reads one).

        >>> [sorted(map(str, ruleset(name, skips=False).missing_faces()))
        ...  for name in ("mattel", "zehn-phasen")], ruleset("mattel").missing_faces()
        ([['S'], ['X']], frozenset())
        """
        return frozenset(face for face, count in self.deck_counts().items() if count == 0)

    def check_copies(self, **places: Iterable[Card]) -> None:
        """Refuse more copies of a face than the deck has, counting all places together.

        >>> from solver.cards import parse_hand
        >>> ruleset("mattel").check_copies(hand=parse_hand("R7 R7 R7"))
        Traceback (most recent call last):
        ...
        solver.errors.SolverError: 3 × R7 in hand but the mattel deck has 2
        """
        deck = self.deck_counts()
        seen: Counter[Card] = Counter()
        where: dict[Card, list[str]] = {}
        for place, cards in places.items():
            for card in cards:
                self.check_deck(card)
                seen[card] += 1
                if place not in where.setdefault(card, []):
                    where[card].append(place)
        for card in sorted(seen):
            if seen[card] > deck[card]:
                in_places = " and ".join(where[card]).replace("_", " ")
                # A skip count set other than the deck's own is the player's setting: "Zehn
                # Phasen has only 2" blamed the ruleset, which has 4 (fewer jokers audit), and
                # "has 6" of a count raised to 6 did too (review, session 63).
                # A ruleset built under another name has no own count to differ from.
                base = _BASE.get(self.name)
                set_by_player = (self.role(card) is Role.SKIP and base is not None
                                 and deck[card] != base.deck_counts()[card])
                if not set_by_player:
                    limit = f"the {self.name} deck has {deck[card]}"
                elif deck[card]:
                    limit = f"the game's skip cards are set to {deck[card]}"
                else:
                    limit = "this game is played without skip cards"
                raise SolverError(
                    f"{seen[card]} × {card} in {in_places} but {limit}",
                    ("copies_skips" if deck[card] else "copies_no_skips") if set_by_player
                    else "copies", count=seen[card], card=str(card), places=tuple(where[card]),
                    ruleset=self.name, limit=deck[card],
                )

    # -- phases ------------------------------------------------------------------------------
    def phase_numbers(self) -> tuple[int, ...]:
        """The phase numbers played under this ruleset (parity variant applied)."""
        numbers = range(1, len(self.phases) + 1)
        if self.parity is Parity.EVEN:
            return tuple(n for n in numbers if n % 2 == 0)
        if self.parity is Parity.ODD:
            return tuple(n for n in numbers if n % 2 == 1)
        return tuple(numbers)

    def laid_kinds(self) -> frozenset[Kind]:
        """The kinds of group the phases played lay: an odd-only classic game never lays phase
        8's suit groups, so a group of hearts on its table is red/black (variants audit,
        session 67: a hit on it was refused as off-suit).

        >>> sorted(k.value for k in ruleset("classic", parity="odd").laid_kinds())
        ['colour', 'redblack', 'run', 'set']
        >>> "suit" in {k.value for k in ruleset("classic").laid_kinds()}
        True
        """
        return frozenset(req.kind for number in self.phase_numbers()
                         for req in self.phases[number - 1].requirements)

    def phase(self, number: int) -> Phase:
        """Phase ``number`` (1-based), with a clear error for phases this ruleset lacks."""
        if not 1 <= number <= len(self.phases):
            hint = (
                "; add custom phases to play phases "
                f"{len(self.phases) + 1} and up (e.g. --extra-phases 'set 4 + run 5', or "
                '"options": {"extra_phases": ["set 4 + run 5"]} on a batch line)'
                if number > len(self.phases)
                else ""
            )
            raise SolverError(
                f"phase {number} is not defined for {self.name} (phases 1-{len(self.phases)})"
                f"{hint}",
                "phase_undefined", number=number, ruleset=self.name, last=len(self.phases),
            )
        if number not in self.phase_numbers():
            raise SolverError(
                f"phase {number} is not played in the {self.parity.value}-phases variant",
                f"phase_{self.parity.value}", number=number,
            )
        return self.phases[number - 1]


_BASE = {
    "mattel": Ruleset(
        name="mattel", deck=Deck.PHASE10, max_number=12, phases=_TEN_PHASES,
        wild_cards=8, skip_cards=4, most_players=6,
    ),
    "zehn-phasen": Ruleset(
        name="zehn-phasen", deck=Deck.STANDARD, max_number=12, phases=_TEN_PHASES,
        jokers=4, joker_role=Role.SKIP, wild_ranks=frozenset({13}), most_players=6,
    ),
    "classic": Ruleset(
        name="classic", deck=Deck.STANDARD, max_number=13, phases=_CLASSIC_PHASES,
        jokers=4, joker_role=Role.WILD, jokers_per_deck=2, colour_attr=Attr.REDBLACK,
        out_moves_on=True,
    ),
}
RULESETS: tuple[str, ...] = tuple(_BASE)


# Two decks per two players for the page's ten players; skip cards as many as any deck could
# hold. More is a typo, and each card more is more work for every answer.
MOST_DECKS = 10
MOST_SKIPS = 20


def _skip_count(base: Ruleset, skips: bool | int) -> dict[str, int]:
    default = base.skip_cards if base.deck is Deck.PHASE10 else base.jokers
    count = default if skips is True else int(skips)  # False: int(False) == 0
    if not 0 <= count <= MOST_SKIPS:
        raise SolverError(f"the number of skips goes from 0 to {MOST_SKIPS}", "skips_range",
                          most=MOST_SKIPS)
    if base.deck is Deck.PHASE10:
        return {"skip_cards": count}
    return {"jokers": count}


def ruleset(
    name: str = "mattel",
    *,
    naturals: int = 1,
    wrap: bool = False,
    going_out: str | GoingOut = GoingOut.EITHER,
    skips: bool | int = True,
    decks: int | None = None,
    phases: Sequence[str | Phase] | None = None,
    extra_phases: Sequence[str | Phase] = (),
    free_choice: bool = False,
    parity: str | Parity = Parity.ALL,
) -> Ruleset:
    """A ruleset by name with options applied.

    ``skips``: True (the deck's skips), False (none) or a count ("fewer jokers").
    ``decks``: classic only, standard decks shuffled together (2 jokers each).
    ``phases`` replaces the phase list; ``extra_phases`` appends phases 11, 12, ...

    >>> r = ruleset("mattel", extra_phases=["run 10", "colour 9"], going_out="discard")
    >>> r.phase(12), r.going_out.value
    (Phase('colour 9'), 'discard')
    >>> ruleset("uno")
    Traceback (most recent call last):
    ...
    solver.errors.SolverError: unknown ruleset 'uno'; choose one of mattel, zehn-phasen, classic
    """
    _check_option_types(
        naturals=naturals, wrap=wrap, going_out=going_out, skips=skips, decks=decks,
        phases=phases, extra_phases=extra_phases, free_choice=free_choice, parity=parity,
    )
    key = name.strip().lower()
    if key not in _BASE:
        # Coded: an imported score sheet can name one (a file from a newer version, say).
        raise SolverError(f"unknown ruleset {name!r}; choose one of {', '.join(RULESETS)}",
                          "unknown_ruleset", name=name, choices=", ".join(RULESETS))
    base = _BASE[key]
    changes: dict[str, object] = {}
    if decks is not None:
        if not base.chooses_decks:
            choosing = tuple(n for n in RULESETS if _BASE[n].chooses_decks)
            raise SolverError(f"the number of decks is an option of {' and '.join(choosing)} only",
                              "decks_option", rulesets=choosing)
        if not 1 <= decks <= MOST_DECKS:  # said apart: "an option of classic only" to classic
            raise SolverError(f"the number of decks goes from 1 to {MOST_DECKS}", "decks_range",
                              most=MOST_DECKS)
        changes.update(copies=decks, jokers=base.jokers_per_deck * decks)
    if base.skips_optional:
        changes.update(_skip_count(base, skips))
    elif skips is not True and skips != 0:  # False == 0
        # Without skips is such a ruleset as it is: accepted, so one option fits every ruleset.
        raise SolverError(f"{base.name} has no skip cards (its jokers are wild)", "no_skips",
                          ruleset=base.name)
    if naturals < 0:
        raise SolverError("naturals per group cannot be negative", "naturals_negative")
    try:
        going = GoingOut(going_out)  # a member as well as its value
    except ValueError:
        raise SolverError(f"going-out {going_out!r}: use 'either' or 'discard'") from None
    try:
        par = Parity(parity)
    except ValueError:
        raise SolverError(f"parity {parity!r}: use 'all', 'even' or 'odd'") from None
    phase_list = base.phases if phases is None else tuple(_as_phase(p) for p in phases)
    phase_list = phase_list + tuple(_as_phase(p) for p in extra_phases)
    if not phase_list:
        raise SolverError("the phase list is empty", "phases_empty")
    result = replace(
        base, naturals=naturals, wrap=wrap, going_out=going, free_choice=free_choice,
        parity=par, phases=phase_list, **changes,  # type: ignore[arg-type]
    )
    for number, phase in enumerate(result.phases, start=1):
        validate_phase(result, phase, number)
    if not result.phase_numbers():  # only a one-phase list played "even" has none at all
        raise SolverError("a list of one phase has no even phase to play", "phase_list_even")
    return result


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _phase_list(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(p, str | Phase) for p in value)


# What each option of ``ruleset`` accepts, in words, and the test: options also arrive from
# JSON (batch lines), where any type can stand in any place.
_OPTION_TYPES: dict[str, tuple[str, Callable[[object], bool]]] = {
    "naturals": ("a whole number", _whole),
    "wrap": ("true or false", lambda v: isinstance(v, bool)),
    "going_out": ("'either' or 'discard'", lambda v: isinstance(v, str | GoingOut)),
    "skips": ("true, false or a count", lambda v: isinstance(v, bool) or _whole(v)),
    "decks": ("a whole number", lambda v: v is None or _whole(v)),
    "phases": ("a list of phases", lambda v: v is None or _phase_list(v)),
    "extra_phases": ("a list of phases", _phase_list),
    "free_choice": ("true or false", lambda v: isinstance(v, bool)),
    "parity": ("'all', 'even' or 'odd'", lambda v: isinstance(v, str | Parity)),
}


def _check_option_types(**options: object) -> None:
    for name, value in options.items():
        wanted, accepts = _OPTION_TYPES[name]
        if not accepts(value):
            raise SolverError(f"option {name} must be {wanted}, not {value!r}")


def _as_phase(phase: str | Phase) -> Phase:
    return phase if isinstance(phase, Phase) else parse_phase(phase)


# A game deals ten cards, and a turn draws one before a phase is laid.
DEALT = 10


def check_layable(rules: Ruleset) -> None:
    """Refuse a phase no hand of a game can lay: ten cards dealt and one drawn, one of them
    kept back where going out takes a discard (the solver weighs hands of up to 20 cards, so
    its own phases may be larger; a score sheet's game may not: no one could finish it).

    >>> check_layable(ruleset("mattel", phases=["run 11"]))
    >>> try:
    ...     check_layable(ruleset("mattel", phases=["run 11"], going_out="discard"))
    ... except SolverError as error:
    ...     print(error.code, error.params["held"])
    phase_hand_short 10
    """
    held = DEALT + 1 - (rules.going_out is GoingOut.DISCARD)
    for number in rules.phase_numbers():
        phase = rules.phase(number)
        if phase.cards_needed > held:
            raise SolverError(
                f"phase {number} ({phase}) takes {phase.cards_needed} cards, but a player lays a "
                f"phase from at most {held}: no hand can lay it", "phase_hand_short",
                number=number, text=str(phase), needed=phase.cards_needed, held=held,
                ruleset=rules.name)


def validate_phase(rules: Ruleset, phase: Phase, number: int) -> None:
    """Refuse phases that cannot be played with this deck."""
    for req in phase.requirements:
        # Coded: the page's new-game form and a shared link's phase list meet these.
        if req.kind is Kind.REDBLACK and rules.deck is Deck.PHASE10:
            raise SolverError(f"phase {number} ({phase}): redblack needs standard cards",
                              "phase_redblack_deck", number=number, text=str(phase),
                              ruleset=rules.name)
        if req.kind is Kind.RUN and req.size > rules.max_number:
            raise SolverError(
                f"phase {number} ({phase}): a run cannot be longer than {rules.max_number}",
                "phase_run_long", number=number, text=str(phase), top=rules.max_number,
                ruleset=rules.name)
        # "set 7" from one deck of four aces and two jokers was "1 card missing" (rules audit).
        most = rules.most_in_group(req.kind)
        if req.kind is not Kind.RUN and req.size > most:
            raise SolverError(
                f"phase {number} ({phase}): the deck has only {most} cards that could make its "
                f"group of {req.size}", "phase_deck_short", number=number, text=str(phase),
                most=most, size=req.size, ruleset=rules.name)
        if req.size < rules.naturals:
            raise SolverError(
                f"phase {number} ({phase}): a group of {req.size} cannot hold "
                f"{rules.naturals} natural cards", "phase_naturals", number=number,
                text=str(phase), size=req.size, naturals=rules.naturals, ruleset=rules.name)
    redblack = sum(1 for r in phase.requirements if r.kind is Kind.REDBLACK)
    if redblack > 2:
        raise SolverError(f"phase {number} ({phase}): only two redblack groups can differ",
                          "phase_redblack_many", number=number, text=str(phase),
                          ruleset=rules.name)
