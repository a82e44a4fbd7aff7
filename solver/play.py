"""The best play for a hand that can lay its phase (or whose phase is already down).

Objective (INTERFACES.md): fewest penalty points left after the discard, then fewest cards.

Search: choose a concrete spec for every own group (set number, colour, run *interval* —
longer intervals are runs with extras) and an extension for every laid run; every run position
in those intervals is a slot that one natural of that number or one wild must fill. Sets and
colour groups (own and laid) take every matching card and every wild, so after the slots are
filled everything matching one of them goes down. Per number the slot filling has only a few
sensible options (see ``_fill_options``); each complete choice is scored exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations, product

from solver.cards import Card
from solver.engine import max_fill, run_positions, run_starts
from solver.phases import Kind, Phase, Requirement
from solver.rules import Attr, GoingOut, Role, Ruleset
from solver.table import TableGroup


@dataclass(frozen=True)
class LaidGroup:
    """One group of the laydown. ``stands_for`` gives, per card, the number a wild stands for
    (None for natural cards and in colour groups)."""

    kind: Kind
    cards: tuple[Card, ...]
    stands_for: tuple[int | None, ...]
    value: int | str  # set number, first number of a run, or colour/suit

    def __str__(self) -> str:
        return f"{self.kind.value}: " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class Hit:
    """A card added to table group ``group`` (0-based index into the table)."""

    card: Card
    group: int
    stands_for: int | None = None


@dataclass(frozen=True)
class Play:
    """The chosen play: laydown, hits (in a legal order), discard and what is left."""

    laydown: tuple[LaidGroup, ...]
    hits: tuple[Hit, ...]
    discard: Card | None
    remaining: tuple[Card, ...]
    remaining_points: int
    goes_out: bool


@dataclass(frozen=True)
class _Bag:
    """A set or colour-like group (own or laid): takes any matching natural and any wild."""

    kind: Kind
    value: int | str
    attr: Attr | None
    size: int  # minimum size for own groups; 0 for laid groups

    def takes(self, rules: Ruleset, card: Card) -> bool:
        if self.attr is None:
            return rules.number(card) == self.value
        return rules.attr_value(card, self.attr) == self.value


@dataclass(frozen=True)
class _Run:
    """Slots of a run: all positions of an own run, the new ends of a laid one."""

    own: bool
    index: int  # requirement index (own) or table index (laid)
    start: int
    positions: tuple[int, ...]  # the numbers to fill, in order


_Fill = tuple[tuple[Card, ...], int]  # naturals used, wilds used


@dataclass
class _Leaf:
    score: tuple[int, int]
    bags: tuple[_Bag, ...]
    table_bags: tuple[tuple[int, _Bag], ...]
    runs: tuple[_Run, ...]
    fills: dict[int, tuple[tuple[Card, ...], int]]  # number -> (naturals used, wilds used)
    unplaced: tuple[Card, ...]


class _Hand:
    def __init__(self, rules: Ruleset, cards: Sequence[Card]) -> None:
        self.rules = rules
        self.naturals: Counter[Card] = Counter()
        self.wilds: list[Card] = []
        self.skips: list[Card] = []
        for card in sorted(cards):
            role = rules.role(card)
            if role is Role.NATURAL:
                self.naturals[card] += 1
            elif role is Role.WILD:
                self.wilds.append(card)
            else:
                self.skips.append(card)
        self.by_number: dict[int, list[Card]] = {}
        for card in sorted(self.naturals.elements()):
            self.by_number.setdefault(rules.number(card), []).append(card)
        self.placeable = len(cards) - len(self.skips)
        self.have = {p: len(cs) for p, cs in self.by_number.items()}
        # Every spec of the phase asks again for a laid run's ends and a number's fillers:
        # kept per hand (eight laid runs were 1,900 walks over the same ends).
        self.extensions: dict[tuple[int, bool], list[_Run]] = {}
        self.fillers: dict[tuple[int, int, tuple[_Bag, ...], bool], list[_Fill]] = {}


def best_play(
    rules: Ruleset, phase: Phase | None, hand: Sequence[Card], table: Sequence[TableGroup] = ()
) -> Play | None:
    """The best legal play; None when ``phase`` cannot be laid from ``hand``.
    ``phase`` None means the player's phase is already down: only hits and the discard.

    >>> from solver.cards import parse_hand
    >>> from solver.rules import ruleset
    >>> from solver.table import table_group
    >>> mattel = ruleset("mattel")
    >>> play = best_play(mattel, mattel.phase(1), parse_hand("R7 B7 G7 Y7 R7 W G2 G9 B9 Y11 S"))
    >>> [" ".join(map(str, g.cards)) for g in play.laydown], play.remaining_points
    (['R7 R7 B7 G7 Y7', 'B9 G9 W'], 15)
    >>> run = table_group(mattel, "run", ["W", "R4", "R5"])
    >>> [str(h.card) for h in best_play(mattel, None, parse_hand("G3 G6 B2"), [run]).hits]
    ['B2', 'G6']
    """
    state = _Hand(rules, hand)
    table_bags = tuple(
        (i, _Bag(g.kind, g.value, rules.kind_attr(g.kind), 0))
        for i, g in enumerate(table)
        if g.kind is not Kind.RUN
    )
    best: list[_Leaf] = []  # the best leaf so far, shared with the walk's cut-off
    bound = _Bound(rules, state)
    for bags, own_runs in _own_specs(rules, phase, state):
        everyone = bags + tuple(b for _, b in table_bags)
        hopeless = partial(bound.beaten, everyone, best)
        for runs in _with_table_runs(rules, state, own_runs, table, bool(everyone), hopeless):
            if best and bound(everyone, runs) >= best[0].score:
                continue
            leaf = _evaluate(rules, state, bags, table_bags, runs)
            if leaf is not None and (not best or leaf.score < best[0].score):
                best[:] = [leaf]
    return _build(rules, phase, state, table, best[0]) if best else None


# -- enumeration -------------------------------------------------------------------------------


def _own_specs(
    rules: Ruleset, phase: Phase | None, hand: _Hand
) -> Iterator[tuple[tuple[_Bag, ...], tuple[_Run, ...]]]:
    if phase is None:
        yield (), ()
        return
    reqs = phase.requirements
    options = [_req_options(rules, hand, i, r) for i, r in enumerate(reqs)]
    for choice in product(*options):
        if any(reqs[i] == reqs[i + 1] and _order(choice[i]) > _order(choice[i + 1])
               for i in range(len(reqs) - 1)):
            continue
        redblack = [c.value for c in choice if isinstance(c, _Bag) and c.kind is Kind.REDBLACK]
        if len(set(redblack)) < len(redblack):
            continue
        slots = sum(len(c.positions) for c in choice if isinstance(c, _Run))
        minimum = sum(c.size for c in choice if isinstance(c, _Bag))
        if slots + minimum > hand.placeable:
            continue
        yield (
            tuple(c for c in choice if isinstance(c, _Bag)),
            tuple(c for c in choice if isinstance(c, _Run)),
        )


def _order(spec: _Bag | _Run) -> tuple[int, str]:
    if isinstance(spec, _Run):
        return (spec.start * 100 + len(spec.positions), "")
    return (spec.value, "") if isinstance(spec.value, int) else (0, spec.value)


def _req_options(rules: Ruleset, hand: _Hand, index: int, req: Requirement) -> list[_Bag | _Run]:
    nat = rules.naturals
    wilds = len(hand.wilds)
    if req.kind is Kind.RUN:
        runs: list[_Bag | _Run] = []
        for length in range(req.size, min(rules.max_number, hand.placeable) + 1):
            for start in run_starts(rules, length):
                positions = run_positions(rules, start, length)
                present = sum(1 for p in positions if p in hand.by_number)
                if length - present <= wilds and present >= nat:
                    runs.append(_Run(True, index, start, positions))
        runs.reverse()  # longest first: they place the most cards
        return runs
    attr = rules.kind_attr(req.kind)
    values: tuple[int | str, ...]
    values = tuple(range(1, rules.max_number + 1)) if attr is None else rules.attr_values(attr)
    bags: list[tuple[int, _Bag]] = []
    for value in values:
        bag = _Bag(req.kind, value, attr, req.size)
        matching = sum(n for c, n in hand.naturals.items() if bag.takes(rules, c))
        if matching >= nat and matching + wilds >= req.size:
            bags.append((matching, bag))
    bags.sort(key=lambda pair: -pair[0])  # the fullest first: they place the most cards
    return [bag for _, bag in bags]


def _with_table_runs(
    rules: Ruleset, hand: _Hand, own_runs: tuple[_Run, ...], table: Sequence[TableGroup],
    any_bag: bool,
    hopeless: Callable[[Counter[int], Counter[int]], bool] = lambda slots, reach: False,
) -> Iterator[tuple[_Run, ...]]:
    """The laid runs' extensions to go with ``own_runs``. ``hopeless(slots, reach)`` is asked
    on the way: the slots the runs chosen so far ask per number, and the most the laid runs
    still to choose could add; True passes over every way on from there."""
    laid = [(i, g) for i, g in enumerate(table) if g.kind is Kind.RUN]
    if not laid and len(own_runs) <= 1:
        yield own_runs  # a single run was already checked to be fillable on its own
        return
    options = []
    for i, group in laid:
        key = (i, any_bag)
        if key not in hand.extensions:
            hand.extensions[key] = _extensions(rules, hand, i, group, any_bag)
        options.append(hand.extensions[key])
    # reach[i]: per number, the most slots the laid runs from i on can still ask for.
    reach = [Counter[int]() for _ in range(len(options) + 1)]
    for i in range(len(options) - 1, -1, -1):
        most: Counter[int] = Counter()
        for ext in options[i]:
            most |= Counter(ext.positions)
        reach[i] = reach[i + 1] + most
    wilds = len(hand.wilds)
    # How many of each number the chosen runs ask for, and how many of those the hand's
    # naturals cannot give (the wilds must): kept as the walk goes, not summed anew per node.
    need: Counter[int] = Counter()
    short = 0

    def take(positions: Sequence[int], step: int) -> None:
        nonlocal short
        for p in positions:
            lacking = need[p] - hand.have.get(p, 0)
            need[p] += step
            short += max(0, lacking + step) - max(0, lacking)

    for run in own_runs:
        take(run.positions, 1)
    if short > wilds:
        return

    # Walks that reach a run with the same naturals wanted per number (up to what the hand holds)
    # and the same shortfall lead to leaves of the same scores: the naturals and wilds a leaf
    # can place, the bound and the cards left over depend on nothing else. The first walk
    # there comes first in the order, so pruning the others never changes the play chosen; six
    # runs on the table and six wilds were 290,000 walks to the draw question, about 4 s.
    held = sorted(hand.have)
    reached: set[tuple[int, int, tuple[int, ...]]] = set()

    def walk(i: int, chosen: tuple[_Run, ...], used: int) -> Iterator[tuple[_Run, ...]]:
        state = (i, short, tuple(min(need[p], hand.have[p]) for p in held))
        if state in reached:
            return
        reached.add(state)
        if hopeless(need, reach[i]):
            return
        if i == len(options):
            yield chosen
            return
        for ext in options[i]:
            more = used + len(ext.positions)
            if more > hand.placeable:
                continue
            if not ext.positions:
                yield from walk(i + 1, chosen, more)
                continue
            take(ext.positions, 1)
            if short <= wilds:
                yield from walk(i + 1, (*chosen, ext), more)
            take(ext.positions, -1)

    yield from walk(0, own_runs, sum(len(r.positions) for r in own_runs))


def _extensions(rules: Ruleset, hand: _Hand, index: int, group: TableGroup,
                any_bag: bool) -> list[_Run]:
    """The ways a laid run may grow at either end. With a set or colour group about (any_bag),
    a wild can go there as well as at a run's end, so an end whose number the hand lacks (a
    wild's place only) adds nothing: each run's choices, multiplied over several laid runs,
    were the draw question's half minute."""
    top = rules.max_number
    length = len(group.positions)
    first, last = group.positions[0], group.positions[-1]
    room = top - length
    out: list[_Run] = []
    for left in range(room + 1):
        for right in range(room - left + 1):
            if not rules.wrap and (first - left < 1 or last + right > top):
                continue
            before = tuple((first - 2 - i) % top + 1 for i in range(left))
            after = tuple((last + i) % top + 1 for i in range(right))
            new = before + after  # outward order: the order the hits are made in
            if any_bag and any(side and side[-1] not in hand.by_number
                               for side in (before, after)):
                continue
            present = sum(1 for p in new if p in hand.by_number)
            if len(new) - present > len(hand.wilds) or len(new) > hand.placeable:
                continue
            start = (first - left - 1) % top + 1
            out.append(_Run(False, index, start, new))
    return out


# -- scoring one configuration -----------------------------------------------------------------


def _cost(cards: Sequence[Card], rules: Ruleset) -> tuple[int, int]:
    """Points and cards left when ``cards`` stay unplaced and the dearest one is discarded."""
    if not cards:
        return (0, 0)
    pts = sorted((rules.card_points(c) for c in cards), reverse=True)
    return (sum(pts[1:]), len(pts) - 1)


class _Bound:
    """A score no filling of a configuration can beat: the cost of the cards that surely stay
    — skips, naturals no set/colour group takes beyond the run slots of their number, and (with
    no set or colour group anywhere) the wilds beyond all run slots. The cost only grows when
    cards are added, so the real leftover costs at least this much. Cached per set of groups."""

    def __init__(self, rules: Ruleset, hand: _Hand) -> None:
        self.rules = rules
        self.hand = hand
        self.skip_points = [rules.card_points(c) for c in hand.skips]
        self.wild_points = rules.wild_points
        self.cache: dict[tuple[_Bag, ...], list[tuple[int, int, int]]] = {}

    def homeless(self, everyone: tuple[_Bag, ...]) -> list[tuple[int, int, int]]:
        """(number, how many no group takes, their points) per number."""
        found = self.cache.get(everyone)
        if found is None:
            found = []
            for number, cards in self.hand.by_number.items():
                count = sum(1 for c in cards if not any(b.takes(self.rules, c) for b in everyone))
                if count:
                    found.append((number, count, self.rules.card_points(cards[0])))
            self.cache[everyone] = found
        return found

    def __call__(self, everyone: tuple[_Bag, ...], runs: tuple[_Run, ...]) -> tuple[int, int]:
        slots: Counter[int] = Counter()
        for run in runs:
            slots.update(run.positions)
        return self.cost(everyone, slots, Counter())

    def beaten(self, everyone: tuple[_Bag, ...], best: list[_Leaf], slots: Counter[int],
               more: Counter[int]) -> bool:
        """No way on from ``slots`` (``more`` still to come) can beat the best leaf so far."""
        return bool(best) and self.cost(everyone, slots, more) >= best[0].score

    def cost(self, everyone: tuple[_Bag, ...], slots: Counter[int],
             more: Counter[int]) -> tuple[int, int]:
        """The bound when the runs ask ``slots`` per number and may ask up to ``more`` again."""
        pts = list(self.skip_points)
        for number, count, value in self.homeless(everyone):
            pts.extend([value] * (count - slots.get(number, 0) - more.get(number, 0)))
        if not everyone:
            spare = len(self.hand.wilds) - sum(slots.values()) - sum(more.values())
            pts.extend([self.wild_points] * spare)
        if not pts:
            return (0, 0)
        return (sum(pts) - max(pts), len(pts) - 1)


def _fill_options(
    rules: Ruleset,
    hand: _Hand,
    number: int,
    slots: int,
    bags: tuple[_Bag, ...],
    any_bag: bool,
    table_bags: tuple[tuple[int, _Bag], ...],
) -> list[_Fill]:
    """Ways to fill ``slots`` positions of ``number``: (naturals used, wilds used).

    With a set or colour group on the table or in the phase every wild goes down anyway, so a
    natural that no own group wants is always the better filler (it would stay in hand, or go
    to a laid group either way). Naturals an own group wants compete with the wilds for that
    group's minimum, so both choices are tried. Without any such group nothing else takes the
    cards, so every split between naturals and wilds is tried.
    """
    cards = hand.by_number.get(number, [])
    if not any_bag:
        options = []
        for wilds in range(max(0, slots - len(cards)), min(slots, len(hand.wilds)) + 1):
            options.append((tuple(cards[: slots - wilds]), wilds))
        return options
    free = [c for c in cards if not any(b.takes(rules, c) for b in bags)]
    free.sort(key=lambda c: any(b.takes(rules, c) for _, b in table_bags))
    wanted = [c for c in cards if any(b.takes(rules, c) for b in bags)]
    first = tuple(free[:slots])
    rest = slots - len(first)
    options = []
    for extra in _sub_multisets_of_size(wanted, rest):
        options.append((first + extra, rest - len(extra)))
    return [o for o in options if o[1] <= len(hand.wilds)]


def _sub_multisets_of_size(cards: list[Card], most: int) -> list[tuple[Card, ...]]:
    counts = Counter(cards)
    faces = sorted(counts)
    out = []
    for pick in product(*(range(counts[f] + 1) for f in faces)):
        if sum(pick) <= most:
            out.append(tuple(f for f, n in zip(faces, pick, strict=True) for _ in range(n)))
    return out


def _evaluate(
    rules: Ruleset,
    hand: _Hand,
    bags: tuple[_Bag, ...],
    table_bags: tuple[tuple[int, _Bag], ...],
    runs: tuple[_Run, ...],
) -> _Leaf | None:
    any_bag = bool(bags or table_bags)
    demand: Counter[int] = Counter()
    for run in runs:
        demand.update(run.positions)
    numbers = sorted(demand)
    per_number = []
    for p in numbers:
        key = (p, demand[p], bags, any_bag)
        if key not in hand.fillers:
            hand.fillers[key] = _fill_options(rules, hand, p, demand[p], bags, any_bag, table_bags)
        per_number.append(hand.fillers[key])
    result: _Leaf | None = None
    for combo in product(*per_number):
        if sum(w for _, w in combo) > len(hand.wilds):
            continue
        fills = dict(zip(numbers, combo, strict=True))
        leaf = _score(rules, hand, bags, table_bags, runs, fills, any_bag)
        if leaf is not None and (result is None or leaf.score < result.score):
            result = leaf
    return result


def _own_runs_ok(rules: Ruleset, runs: tuple[_Run, ...], used: dict[int, int]) -> bool:
    own = [r for r in runs if r.own]
    if not own or rules.naturals == 0:
        return True
    if len(own) == 1:
        return sum(1 for p in own[0].positions if used.get(p, 0) > 0) >= rules.naturals
    top = rules.max_number
    a = [used.get(p, 0) for p in range(1, top + 1)]
    groups = tuple(tuple(((p - 1,), 1) for p in r.positions) for r in own)
    return max_fill(a, groups, rules.naturals)[1]


def _bags_ok(
    rules: Ruleset, bags: tuple[_Bag, ...], left: Counter[Card], wilds: int
) -> bool:
    """Can the own sets/colour groups reach their minimum from these cards?"""
    if not bags:
        return True
    faces = sorted(left)
    a = [left[f] for f in faces]
    groups = tuple(
        ((tuple(i for i, f in enumerate(faces) if b.takes(rules, f)), b.size),) for b in bags
    )
    if len(bags) == 1:
        matching = sum(a[i] for i in groups[0][0][0])
        return matching >= rules.naturals and matching + wilds >= bags[0].size
    filled, met = max_fill(a, groups, rules.naturals)
    return met and sum(b.size for b in bags) - filled <= wilds


def _score(
    rules: Ruleset,
    hand: _Hand,
    bags: tuple[_Bag, ...],
    table_bags: tuple[tuple[int, _Bag], ...],
    runs: tuple[_Run, ...],
    fills: dict[int, tuple[tuple[Card, ...], int]],
    any_bag: bool,
) -> _Leaf | None:
    used_count = {p: len(cards) for p, (cards, _) in fills.items()}
    if not _own_runs_ok(rules, runs, used_count):
        return None
    left = Counter(hand.naturals)
    for cards, _ in fills.values():
        left.subtract(cards)
    left = +left
    wilds_left = len(hand.wilds) - sum(w for _, w in fills.values())
    if not _bags_ok(rules, bags, left, wilds_left):
        return None
    all_bags = bags + tuple(b for _, b in table_bags)
    unplaced = [c for c in sorted(left.elements()) if not any(b.takes(rules, c) for b in all_bags)]
    if not any_bag:
        unplaced.extend(hand.wilds[len(hand.wilds) - wilds_left:])
    unplaced.extend(hand.skips)
    withheld = None
    if not unplaced and rules.going_out is GoingOut.DISCARD:
        withheld = _withhold(rules, hand, bags, left, wilds_left)
        if withheld is None:
            return None
        unplaced = [withheld]
    return _Leaf(_cost(unplaced, rules), bags, table_bags, runs, fills, tuple(unplaced))


def _withhold(
    rules: Ruleset, hand: _Hand, bags: tuple[_Bag, ...], left: Counter[Card], wilds: int
) -> Card | None:
    """A card that may stay in hand (to be discarded) without breaking an own group."""
    for face in sorted(left):
        if _bags_ok(rules, bags, left - Counter([face]), wilds):
            return face
    if wilds and _bags_ok(rules, bags, left, wilds - 1):
        return hand.wilds[-1]
    return None


# -- building the answer -----------------------------------------------------------------------


def _build(
    rules: Ruleset, phase: Phase | None, hand: _Hand, table: Sequence[TableGroup], leaf: _Leaf
) -> Play:
    wild_pool = list(hand.wilds)
    unplaced = list(leaf.unplaced)
    for card in unplaced:
        if card in wild_pool:
            wild_pool.remove(card)
    slot_cards = _assign_slots(rules, leaf, wild_pool)
    left = Counter(hand.naturals)
    for cards, _ in leaf.fills.values():
        left.subtract(cards)
    for card in unplaced:
        if rules.role(card) is Role.NATURAL:
            left[card] -= 1
    left = +left
    bag_cards = _assign_bags(rules, leaf.bags, left, wild_pool)
    laydown: list[LaidGroup] = []
    reqs = phase.requirements if phase else ()
    bag_iter = iter(zip(leaf.bags, bag_cards, strict=True))
    own_runs = {r.index: r for r in leaf.runs if r.own}
    for i, req in enumerate(reqs):
        if req.kind is Kind.RUN:
            run = own_runs[i]
            cards = slot_cards[(True, i)]
            stands = tuple(p if rules.role(c) is Role.WILD else None
                           for c, p in zip(cards, run.positions, strict=True))
            laydown.append(LaidGroup(Kind.RUN, cards, stands, run.start))
        else:
            bag, cards = next(bag_iter)
            number = bag.value if bag.attr is None else None
            stands = tuple(
                number if rules.role(c) is Role.WILD and isinstance(number, int) else None
                for c in cards
            )
            laydown.append(LaidGroup(req.kind, cards, stands, bag.value))
    hits: list[Hit] = []
    for run in leaf.runs:
        if not run.own:
            for card, p in zip(slot_cards[(False, run.index)], run.positions, strict=True):
                stand = p if rules.role(card) is Role.WILD else None
                hits.append(Hit(card, run.index, stand))
    leftovers = sorted(left.elements()) + wild_pool
    for card in leftovers:
        target = next(
            (i for i, b in leaf.table_bags
             if rules.role(card) is Role.WILD or b.takes(rules, card)),
            None,
        )
        if target is None:  # pragma: no cover - the score already placed it
            raise AssertionError(f"{card} has no group")
        stand = None
        group = table[target]
        if rules.role(card) is Role.WILD and group.kind is Kind.SET:
            stand = int(group.value)
        hits.append(Hit(card, target, stand))
    hits.sort(key=lambda h: h.group)
    discard = None
    if unplaced:
        discard = max(unplaced, key=lambda c: (rules.card_points(c), c.sort_key))
        unplaced.remove(discard)
    remaining = tuple(sorted(unplaced))
    points = sum(rules.card_points(c) for c in remaining)
    return Play(tuple(laydown), tuple(hits), discard, remaining, points, not remaining)


def _assign_slots(
    rules: Ruleset, leaf: _Leaf, wild_pool: list[Card]
) -> dict[tuple[bool, int], tuple[Card, ...]]:
    """Put the chosen fillers into concrete run positions, giving own runs naturals first
    (their minimum of naturals; the score checked that it can be met)."""
    fillers: dict[int, list[Card | None]] = {}
    for p, (naturals, wilds) in leaf.fills.items():
        fillers[p] = [*naturals, *([None] * wilds)]
    out: dict[tuple[bool, int], list[Card]] = {}
    order = sorted(leaf.runs, key=lambda r: (not r.own, r.index))
    # Own runs first take their minimum of naturals, at positions chosen together: taken
    # greedily, a first run could take the only natural a second run's minimum needed.
    taken: dict[tuple[bool, int], dict[int, Card]] = {(r.own, r.index): {} for r in order}
    own = [run for run in order if run.own]
    for run, positions in zip(own, _natural_positions(own, fillers, rules.naturals),
                              strict=True):
        for p in positions:
            natural = next(c for c in fillers[p] if c is not None)
            fillers[p].remove(natural)
            taken[(run.own, run.index)][p] = natural
    # ... then every slot takes what is left at its number.
    for run in order:
        mine = taken[(run.own, run.index)]
        cards: list[Card] = []
        for p in run.positions:
            if p in mine:
                cards.append(mine[p])
                continue
            pick = fillers[p].pop(0)
            cards.append(wild_pool.pop() if pick is None else pick)
        out[(run.own, run.index)] = cards
    return {k: tuple(v) for k, v in out.items()}


def _natural_positions(runs: Sequence[_Run], fillers: dict[int, list[Card | None]],
                       need: int) -> list[tuple[int, ...]]:
    """For each run, the positions whose naturals it takes to reach its minimum, so that
    every run reaches it (the score checked that they can)."""
    left = Counter({p: sum(c is not None for c in cards) for p, cards in fillers.items()})

    def choose(i: int) -> list[tuple[int, ...]] | None:
        if i == len(runs):
            return []
        held = [p for p in runs[i].positions if left[p] > 0]
        for positions in combinations(held, need):
            left.subtract(positions)
            rest = choose(i + 1)
            left.update(positions)
            if rest is not None:
                return [positions, *rest]
        return None

    return choose(0) or [()] * len(runs)


def _assign_bags(
    rules: Ruleset, bags: tuple[_Bag, ...], left: Counter[Card], wild_pool: list[Card]
) -> list[tuple[Card, ...]]:
    """Share the cards among the own sets/colour groups so each meets its minimum; extras go
    to the first group that takes them. Consumes what it uses from ``left``/``wild_pool``."""
    if not bags:
        return []
    faces = sorted(f for f in left if any(b.takes(rules, f) for b in bags))

    def split(i: int, given: list[list[Card]]) -> list[list[Card]] | None:
        if i == len(faces):
            naturals = [len(g) for g in given]
            if any(n < rules.naturals for n in naturals):
                return None
            short = sum(max(0, b.size - n) for b, n in zip(bags, naturals, strict=True))
            return given if short <= len(wild_pool) else None
        face = faces[i]
        targets = [j for j, b in enumerate(bags) if b.takes(rules, face)]
        for shares in _compositions(left[face], len(targets)):
            trial = [list(g) for g in given]
            for j, n in zip(targets, shares, strict=True):
                trial[j].extend([face] * n)
            found = split(i + 1, trial)
            if found is not None:
                return found
        return None

    groups = split(0, [[] for _ in bags])
    assert groups is not None, "the score guaranteed a split"
    for face in faces:
        del left[face]
    for group, bag in zip(groups, bags, strict=True):
        while len(group) < bag.size:
            group.append(wild_pool.pop())
    groups[0].extend(wild_pool)
    wild_pool.clear()
    return [tuple(sorted(g)) for g in groups]


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Ways to split ``total`` identical cards into ``parts`` ordered shares, front-heavy first."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)
