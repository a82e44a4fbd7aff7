"""The fast exact core: can a multiset of cards lay a phase, and which one card completes it.

Cards are first *projected* onto the only property the phase looks at (the number for sets and
runs, the colour for colour groups, the whole card when a phase mixes both), so that R7 and B7
are the same card to "2 sets of 3". A phase is then enumerated as *combos*: one concrete spec
per requirement (set of 7s, run 3..6, red colour group...). A combo is a list of slots; each
slot accepts naturals of some keys or a wild. With counts ``a`` of naturals per key and ``w``
wilds, a combo is layable iff the slots that naturals cannot fill are at most ``w`` and every
group can get its minimum of natural cards. When every slot accepts a single key (all rulesets'
own phases), the shortfall is ``sum(max(0, slots[k] - a[k]))`` and the naturals condition is
Hall's condition over groups; otherwise a tiny max-flow decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from itertools import combinations, product

from solver.cards import RED_SUITS, Card
from solver.phases import Kind, Phase, Requirement
from solver.rules import Attr, GoingOut, Role, Ruleset


class Basis(Enum):
    """What a projected key is."""

    NUMBER = "number"
    SUIT = "suit"
    REDBLACK = "redblack"
    CARD = "card"  # (number, suit): phases mixing numbers and colours


Slot = tuple[tuple[int, ...], int]  # (keys accepted, how many cards)
Group = tuple[Slot, ...]


@dataclass(frozen=True)
class Combo:
    """One concrete way to lay a phase: a group (list of slots) per requirement."""

    groups: tuple[Group, ...]
    totals: tuple[tuple[int, int], ...]  # singleton slots summed per key
    subsets: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # Hall: (slots per key, demand)
    singleton: bool
    size: int  # cards it lays: more than the phase asks for a longer run (naturals >= 2)


@dataclass(frozen=True)
class Projection:
    """Cards → class index: keys 0..K-1 for naturals, then WILD, then DEAD (skips)."""

    basis: Basis
    keys: tuple[tuple[int | None, str | None], ...]  # (number or None, attr value or None)
    index: dict[tuple[int | None, str | None], int]

    @property
    def wild(self) -> int:
        return len(self.keys)

    @property
    def dead(self) -> int:
        return len(self.keys) + 1

    @property
    def size(self) -> int:
        return len(self.keys) + 2

    def classify(self, rules: Ruleset, card: Card) -> int:
        role = rules.role(card)
        if role is Role.WILD:
            return self.wild
        if role is Role.SKIP:
            return self.dead
        return self.index[natural_key(rules, self.basis, card)]


def natural_key(rules: Ruleset, basis: Basis, card: Card) -> tuple[int | None, str | None]:
    """The projected key of a natural card."""
    if basis is Basis.NUMBER:
        return (rules.number(card), None)
    if basis is Basis.SUIT:
        return (None, rules.attr_value(card, Attr.SUIT))
    if basis is Basis.REDBLACK:
        return (None, rules.attr_value(card, Attr.REDBLACK))
    return (rules.number(card), rules.attr_value(card, Attr.SUIT))


def choose_basis(rules: Ruleset, phase: Phase) -> Basis:
    """The coarsest property that decides every requirement of the phase."""
    attrs = {rules.kind_attr(r.kind) for r in phase.requirements}
    if attrs == {None}:
        return Basis.NUMBER
    if attrs == {Attr.SUIT}:
        return Basis.SUIT
    if attrs == {Attr.REDBLACK}:
        return Basis.REDBLACK
    if None not in attrs:
        return Basis.SUIT  # suits decide red/black too
    return Basis.CARD


def make_projection(rules: Ruleset, basis: Basis) -> Projection:
    numbers: list[int | None] = list(range(1, rules.max_number + 1))
    suits: list[str | None] = list(rules.attr_values(Attr.SUIT))
    keys: list[tuple[int | None, str | None]]
    if basis is Basis.NUMBER:
        keys = [(n, None) for n in numbers]
    elif basis is Basis.SUIT:
        keys = [(None, s) for s in suits]
    elif basis is Basis.REDBLACK:
        keys = [(None, colour) for colour in ("red", "black")]
    else:
        keys = [(n, s) for n in numbers for s in suits]
    return Projection(basis, tuple(keys), {k: i for i, k in enumerate(keys)})


def run_positions(rules: Ruleset, start: int, length: int) -> tuple[int, ...]:
    """Numbers of a run, wrapping past the top when the ruleset allows it."""
    top = rules.max_number
    return tuple((start - 1 + i) % top + 1 for i in range(length))


def run_starts(rules: Ruleset, length: int) -> range:
    """Every first number a run of ``length`` may start at."""
    if rules.wrap and length < rules.max_number:
        return range(1, rules.max_number + 1)
    return range(1, rules.max_number - length + 2)


def _specs(rules: Ruleset, proj: Projection, req: Requirement) -> list[tuple[Group, object]]:
    """Every concrete group for one requirement, with a label (used for distinct colours)."""
    keys = proj.keys
    if req.kind is Kind.SET:
        sets: list[tuple[Group, object]] = []
        for v in range(1, rules.max_number + 1):
            sets.append((((tuple(i for i, k in enumerate(keys) if k[0] == v), req.size),), v))
        return sets
    if req.kind is Kind.RUN:
        # With one natural per group a run of exactly the required length always suffices (any
        # window holding a natural will do); with more, the naturals may lie further apart than
        # the minimum length (B1 W W B4 is the only "run 3" with two naturals here), so every
        # longer run must be considered too.
        top = rules.max_number
        lengths = range(req.size, req.size + 1) if rules.naturals <= 1 else range(req.size, top + 1)
        out: list[tuple[Group, object]] = []
        for length in lengths:
            for start in run_starts(rules, length):
                group = tuple(
                    (tuple(i for i, k in enumerate(keys) if k[0] == p), 1)
                    for p in run_positions(rules, start, length)
                )
                out.append((group, start))
        return out
    attr = rules.kind_attr(req.kind)
    assert attr is not None
    specs: list[tuple[Group, object]] = []
    for value in rules.attr_values(attr):
        accepted = tuple(
            i for i, k in enumerate(keys) if k[1] is not None and _colour_matches(k[1], attr, value)
        )
        specs.append((((accepted, req.size),), value))
    return specs


def _colour_matches(key_value: str, attr: Attr, value: str) -> bool:
    if attr is Attr.SUIT or key_value in ("red", "black"):
        return key_value == value
    return ("red" if key_value in RED_SUITS else "black") == value


def _compile(groups: tuple[Group, ...]) -> Combo:
    singleton = all(len(keys) == 1 for g in groups for keys, _ in g)
    totals: dict[int, int] = {}
    per_group: list[dict[int, int]] = []
    for g in groups:
        mine: dict[int, int] = {}
        for keys, count in g:
            if len(keys) == 1:
                totals[keys[0]] = totals.get(keys[0], 0) + count
                mine[keys[0]] = mine.get(keys[0], 0) + count
        per_group.append(mine)
    subsets: list[tuple[tuple[tuple[int, int], ...], int]] = []
    if singleton:
        for size in range(1, len(groups) + 1):
            for chosen in combinations(range(len(groups)), size):
                merged: dict[int, int] = {}
                for gi in chosen:
                    for key, count in per_group[gi].items():
                        merged[key] = merged.get(key, 0) + count
                subsets.append((tuple(sorted(merged.items())), size))
    size = sum(map(_size, groups))
    return Combo(groups, tuple(sorted(totals.items())), tuple(subsets), singleton, size)


def phase_combos(rules: Ruleset, proj: Projection, phase: Phase,
                 room: int | None = None) -> tuple[Combo, ...]:
    """Every concrete combo of the phase (symmetric duplicates of equal requirements dropped)
    that lays at most ``room`` cards (None: any number)."""
    reqs = phase.requirements
    spec_lists = [_specs(rules, proj, r) for r in reqs]
    combos: list[Combo] = []
    for choice in _choices([[_size(g) for g, _ in specs] for specs in spec_lists], room):
        if any(reqs[i] == reqs[i + 1] and choice[i] > choice[i + 1] for i in range(len(reqs) - 1)):
            continue
        redblack = [spec_lists[i][c][1] for i, c in enumerate(choice)
                    if reqs[i].kind is Kind.REDBLACK]
        if len(set(redblack)) < len(redblack):
            continue
        groups = tuple(spec_lists[i][c][0] for i, c in enumerate(choice))
        # choose_basis's projection tells every requirement apart: some natural fits each slot
        assert all(keys for g in groups for keys, _ in g)
        combos.append(_compile(groups))
    return tuple(combos)


def _size(group: Group) -> int:
    return sum(count for _, count in group)


def _choices(sizes: Sequence[Sequence[int]], room: int | None) -> Iterator[tuple[int, ...]]:
    """Every choice of one spec per requirement, in ``product`` order, laying at most ``room``
    cards: with two naturals a group every run length up to the top is a spec, and three such
    runs made 163,350 combos (minutes and gigabytes for one hand) where the hand held 11 cards.

    >>> list(_choices([[3, 4], [2, 5]], 7))
    [(0, 0), (1, 0)]
    """
    if room is None:
        yield from product(*(range(len(s)) for s in sizes))
        return
    least_after = [sum(min(s) for s in sizes[i + 1:]) for i in range(len(sizes))]

    def walk(i: int, used: int) -> Iterator[tuple[int, ...]]:
        if i == len(sizes):
            yield ()
            return
        for c, size in enumerate(sizes[i]):
            if used + size + least_after[i] <= room:
                for rest in walk(i + 1, used + size):
                    yield (c, *rest)

    yield from walk(0, 0)


# -- evaluation --------------------------------------------------------------------------------


def shortfall(a: Sequence[int], combo: Combo, enough: int | None = None) -> int:
    """Slots the naturals cannot fill (ignoring the naturals-per-group minimum). ``enough``:
    the caller only asks whether it is at most that, so a larger value may come from a cheap
    bound instead of the max-flow (most of a colour-and-set phase's combos are far from a
    hand: an 11-card hand of "run 4 + colour 2 + set 3" took 20 s; speed audit, session 65)."""
    if combo.singleton:
        return sum(s - a[k] for k, s in combo.totals if s > a[k])
    if enough is not None:
        at_least = combo.size - _fill_bound(a, combo.groups)
        if at_least > enough:
            return at_least
    return combo.size - max_fill(a, combo.groups, 0)[0]


def _fill_bound(a: Sequence[int], groups: Sequence[Group]) -> int:
    """At least ``max_fill``'s naturals placed: each slot filled from its keys' cards as if no
    other slot wanted them, each group at most its size.

    >>> _fill_bound([2, 1, 0], [(((0, 1), 2), ((2,), 1)), (((0,), 3),)])  # 2 + 0, then 2
    4
    """
    total = 0
    for group in groups:  # plain loops: called for every combo of every hand weighed
        size = got = 0
        for keys, count in group:
            size += count
            have = 0
            for k in keys:
                have += a[k]
            got += count if have >= count else have
        total += got if got < size else size
    return total


def naturals_ok(a: Sequence[int], combo: Combo, naturals: int) -> bool:
    """Can every group get ``naturals`` natural cards at once? (Hall's condition)."""
    if naturals == 0:
        return True
    if combo.singleton:
        for slots, groups in combo.subsets:
            if sum(s if s < a[k] else a[k] for k, s in slots) < naturals * groups:
                return False
        return True
    return max_fill(a, combo.groups, naturals)[1]


def natural_deficit(a: Sequence[int], combo: Combo, naturals: int) -> int:
    """How many natural cards are missing for every group's minimum of naturals (0 or 1 for
    the rare combos whose slots accept several keys: there only "some" is known)."""
    if naturals == 0:
        return 0
    if combo.singleton:
        worst = 0
        for slots, groups in combo.subsets:
            have = sum(s if s < a[k] else a[k] for k, s in slots)
            worst = max(worst, naturals * groups - have)
        return worst
    return 0 if max_fill(a, combo.groups, naturals)[1] else 1


def layable(a: Sequence[int], wilds: int, combo: Combo, naturals: int) -> bool:
    """Can naturals ``a`` plus ``wilds`` wilds fill the combo?"""
    return shortfall(a, combo, enough=wilds) <= wilds and naturals_ok(a, combo, naturals)


def max_fill(
    a: Sequence[int], groups: Sequence[Group], naturals: int
) -> tuple[int, bool]:
    """Most naturals the slots can hold while each group first gets ``naturals`` of them.

    Returns (naturals placed, whether every group reached its minimum). A max-flow on a tiny
    graph: source → key (a[k]) → slot (its count) → group → sink. The minimum is met first with
    the group → sink capacity at ``naturals``; raising it then only adds flow (an augmenting path
    never returns flow from the sink), so the minimum stays met.
    """
    return _max_fill(*_seen_by(a, groups), naturals)


def naturals_lacking(a: Sequence[int], groups: Sequence[Group], naturals: int) -> int:
    """How many natural cards the groups' minimums of ``naturals`` lack (the first
    phase of ``max_fill``'s flow); 0 exactly when ``max_fill`` says they are met."""
    return _naturals_lacking(*_seen_by(a, groups), naturals)


def growing_keys(a: Sequence[int], groups: Sequence[Group],
                 naturals: int | None = None) -> frozenset[int]:
    """The keys one more card of which the slots would hold (each raises ``max_fill`` by one):
    after a maximum flow, those whose node still reaches the sink along spare capacity. One
    flow instead of one per key. With ``naturals``: the keys one more card of which gives the
    groups' minimums of that many naturals one more (lowers ``naturals_lacking`` by one)."""
    return _growing_keys(*_seen_by(a, groups), naturals)


# The flows are memoised by the counts of the keys the groups take: the hands a draw question
# weighs differ by a card or two, mostly cards a given combo does not take (three in four of
# a colour-and-set phase's flows were repeats; speed audit, session 65).
_FLOWS_KEPT = 1 << 13  # about 22 MB held at most by the three flow memos


@lru_cache(maxsize=_FLOWS_KEPT)
def _keys_of(groups: tuple[Group, ...]) -> tuple[int, ...]:
    return tuple(sorted({k for g in groups for ks, _ in g for k in ks}))


def _seen_by(a: Sequence[int], groups: Sequence[Group]) -> tuple[tuple[Group, ...],
                                                                  tuple[int, ...]]:
    """The groups, hashable, and the counts of the keys they take: all a flow depends on."""
    held = tuple(groups)
    return held, tuple(a[k] for k in _keys_of(held))


def forget_flows() -> None:
    """Empties the flow memos: a benchmark times the search, not a repeat of it."""
    for memo in (_keys_of, _max_fill, _naturals_lacking, _growing_keys):
        memo.cache_clear()


def _counts_back(groups: tuple[Group, ...], seen: tuple[int, ...]) -> list[int]:
    keys = _keys_of(groups)
    a = [0] * (keys[-1] + 1 if keys else 0)
    for k, count in zip(keys, seen, strict=True):
        a[k] = count
    return a


@lru_cache(maxsize=_FLOWS_KEPT)
def _max_fill(groups: tuple[Group, ...], seen: tuple[int, ...],
              naturals: int) -> tuple[int, bool]:
    net = _Network(_counts_back(groups, seen), groups, naturals)
    flow = net.augment()
    met = flow >= net.least_naturals
    net.open_groups()
    return flow + net.augment(), met


@lru_cache(maxsize=_FLOWS_KEPT)
def _naturals_lacking(groups: tuple[Group, ...], seen: tuple[int, ...], naturals: int) -> int:
    net = _Network(_counts_back(groups, seen), groups, naturals)
    return net.least_naturals - net.augment()


@lru_cache(maxsize=_FLOWS_KEPT)
def _growing_keys(groups: tuple[Group, ...], seen: tuple[int, ...],
                  naturals: int | None) -> frozenset[int]:
    net = _Network(_counts_back(groups, seen), groups, naturals or 0, every_key=True)
    if naturals is None:
        net.open_groups()
    net.augment()
    reach = {net.sink}
    stack = [net.sink]
    while stack:  # backwards: u reaches the sink if an edge u → v with room leads to a reached v
        v = stack.pop()
        for u in net.near[v]:
            if u not in reach and net.cap[u][v] > 0:
                reach.add(u)
                stack.append(u)
    return frozenset(k for k, node in net.key_node.items() if node in reach)


class _Network:
    """The flow graph of ``max_fill``, as capacities and each node's neighbours either way
    (residual edges run backwards too): a search scans these instead of a whole row of the
    matrix, which was most of a colour phase's time."""

    def __init__(self, a: Sequence[int], groups: Sequence[Group], naturals: int,
                 every_key: bool = False) -> None:
        keys = sorted({k for g in groups for ks, _ in g for k in ks if every_key or a[k] > 0})
        slots = [(gi, ks, c) for gi, g in enumerate(groups) for ks, c in g]
        n_keys, n_slots = len(keys), len(slots)
        self.first_group = 1 + n_keys + n_slots
        self.source, self.sink = 0, self.first_group + len(groups)
        size = self.sink + 1
        self.cap = [[0] * size for _ in range(size)]
        self.near: list[list[int]] = [[] for _ in range(size)]
        self.key_node = {k: 1 + i for i, k in enumerate(keys)}
        for k in keys:
            self._edge(self.source, self.key_node[k], a[k])
        for si, (gi, ks, count) in enumerate(slots):
            for k in ks:
                if k in self.key_node:
                    self._edge(self.key_node[k], 1 + n_keys + si, count)
            self._edge(1 + n_keys + si, self.first_group + gi, count)
        self.naturals = naturals
        self.group_sizes = [sum(c for _, c in g) for g in groups]
        for gi, group_size in enumerate(self.group_sizes):
            self._edge(self.first_group + gi, self.sink, min(naturals, group_size))

    def _edge(self, u: int, v: int, capacity: int) -> None:
        # Each edge is made once (a slot's keys are distinct, the graph runs one way), so no
        # search of the neighbours first: that search was a fifth of a colour phase's time.
        self.near[u].append(v)
        self.near[v].append(u)
        self.cap[u][v] = capacity

    @property
    def least_naturals(self) -> int:
        """The natural cards the groups' minimums ask for together."""
        return sum(min(self.naturals, size) for size in self.group_sizes)

    def open_groups(self) -> None:
        """Each group's edge to the sink raised from its minimum of naturals to its size."""
        for gi, group_size in enumerate(self.group_sizes):
            self.cap[self.first_group + gi][self.sink] += group_size - min(self.naturals,
                                                                           group_size)

    def augment(self) -> int:
        return _augment_all(self.cap, self.near, self.source, self.sink)


def _augment_all(cap: list[list[int]], near: list[list[int]], source: int, sink: int) -> int:
    total = 0
    size = len(cap)
    while True:
        parent = [-1] * size
        parent[source] = source
        stack = [source]
        while stack and parent[sink] < 0:
            u = stack.pop()
            for v in near[u]:
                if parent[v] < 0 and cap[u][v] > 0:
                    parent[v] = u
                    stack.append(v)
        if parent[sink] < 0:
            return total
        bottleneck = 1 << 30
        v = sink
        while v != source:
            bottleneck = min(bottleneck, cap[parent[v]][v])
            v = parent[v]
        v = sink
        while v != source:
            cap[parent[v]][v] -= bottleneck
            cap[v][parent[v]] += bottleneck
            v = parent[v]
        total += bottleneck


def kept_back(rules: Ruleset) -> int:
    """Cards that must remain in hand once a phase is laid: one to discard under seed 003's
    rule, none where the last card may also be hit."""
    return 1 if rules.going_out is GoingOut.DISCARD else 0


def hand_needed(rules: Ruleset, phase: Phase) -> int:
    """The fewest cards a hand must hold to lay ``phase``."""
    return phase.cards_needed + kept_back(rules)


class PhaseModel:
    """A phase compiled for one ruleset: projection, combos and a memo of completing cards."""

    def __init__(self, rules: Ruleset, phase: Phase, hand_size: int | None = None) -> None:
        """``hand_size``: the most cards a hand asked about holds (None: any number); with two
        naturals a group, combos a hand that size cannot lay are never built."""
        self.rules = rules
        self.phase = phase
        self.proj = make_projection(rules, choose_basis(rules, phase))
        self.kept_back = kept_back(rules)
        self.hand_needed = hand_needed(rules, phase)
        room = None if hand_size is None else hand_size - self.kept_back
        self.combos = phase_combos(rules, self.proj, phase, room)
        self.naturals = rules.naturals

    def counts(self, cards: Iterable[Card]) -> list[int]:
        """Class counts (keys..., wild, dead) of some cards."""
        out = [0] * self.proj.size
        for card in cards:
            out[self.proj.classify(self.rules, card)] += 1
        return out

    def fits_in(self, hand_size: int) -> bool:
        """Whether a hand of this size may lay the phase at all (a discard may have to remain)."""
        return hand_size >= self.hand_needed

    def within(self, hand_size: int, combos: Sequence[Combo] | None = None) -> tuple[Combo, ...]:
        """The combos (of ``combos``, default all) a hand of ``hand_size`` cards may lay: with
        two naturals a group a run may be longer than asked, and a hand it would fill leaves no
        card to discard where one must remain."""
        room = hand_size - self.kept_back
        return tuple(c for c in (self.combos if combos is None else combos) if c.size <= room)

    def feasible(self, counts: Sequence[int]) -> bool:
        """Can a hand with these class counts lay the phase now?"""
        if not self.fits_in(sum(counts)):
            return False
        wilds = counts[self.proj.wild]
        return any(layable(counts, wilds, c, self.naturals) for c in self.within(sum(counts)))

    def near(self, counts: Sequence[int], slack: int) -> tuple[Combo, ...]:
        """Combos at most ``slack`` cards short for ``counts`` — the only ones that can become
        layable after removing cards and adding ``slack`` cards."""
        wilds = counts[self.proj.wild]
        return tuple(c for c in self.combos
                     if shortfall(counts, c, enough=wilds + slack) - wilds <= slack)


class Completers:
    """Memoised: which single class added to a hand makes the phase layable."""

    def __init__(self, model: PhaseModel, combos: tuple[Combo, ...], hand_size: int) -> None:
        self.model = model
        self.combos = model.within(hand_size, combos)
        self.possible = model.fits_in(hand_size)
        self.memo: dict[tuple[int, ...], frozenset[int]] = {}
        self.everything = frozenset(range(model.proj.size))

    def __call__(self, counts: tuple[int, ...]) -> frozenset[int]:
        hit = self.memo.get(counts)
        if hit is not None:
            return hit
        result = self._compute(counts) if self.possible else frozenset()
        self.memo[counts] = result
        return result

    def _compute(self, counts: tuple[int, ...]) -> frozenset[int]:
        proj = self.model.proj
        nat = self.model.naturals
        wilds = counts[proj.wild]
        found: set[int] = set()
        for combo in self.combos:
            if not combo.singleton:
                self._general(counts, combo, found)
                if len(found) == proj.size:
                    return self.everything
                continue
            short = 0
            for k, s in combo.totals:
                if s > counts[k]:
                    short += s - counts[k]
            if short > wilds + 1:
                continue
            if naturals_ok(counts, combo, nat):
                if short <= wilds:
                    return self.everything
                found.add(proj.wild)
            for k, s in combo.totals:
                if s > counts[k] and k not in found:
                    bumped = list(counts)
                    bumped[k] += 1
                    # A combo more than one short was passed over: the wilds fill the rest.
                    if naturals_ok(bumped, combo, nat):
                        found.add(k)
        return frozenset(found)

    def _general(self, counts: tuple[int, ...], combo: Combo, found: set[int]) -> None:
        proj = self.model.proj
        nat = self.model.naturals
        wilds = counts[proj.wild]
        # One more card fills at most one more slot: a combo two short needs no trial of every
        # key (the max-flow per key made a colour-and-run phase take a minute).
        short = shortfall(counts, combo, enough=wilds + 1)
        if short > wilds + 1:
            return
        # Likewise one more card gives the groups' minimums at most one more natural: a combo
        # two short of them needs no trial either (two naturals a group, six cards with three
        # Wilds: 7 s on a colour-and-run phase).
        lacking = naturals_lacking(counts, combo.groups, nat)
        if lacking > 1:
            return
        if short <= wilds and not lacking:
            found.update(self.everything)
            return
        if not lacking:
            # Here short == wilds + 1: a wild fills the last slot, and so does any key the
            # slots would hold one more of (adding a natural never breaks the minimum).
            found.add(proj.wild)
            found.update(growing_keys(counts, combo.groups))
            return
        # A natural may be what a group's minimum lacks: one more of a key gives the minimums
        # one more natural, and fills one more slot, each exactly where the key's node still
        # reaches the sink (one flow each, not two per key: eight Wilds and two naturals on a
        # colour-and-set phase took 14 s; speed audit, session 65).
        raising = growing_keys(counts, combo.groups, nat)
        found.update(raising if short <= wilds else raising & growing_keys(counts, combo.groups))
