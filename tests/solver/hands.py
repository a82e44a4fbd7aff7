"""Random hands for the property tests and the benchmark: random, and near-complete (built
around a legal laydown of the phase, then spoiled a little)."""

from __future__ import annotations

import random
from collections import Counter

from solver.cards import Card
from solver.phases import Kind, Phase
from solver.rules import Role, Ruleset


def deck_list(rules: Ruleset) -> list[Card]:
    return sorted(rules.deck_counts().elements())


def random_hand(rules: Ruleset, rng: random.Random, size: int) -> list[Card]:
    return rng.sample(deck_list(rules), size)


def near_complete_hand(
    rules: Ruleset, phase: Phase, rng: random.Random, size: int, missing: int,
    stock: Counter[Card] | None = None,
) -> list[Card]:
    """A legal laydown of ``phase`` with ``missing`` of its cards swapped for random ones,
    topped up with random cards to ``size`` — every copy limit respected (cards are taken
    out of ``stock``, the whole deck by default)."""
    if stock is None:
        stock = Counter(rules.deck_counts())
    naturals = [c for c in stock.elements() if rules.role(c) is Role.NATURAL]
    wilds = [c for c in stock.elements() if rules.role(c) is Role.WILD]
    chosen: list[Card] = []

    def take(candidates: list[Card]) -> Card | None:
        options = [c for c in candidates if stock[c] > 0]
        if not options:
            return None
        card = rng.choice(options)
        stock[card] -= 1
        return card

    for req in phase.requirements:
        if req.kind is Kind.SET:
            v = rng.randint(1, rules.max_number)
            pool = [c for c in naturals if c.rank == v]
        elif req.kind is Kind.RUN:
            start = rng.randint(1, rules.max_number - req.size + 1)
            pool = []
            for p in range(start, start + req.size):
                card = take([c for c in naturals if c.rank == p]) if rng.random() > 0.15 else None
                if card is None:
                    card = take(wilds) or take(naturals)
                if card is not None:
                    chosen.append(card)
            continue
        else:
            attr = rules.kind_attr(req.kind)
            assert attr is not None
            value = rng.choice(rules.attr_values(attr))
            pool = [c for c in naturals if rules.attr_value(c, attr) == value]
        for _ in range(req.size):
            card = take(pool) if rng.random() > 0.15 else take(wilds)
            if card is None:
                card = take(pool) or take(naturals)
            if card is not None:
                chosen.append(card)
    rng.shuffle(chosen)
    chosen = chosen[missing:]
    for card in chosen[size:]:
        stock[card] += 1
    chosen = chosen[:size]
    rest = list(stock.elements())
    rng.shuffle(rest)
    while len(chosen) < size and rest:
        card = rest.pop()
        stock[card] -= 1
        chosen.append(card)
    return chosen


def random_table(
    rules: Ruleset, rng: random.Random, stock: Counter[Card], groups: int
) -> list[tuple[str, list[Card]]]:
    """Up to ``groups`` legal laid groups (kind, cards in table order), taken out of ``stock``."""
    naturals = [c for c in stock.elements() if rules.role(c) is Role.NATURAL]
    out: list[tuple[str, list[Card]]] = []
    for _ in range(groups):
        kind = rng.choice(["set", "run", "run", "colour"])
        cards: list[Card] = []

        def take(pool: list[Card], wild_ok: bool = True) -> Card | None:
            options = [c for c in pool if stock[c] > 0]
            wild = [c for c in stock if stock[c] > 0 and rules.role(c) is Role.WILD]
            if wild_ok and wild and rng.random() < 0.15:
                options = wild
            if not options:
                return None
            card = rng.choice(options)
            stock[card] -= 1
            return card

        if kind == "set":
            v = rng.randint(1, rules.max_number)
            first = take([c for c in naturals if c.rank == v], wild_ok=False)
            cards = [c for c in [first] + [take([c for c in naturals if c.rank == v])
                                           for _ in range(2)] if c is not None]
            if first is None:
                cards = []
        elif kind == "run":
            length = rng.randint(3, 6)
            start = rng.randint(1, rules.max_number - length + 1)
            for i, p in enumerate(range(start, start + length)):
                card = take([c for c in naturals if c.rank == p], wild_ok=i > 0)
                if card is None:
                    for c in cards:
                        stock[c] += 1
                    cards = []
                    break
                cards.append(card)
        else:
            attr = rules.kind_attr(rules_kind("colour"))
            assert attr is not None
            value = rng.choice(rules.attr_values(attr))
            pool = [c for c in naturals if rules.attr_value(c, attr) == value]
            first = take(pool, wild_ok=False)
            cards = [c for c in [first] + [take(pool) for _ in range(3)] if c is not None]
            if first is None:
                cards = []
        if cards:
            out.append((kind, cards))
    return out


def rules_kind(word: str) -> Kind:
    return Kind(word)
