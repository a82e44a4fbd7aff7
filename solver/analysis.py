"""``analyse``: the whole advice for one hand, as one frozen value (plus ``to_json``).

>>> from solver.cards import parse_hand
>>> a = analyse(parse_hand("R7 B7 G7 Y7 R7 W G2 G9 B4 Y11 S"), "mattel", 1)
>>> a.complete, [str(g) for g in a.laydown], str(a.discard), a.remaining_points
(True, ['set: R7 R7 B7', 'set: G7 Y7 W'], 'S', 25)
>>> b = analyse(parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S"), "mattel", 1)
>>> b.complete, b.distance, str(b.discard), b.completing_text()
(False, 1, 'S', 'any 7, or a wild')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from solver.cards import (
    Card,
    Deck,
    all_faces,
    parse_card,
    parse_hand,
    parse_rank,
    rank_text,
    split_tokens,
)
from solver.engine import Completers, hand_needed
from solver.errors import SolverError
from solver.odds import (
    DiscardOdds,
    DrawAdvice,
    DrawReason,
    advised,
    before_draw_odds,
    cards_missing,
    discard_odds,
    draw_odds,
    phase_model,
    recommend,
)
from solver.phases import Kind, Phase, kind_named
from solver.play import Hit, LaidGroup, Play, best_play
from solver.rules import Attr, Role, Ruleset, ruleset
from solver.table import TableGroup, table_group

MAX_HAND = 20

TableInput = TableGroup | Mapping[str, Any] | tuple[str, Sequence[str | Card]]


@dataclass(frozen=True)
class Completing:
    """A kind of card that would complete the phase: a number, a colour, or both."""

    number: int | None
    colour: str | None
    deck: Deck = Deck.PHASE10  # standard ranks print as A, J, Q, K

    def __str__(self) -> str:
        """English, for the CLI: "any 8", "red 5", "any Q".

        >>> str(Completing(12, None, Deck.STANDARD)), str(Completing(12, "R"))
        ('any Q', 'R 12')
        """
        number = None if self.number is None else rank_text(self.deck, self.number)
        if number is not None and self.colour is not None:
            return f"{self.colour} {number}"
        return f"any {number if number is not None else self.colour}"


@dataclass(frozen=True)
class Analysis:
    """Advice for one hand. Complete hands fill the play fields, others the odds fields."""

    ruleset: str
    phase: int
    requirement: Phase
    hand: tuple[Card, ...]
    complete: bool
    down: bool = False
    laydown: tuple[LaidGroup, ...] = ()
    hits: tuple[Hit, ...] = ()
    discard: Card | None = None
    # The discard the player is told (``odds.advised``): ``discard`` (the batch's tie-break),
    # unless that is a gift to the others and another card leaves the same chances. What the
    # draw must bring after the discard, and the example, are the hand's without it.
    advised: Card | None = None
    remaining: tuple[Card, ...] = ()
    remaining_points: int = 0
    goes_out: bool = False
    distance: int | None = None  # None: a hand this size can never lay the phase
    hand_needed: int = 0  # the fewest cards a hand needs to lay the phase (incomplete only)
    completing: tuple[Completing, ...] = ()
    wild_completes: bool = False
    discards: tuple[DiscardOdds, ...] = ()
    unseen: int = 0
    # Before the draw (``analyse(..., before_draw=True)``): no discard is weighed; ``completing``
    # is what the draw itself must bring, and ``outs`` how many unseen cards are that.
    before_draw: bool = False
    outs: int = 0
    # Before the draw: the chance of laying the phase by the draw after next (this draw, else
    # the best discard and one more), by which free phase choice ranks a dealt hand's phases.
    p_before_draw: Fraction | None = None
    # One card the draw may bring (after the discard) and the laydown it completes, to show
    # how the groups form; None when no single card completes the hand.
    example: tuple[Card, tuple[LaidGroup, ...]] | None = None
    # The hand's natural cards a group on the table takes as it lies: discarded, a player who
    # is down could take one and lay it off (incomplete hands only).
    table_takes: frozenset[Card] = frozenset()

    def completing_text(self) -> str:
        """English list of the completing cards ("any 8, or a wild")."""
        parts = [str(c) for c in self.completing]
        if self.wild_completes:
            parts.append("a wild")
        if len(parts) > 1:
            return ", ".join(parts[:-1]) + ", or " + parts[-1]
        return parts[0] if parts else "nothing"

    def to_json(self) -> dict[str, Any]:
        """Exactly the batch output of INTERFACES.md (plus a few extra keys)."""
        out: dict[str, Any] = {"complete": self.complete}
        if self.complete:
            out["laydown"] = [_group_json(g) for g in self.laydown]
            out["hits"] = [
                {"card": str(h.card), "group": h.group}
                | ({"stands_for": h.stands_for} if h.stands_for is not None else {})
                for h in self.hits
            ]
            out["discard"] = None if self.discard is None else str(self.discard)
            out["remaining"] = [str(c) for c in self.remaining]
            out["remaining_points"] = self.remaining_points
            out["goes_out"] = self.goes_out
            if self.before_draw:  # the play comes after the draw: no discard chosen yet
                out["before_draw"] = True
        else:
            out["discards"] = [
                {"card": str(o.card), "outs": o.outs, "p1": float(o.p1), "p2": float(o.p2)}
                | ({"fits_table": True} if o.card in self.table_takes else {})
                for o in self.discards
            ]
            out["discard"] = None if self.discard is None else str(self.discard)
            out["unseen"] = self.unseen
            out["distance"] = self.distance
            out["hand_needed"] = self.hand_needed
            if self.before_draw:  # no discard weighed: what the draw itself must bring
                out["before_draw"] = True
                out["outs"] = self.outs
        out["phase"] = self.phase
        return out


# What a colour-like group of standard cards shares, by the value it has: INTERFACES.md's
# kinds are set, run and colour, so classic's one-suit and red/black groups are both "colour",
# told apart by the extra key "shares" (read back from a table group the same way).
_SHARES = {"red": "redblack", "black": "redblack", **dict.fromkeys("CDHS", "suit")}


def _group_json(group: LaidGroup) -> dict[str, Any]:
    """One laid group as INTERFACES.md writes it.

    >>> _group_json(LaidGroup(Kind.REDBLACK, (parse_card("2H"), parse_card("5D")), (None,) * 2,
    ...                       "red"))
    {'kind': 'colour', 'shares': 'redblack', 'cards': ['2H', '5D']}
    """
    if group.kind in (Kind.SET, Kind.RUN):
        return {"kind": group.kind.value, "cards": [str(c) for c in group.cards]}
    shares = _SHARES.get(str(group.value))
    return {"kind": Kind.COLOUR.value} | ({"shares": shares} if shares else {}) | {
        "cards": [str(c) for c in group.cards]}


def _as_rules(rules: Ruleset | str) -> Ruleset:
    return ruleset(rules) if isinstance(rules, str) else rules


def _as_cards(cards: Iterable[Card | str] | str, what: str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_hand(cards)
    out = []
    for card in cards:
        if isinstance(card, Card):
            out.append(card)
        elif isinstance(card, str):
            out.append(parse_card(card))
        else:
            raise SolverError(f"{what}: {card!r} is not a card token")
    return tuple(out)


def read_table(rules: Ruleset, table: Iterable[TableInput]) -> tuple[TableGroup, ...]:
    """Table groups from TableGroup values, ``{"kind", "cards"}`` dicts or (kind, cards).

    >>> from solver.rules import ruleset
    >>> run, group = read_table(ruleset(), [("run", ["W", "R4", "R5"]),
    ...                                     {"kind": "set", "cards": ["G9", "B9", "W"]}])
    >>> run.positions, group.kind.value, group.value
    ((3, 4, 5), 'set', 9)
    >>> read_table(ruleset(), [{"cards": ["R4"]}])
    Traceback (most recent call last):
    ...
    solver.errors.SolverError: table group 1 needs "kind" and "cards"
    """
    groups: list[TableGroup] = []
    for i, item in enumerate(table):
        if isinstance(item, TableGroup):
            groups.append(item)
            continue
        if isinstance(item, Mapping):
            if "kind" not in item or "cards" not in item:
                raise SolverError(f"table group {i + 1} needs \"kind\" and \"cards\"",
                                  "table_group_keys", group=i + 1)
            kind, cards = item["kind"], item["cards"]
            if "shares" in item:  # the output's own key, read back
                if item["shares"] not in ("suit", "redblack") or not isinstance(kind, str) \
                        or kind_named(kind) not in (Kind.COLOUR, Kind.SUIT, Kind.REDBLACK):
                    raise SolverError(f"table group {i + 1}: \"shares\" is \"suit\" or "
                                      "\"redblack\", and only a colour group has it",
                                      "table_group_shares", group=i + 1)
                kind = item["shares"]
        elif isinstance(item, tuple | list) and len(item) == 2:
            kind, cards = item
        else:
            raise SolverError(f"table group {i + 1} must be {{\"kind\": ..., \"cards\": [...]}}",
                              "table_group_shape", group=i + 1)
        if not isinstance(kind, str) or not isinstance(cards, list | tuple):
            raise SolverError(f"table group {i + 1}: kind must be a word and cards a list",
                              "table_group_types", group=i + 1)
        token = next((c for c in cards if not isinstance(c, Card | str)), None)
        if token is not None:  # --table's JSON reaches here: told in the player's language
            raise SolverError(f"table group {i + 1}: {token!r} is not a card token",
                              "table_group_token", group=i + 1, token=repr(token))
        groups.append(table_group(rules, kind, _as_cards(cards, f"table group {i + 1}"), i))
    return tuple(groups)


def unseen_pool(
    rules: Ruleset, *places: Iterable[Card]
) -> Counter[Card]:
    """The deck minus every card seen somewhere.

    >>> from solver.cards import parse_hand
    >>> from solver.rules import ruleset
    >>> pool = unseen_pool(ruleset(), parse_hand("W R7"), parse_hand("R7 S"))
    >>> sum(pool.values()), pool[parse_hand("R7")[0]], pool[parse_hand("W")[0]]
    (104, 0, 7)
    """
    pool = rules.deck_counts()
    for cards in places:
        pool.subtract(cards)
    return +pool


def _check_hand(hand: Sequence[Card]) -> None:
    if not 1 <= len(hand) <= MAX_HAND:
        raise SolverError(
            f"a hand has 1 to {MAX_HAND} cards (11 right after the draw); got {len(hand)}",
            "hand_size", most=MAX_HAND, count=len(hand),
        )


def analyse(
    hand: Iterable[Card | str] | str,
    rules: Ruleset | str = "mattel",
    phase_number: int = 1,
    table: Iterable[TableInput] = (),
    known: Iterable[Card | str] | str = (),
    down: bool = False,
    before_draw: bool = False,
) -> Analysis:
    """Analyse a hand (normally 11 cards, after the draw) for one phase.

    Cards may be given as Card values, tokens or one string ("R7 B7 W").

    ``table``: groups already laid by anyone; ``known``: other cards that cannot be drawn
    (e.g. the discard pile); ``down``: the player's own phase is already laid (its groups are
    in ``table``), so only hits and the discard remain. ``before_draw``: the hand as it is
    before this turn's draw (10 cards as dealt): an incomplete one is told which cards the draw
    must bring, and no discard is weighed yet.

    >>> a = analyse("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12", "mattel", 1, before_draw=True)
    >>> a.completing_text(), a.outs, a.unseen, a.discard
    ('any 7, or a wild', 14, 98, None)
    """
    q = _question(rules, hand, phase_number, table, known)
    rules, cards, phase, groups = q.rules, q.hand, q.phase, q.groups
    base = Analysis(rules.name, phase_number, phase, cards, complete=False)
    play = best_play(rules, None if down else phase, cards, groups)
    if play is not None:
        complete = replace(
            base, complete=True, down=down, laydown=play.laydown, hits=play.hits,
            discard=play.discard, advised=play.discard, remaining=play.remaining,
            remaining_points=play.remaining_points, goes_out=play.goes_out,
        )
        return _before_the_draw(complete, rules) if before_draw else complete
    pool = unseen_pool(rules, cards, q.laid, q.known)
    # Before the draw the hand the phase is laid from holds one card more: a 10-card hand may
    # be one short of an 11-card custom phase, not too small for it.
    size = len(cards) + 1 if before_draw else len(cards)
    base = replace(base, distance=cards_missing(rules, phase, cards, size),
                   unseen=sum(pool.values()), hand_needed=hand_needed(rules, phase))
    if before_draw:
        drawn = _drawn(rules, phase, cards, pool, groups)
        return replace(
            base, completing=drawn.completing, wild_completes=drawn.wild, before_draw=True,
            outs=drawn.outs, example=drawn.example,
            p_before_draw=before_draw_odds(rules, phase, cards, pool)[1],
        )
    options = discard_odds(rules, phase, cards, pool)
    table_takes = _table_takes(rules, cards, groups)
    told = advised(rules, options, table_takes)
    # The example laid the card the advice then said to keep out of others' hands (advice
    # audit, session 62): what follows the discard follows the one the player is told.
    kept = list(cards)
    kept.remove(told.card)
    drawn = _drawn(rules, phase, kept, pool, groups)
    return replace(
        base, discard=recommend(options).card, advised=told.card, completing=drawn.completing,
        wild_completes=drawn.wild, discards=options, example=drawn.example,
        table_takes=table_takes,
    )


def _table_takes(rules: Ruleset, cards: Iterable[Card],
                 groups: Sequence[TableGroup]) -> frozenset[Card]:
    """The natural cards among ``cards`` that a group on the table takes as it lies."""
    nothing_laid = Play((), (), None, (), 0, False)
    return frozenset(card for card in cards if rules.role(card) is Role.NATURAL
                     and _joins_after(rules, nothing_laid, groups, card))


def _before_the_draw(play: Analysis, rules: Ruleset) -> Analysis:
    """A complete hand before the draw: its laydown and hits are made after the draw, so no
    discard is chosen yet (the drawn card may go onto the table or be the discard) and no one
    is out with a card still to come."""
    kept = play.remaining if play.discard is None else (*play.remaining, play.discard)
    return replace(play, discard=None, advised=None, remaining=kept,
                   remaining_points=points(kept, rules),
                   goes_out=False, before_draw=True)


@dataclass(frozen=True)
class _Question:
    """A hand question's inputs, read and checked: the hand's size, the phase, the table's
    groups and every card's copies against the deck; ``top`` the discard-pile top, if asked."""

    rules: Ruleset
    hand: tuple[Card, ...]
    phase: Phase
    groups: tuple[TableGroup, ...]
    known: tuple[Card, ...]
    laid: tuple[Card, ...]
    top: tuple[Card, ...]


def _question(
    rules: Ruleset | str, hand: Iterable[Card | str] | str, phase_number: int,
    table: Iterable[TableInput], known: Iterable[Card | str] | str,
    top: Card | str | None = None,
) -> _Question:
    # In this order, so that input with several faults is told the first as before: the
    # ruleset, the hand, its size, the top card, the phase, the table, the known cards.
    rules = _as_rules(rules)
    cards = _as_cards(hand, "hand")
    _check_hand(cards)
    top_card = () if top is None else _as_cards([top], "top card")
    phase = rules.phase(phase_number)
    groups = read_table(rules, table)
    seen = _as_cards(known, "known")
    laid = tuple(c for g in groups for c in g.cards)
    places = {"top_card": top_card} if top is not None else {}
    rules.check_copies(hand=cards, **places, table=laid, known_cards=seen)
    return _Question(rules, cards, phase, groups, seen, laid, top_card)


@dataclass(frozen=True)
class _Drawn:
    """What a draw must bring to complete a hand: the kinds of unseen card that do, whether a
    wild does, how many unseen cards do, and one of them with the laydown it makes."""

    completing: tuple[Completing, ...]
    wild: bool
    outs: int
    example: tuple[Card, tuple[LaidGroup, ...]] | None


def _drawn(rules: Ruleset, phase: Phase, hand: Sequence[Card], pool: Counter[Card],
           table: Sequence[TableGroup]) -> _Drawn:
    """``hand`` (after any discard) and one card drawn from ``pool`` (``unseen_pool``'s, whose
    counts are all positive): a kind every copy of which is known or on the table is no card
    to hope for."""
    model = phase_model(rules, phase, len(hand) + 1)
    found = Completers(model, model.combos, len(hand) + 1)(tuple(model.counts(hand)))
    drawable = Counter[int]()
    for card, n in pool.items():
        drawable[model.proj.classify(rules, card)] += n
    patterns = []
    # A key's second half is its colour, and None where only numbers count (Basis.NUMBER).
    for k, (number, colour) in enumerate(model.proj.keys):
        if k in found and drawable[k] > 0:
            patterns.append(Completing(number, colour, rules.deck))
    wild = model.proj.wild
    outs = sum(n for k, n in drawable.items() if k in found)
    # The example: the natural card with the most unseen copies (a wild teaches less), in
    # card order among equals, and the laydown the hand then makes.
    helping = sorted((card for card in pool if model.proj.classify(rules, card) in found),
                     key=lambda card: (rules.role(card) is not Role.NATURAL, -pool[card], card))
    example = None
    if helping:
        play = best_play(rules, phase, [*hand, helping[0]], table)
        if play is not None:
            example = (helping[0], play.laydown)
    return _Drawn(tuple(patterns), wild in found and drawable[wild] > 0, outs, example)


def draw_advice(
    hand: Iterable[Card | str] | str,
    top: Card | str,
    rules: Ruleset | str = "mattel",
    phase_number: int = 1,
    table: Iterable[TableInput] = (),
    known: Iterable[Card | str] | str = (),
    down: bool = False,
) -> DrawAdvice:
    """Take the discard-pile top or draw blind? ``hand`` is the hand before the draw; ``down``:
    the player's phase is laid (its groups in ``table``), so the question is whether the top
    card goes onto the table at once, and how often a blind draw would.

    >>> from solver.cards import parse_hand
    >>> advice = draw_advice(parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12"), "G7", "mattel", 1)
    >>> advice.take, advice.reason.value
    (True, 'top-completes')
    >>> draw_advice(parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12"), "S").reason.value
    'skip-never-taken'
    """
    q = _question(rules, hand, phase_number, table, known, top)
    rules, cards, phase, groups, (top_card,) = q.rules, q.hand, q.phase, q.groups, q.top
    pool = unseen_pool(rules, cards, [top_card], q.laid, q.known)
    # Down, or with the phase in the hand already (it goes down this turn whatever is drawn),
    # the draw is about what else goes onto the table.
    to_lay = None if down else phase
    now = best_play(rules, to_lay, cards, groups)
    if now is not None:
        advice = _draw_to_hit(rules, to_lay, cards, top_card, groups, pool, len(now.remaining),
                              now)
        return advice if down else replace(advice, phase_in_hand=True)
    # Down, hitting nothing is a play too: a hand holds a card (``_check_hand``), so a player
    # who is down always has one, and only a hand without its phase gets here.
    assert not down
    advice = draw_odds(rules, phase, cards, top_card, pool,
                       _table_takes(rules, [*cards, top_card], groups))
    if advice.reason is DrawReason.TOP_COMPLETES:  # the odds alone cannot tell it ends the hand
        play = best_play(rules, phase, [*cards, top_card], groups)
        return replace(advice, goes_out=play is not None and play.goes_out)
    return advice


def open_phases(rules: Ruleset, done: Iterable[int]) -> list[int]:
    """The phases a free-choice player has left; a phase done that the rules lack is a typo
    (best_draw took any, best_phase refused it: options audit, session 48).

    >>> from solver.rules import ruleset
    >>> open_phases(ruleset(), [1, 2, 3, 5, 6, 7, 8, 9])
    [4, 10]
    """
    finished = set(done)
    unknown = sorted(n for n in finished if not 1 <= n <= len(rules.phases))
    if unknown:
        raise SolverError(
            f"phase {unknown[0]} is done, but the phases go from 1 to {len(rules.phases)}",
            "done_unknown", number=unknown[0], last=len(rules.phases))
    for number in sorted(finished):
        rules.phase(number)  # a done phase an even- or odd-only game never plays is a typo too
    left = [n for n in rules.phase_numbers() if n not in finished]
    if not left:
        raise SolverError("every phase is already done", "done_all")
    return left


def best_draw(
    hand: Iterable[Card | str] | str,
    top: Card | str,
    rules: Ruleset | str = "mattel",
    done: Iterable[int] = (),
    table: Iterable[TableInput] = (),
    known: Iterable[Card | str] | str = (),
) -> tuple[int, DrawAdvice]:
    """Free phase choice, before the draw: the open phase whose draw advice gives the best
    chance (taking the top card or drawing blind), with that advice. The top card may complete
    a phase the hand alone would not be declared for. A phase the hand lays already is laid
    whatever is drawn; among the phases laid for certain, as `best_phase` declares: the fewest
    points left, then the fewest cards, then the hardest.

    >>> phase, advice = best_draw("Y7 G3 G10 W Y6 R4 R8 G8 G1 G12", "G4", "mattel")
    >>> phase, advice.take, advice.reason.value
    (8, True, 'top-completes')
    >>> best_draw("R7 B7 G7 Y7 R3 B3 G3 R11 G12 B9", "Y5", "mattel")[0]  # phase 1 in hand
    1
    """
    rules = _as_rules(rules)
    cards = _as_cards(hand, "hand")
    groups = read_table(rules, table)
    answers = [(n, draw_advice(cards, top, rules, n, table, known))
               for n in open_phases(rules, done)]

    def chance(answer: tuple[int, DrawAdvice]) -> tuple[Fraction | int | bool, ...]:
        number, advice = answer
        # A phase in hand was weighed by the chance of the drawn card hitting the table,
        # against others' chance of laying at all: phase 2 at 32 % beat phase 1 in hand
        # (rules audit, session 64).
        if not advice.phase_in_hand and advice.p_take != 1 and advice.p_blind != 1:
            return max(advice.p_take or Fraction(0), advice.p_blind), advice.take
        # Certain: what it leaves. A top card completing phase 1 left 20 points where the
        # same card lays phase 3 leaving 10, and the earliest phase won the tie.
        play = best_play(rules, rules.phase(number),
                         [*cards, advice.top] if advice.take else cards, groups)
        if play is None:  # laid after any blind draw, not with the hand alone
            return Fraction(1), False, 0, 0, 0, 0
        return (Fraction(1), True,
                *(-part for part in _declared_first(rules, number, play.remaining_points,
                                                    len(play.remaining))))

    return max(answers, key=chance)  # ties: the earlier phase, as max keeps the first


def _declared_first(rules: Ruleset, number: int, points: int, cards: int) -> tuple[int, ...]:
    """Among phases laid leaving ``points`` in ``cards`` cards, smaller is declared first:
    the fewest points, then the fewest cards (one left goes out with the next discard), then
    the hardest (the most cards needed, then the later phase). `best_phase` and `best_draw`
    declare alike."""
    return points, cards, -rules.phase(number).cards_needed, -number


def _draw_to_hit(
    rules: Ruleset, phase: Phase | None, hand: Sequence[Card], top: Card,
    groups: Sequence[TableGroup], pool: Counter[Card], before: int, now: Play | None = None,
) -> DrawAdvice:
    """A top card that fits on the table is as good as any draw can be, since the player holds
    no more cards after the turn than before it; one that fits nowhere is worse than a blind
    draw, which might. A card fits when the hand with it leaves no more cards after the
    laydown (``phase``; None: already down), the hits and the discard than the hand alone
    would (``before``; it may also let a card of the hand hit). When every blind draw fits
    too, drawing blind is as good, and the top card is left."""

    def left_after(cards: Sequence[Card]) -> tuple[int, Card | None]:
        """Cards still held after the best laydown, hits and discard, and that discard."""
        play = best_play(rules, phase, cards, groups)
        return (len(cards), None) if play is None else (len(play.remaining), play.discard)

    # Cards alike in all the table and phase can tell apart (a number, and its colour only
    # where a colour group asks) fit alike: one laydown search per kind, not per face (a
    # search with several runs on the table takes long; 50 faces took half a minute).
    group_kinds = [g.kind for g in groups] + [r.kind for r in (phase.requirements if phase
                                                                else ())]
    attrs = sorted({attr for kind in group_kinds if (attr := rules.kind_attr(kind)) is not None},
                   key=lambda attr: attr.value)
    alike: dict[tuple[object, ...], bool] = {}

    def fits_alike(card: Card) -> bool:
        role = rules.role(card)
        kind = (role, card.special or card.rank,
                *(rules.attr_value(card, attr) if role is Role.NATURAL else "" for attr in attrs))
        if kind not in alike:
            # A card that goes onto the table beside the hand's own best play fits; only the
            # others need the search (whether the hand's cards can make room for it).
            alike[kind] = (now is not None and _joins_after(rules, now, groups, card)
                           or left_after([*hand, card])[0] <= before)
        return alike[kind]

    unseen = sum(pool.values())
    fitting = sum(count for card, count in pool.items() if count and fits_alike(card))
    p_blind = Fraction(fitting, unseen) if unseen else Fraction(0)
    if rules.role(top) is Role.SKIP:
        return DrawAdvice(False, top, DrawReason.SKIP_NEVER_TAKEN, None, p_blind, None, unseen)
    left, discard = left_after([*hand, top])
    fits = left <= before
    if fits and p_blind == 1:
        # Every draw leaves no more than the hand alone would: none at all when that is 0.
        return DrawAdvice(False, top, DrawReason.ANY_DRAW_HITS, Fraction(1), p_blind, discard,
                          unseen, goes_out=before == 0)
    return DrawAdvice(
        fits, top, DrawReason.TOP_HITS if fits else DrawReason.TOP_DOES_NOT_HIT,
        Fraction(int(fits)), p_blind, discard, unseen, goes_out=fits and left == 0,
    )


def _joins_after(rules: Ruleset, play: Play, table: Sequence[TableGroup], card: Card) -> bool:
    """Whether ``card`` could be added to a group on the table as ``play`` (its laydown and
    hits) leaves it: a set's number, a colour group's colour, the next number at a run's end,
    and a wild anywhere. Runs that wrap are left to the full search."""
    role = rules.role(card)
    if role is Role.SKIP or rules.wrap:
        return False
    runs = [list(g.positions) for g in table if g.kind is Kind.RUN]
    run_of = {i: n for n, i in enumerate(i for i, g in enumerate(table) if g.kind is Kind.RUN)}
    for hit in play.hits:
        if hit.group in run_of:
            runs[run_of[hit.group]].append(hit.stands_for if hit.stands_for is not None
                                           else rules.number(hit.card))
    runs += [[int(g.value) + i for i in range(len(g.cards))]
             for g in play.laydown if g.kind is Kind.RUN]
    bags = [(g.kind, g.value) for g in table if g.kind is not Kind.RUN]
    bags += [(g.kind, g.value) for g in play.laydown if g.kind is not Kind.RUN]
    open_ends = [end for run in runs for end in (min(run) - 1, max(run) + 1)
                 if 1 <= end <= rules.max_number]
    if role is Role.WILD:
        return bool(bags or open_ends)
    if rules.number(card) in open_ends:
        return True
    return any(value == (rules.number(card) if kind is Kind.SET
                         else rules.attr_value(card, rules.kind_attr(kind) or Attr.SUIT))
               for kind, value in bags)


def points(cards: Iterable[Card | str] | str, rules: Ruleset | str = "mattel") -> int:
    """Penalty points of cards left in hand at the end of a hand.

    >>> points("3S JD".split(), "zehn-phasen"), points(["W", "S", "R10", "G2"])
    (15, 55)
    """
    rules = _as_rules(rules)
    left = _as_cards(cards, "cards")
    rules.check_copies(hand=left)  # three R7s left over is a misread or a typo, not a score
    return sum(rules.card_points(c) for c in left)


def leftover_points(tokens: Iterable[str] | str,
                    rules: Ruleset | str = "mattel") -> tuple[tuple[str, ...], int]:
    """Cards left in hand at the end of a hand, some perhaps named by rank alone ("K", "7"):
    their tokens in notation and their penalty points. A suit or colour changes no score, and a
    table counting a dozen hands types faster without them.

    >>> leftover_points("K 7 7s x", "zehn-phasen")
    (('K', '7', '7S', 'X'), 50)
    >>> leftover_points("12 w r3")
    (('12', 'W', 'R3'), 40)

    Copies are counted per rank too: two decks hold eight kings.

    >>> leftover_points("K K K K K K KH KS KD", "zehn-phasen")
    Traceback (most recent call last):
    ...
    solver.errors.SolverError: 9 × K in hand but the zehn-phasen deck has 8
    """
    rules = _as_rules(rules)
    words = split_tokens(tokens)
    ranks = [parse_rank(word, rules.deck) for word in words]
    suited = [word for word, rank in zip(words, ranks, strict=True) if rank is None]
    cards = iter(parse_hand(suited))  # read together: several bad tokens are named at once
    faces = [next(cards) if rank is None else rank for rank in ranks]  # in the order typed
    named = [face for face in faces if isinstance(face, Card)]
    rules.check_copies(hand=named)
    deck = rules.deck_counts()
    for rank, count in sorted(Counter(face for face in faces if isinstance(face, int)).items()):
        total = count + sum(not card.special and card.rank == rank for card in named)
        limit = sum(n for face, n in deck.items() if not face.special and face.rank == rank)
        if total > limit:
            text = rank_text(rules.deck, rank)
            raise SolverError(f"{total} × {text} in hand but the {rules.name} deck has {limit}",
                              "copies", count=total, card=text, places=("hand",),
                              ruleset=rules.name, limit=limit)
    # Any face of the rank scores as the rank does: the role of a card goes by its rank.
    scored = [face if isinstance(face, Card) else _face_of(rules.deck, face) for face in faces]
    shown = tuple(str(face) if isinstance(face, Card) else rank_text(rules.deck, face)
                  for face in faces)
    return shown, sum(rules.card_points(card) for card in scored)


def _face_of(deck: Deck, rank: int) -> Card:
    return next(face for face in all_faces(deck) if not face.special and face.rank == rank)


def best_phase(
    hand: Iterable[Card | str] | str,
    rules: Ruleset | str = "mattel",
    done: Iterable[int] = (),
    table: Iterable[TableInput] = (),
    known: Iterable[Card | str] | str = (),
    before_draw: bool = False,
) -> tuple[Analysis, ...]:
    """Free phase choice: analyses of every phase not yet done, best first (laid phases by
    fewest points left, then the others by p2 and outs of their best discard; ``before_draw``,
    the 10 cards dealt: by the chance of laying the phase by the draw after next, then the
    draw's outs, the draw counted, which an 11-card phase needs).

    Laid phases that leave the same points are declared by the fewer cards left (one card
    left goes out with the next discard), then hardest first (the most cards needed, then the
    later phase): the easy ones are the likelier to be made in a later hand.

    >>> from solver.cards import parse_hand
    >>> hand = parse_hand("R3 B4 G5 Y6 R7 B8 G9 W B12 Y1 S")  # Y1 W R3..G9: a run of 9
    >>> [a.phase for a in best_phase(hand, "mattel", done=[1, 2, 3])][:3]
    [6, 5, 4]
    >>> fives_and_sevens = parse_hand("R5 B5 G5 Y5 R5 R7 B7 G7 G1 B3 Y9")
    >>> [a.phase for a in best_phase(fives_and_sevens, "mattel", done=[2])][:3]
    [10, 9, 1]
    """
    rules = _as_rules(rules)
    left = open_phases(rules, done)
    cards = _as_cards(hand, "hand")
    groups = read_table(rules, table)
    seen = _as_cards(known, "known")
    results = [analyse(cards, rules, n, groups, seen, before_draw=before_draw) for n in left]

    def rank(a: Analysis) -> tuple[int | Fraction, ...]:
        if a.complete:
            return (0, *_declared_first(rules, a.phase, a.remaining_points, len(a.remaining)))
        if a.p_before_draw is not None:
            return (1, -a.p_before_draw, -a.outs, a.phase)
        top = recommend(a.discards)
        return (1, -top.p2, -top.outs, a.phase)

    return tuple(sorted(results, key=rank))
