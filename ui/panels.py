"""What the Hand tab's advice panel and the score sheet's count panel say, decided here and not
among the Streamlit calls, so that every message is tested without a browser.

A panel is a row of blocks, each a message by its key in `ui.strings` or the cards it shows;
`ui.page_common.show_blocks` draws them in order and decides nothing.

>>> from ui.advice import TableForm, ruleset_for
>>> [block.key for block in advice_panel(("R7",), ruleset_for("mattel", None), 1,
...                                      TableForm(top="G7"), "en") if isinstance(block, Message)]
['draw_needs_ten', 'not_complete']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import solver
from scoresheet import Game, most_hand_points
from scoresheet.game import CARDS_LEFT
from solver import DrawAdvice, Ruleset, SolverError, explain_draw, parse_card, the_card
from solver.explain import join_alternatives
from ui.advice import (
    HAND_AFTER_DRAW,
    Advice,
    DiscardRow,
    TableForm,
    advise,
    asks_draw,
    before_draw,
    draw_advice,
    ready_phases,
    solver_problem,
    table_word,
)
from ui.chips import card_markdown, cards_text
from ui.reading import Reading, flagged_positions
from ui.strings import plain
from vision import LaidTable

# "bold": a line of its own in bold; "heading": a small heading.
Kind = Literal["success", "info", "warning", "error", "caption", "bold", "heading"]


@dataclass(frozen=True)
class Message:
    """The string ``key`` of `ui.strings` filled in with ``fields``, shown as ``kind``."""

    kind: Kind
    key: str
    fields: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    """The solver's own words, shown as info; ``lead``: a string key said before them."""

    text: str
    lead: str | None = None


@dataclass(frozen=True)
class Groups:
    """Groups of cards to lay down, as chips."""

    groups: tuple[tuple[str, ...], ...]
    stands_for: tuple[tuple[str, ...], ...] = ()  # per card: what a wild stands for, or ""


@dataclass(frozen=True)
class Hit:
    """A card of the hand that goes onto a table group (numbered from 1)."""

    card: str
    group: int


@dataclass(frozen=True)
class Discard:
    card: str


@dataclass(frozen=True)
class Chart:
    """Each discard's chance of the phase within two draws, the advised one first."""

    rows: tuple[DiscardRow, ...]


@dataclass(frozen=True)
class OtherDeck:
    """The photo looks like the other deck's cards than ``rules`` is played with; ``read_any``:
    some were read anyway (as this deck's cards, likely wrongly)."""

    rules: Ruleset
    read_any: bool


Block = Message | Explanation | Groups | Hit | Discard | Chart | OtherDeck


def advice_panel(tokens: Sequence[str], rules: Ruleset, phase: int, table: TableForm,
                 lang: str, others: Sequence[int] = (),
                 drawn: DrawAdvice | None = None) -> tuple[Block, ...]:
    """The advice for ``phase``: the draw question first where it is asked, then the analysis
    of the hand the player will hold. ``others``: phases the player may choose instead, named
    when the hand already holds one of them; ``drawn``: this phase's draw advice, when the
    choice of the phase has weighed it already. ``lang`` words the solver's explanations."""
    said: list[Block] = []
    hand = tuple(tokens)
    if asks_draw(hand, table):
        try:
            advice = drawn if drawn is not None else draw_advice(hand, rules, phase, table)
        except SolverError as error:
            return (_failed(error, lang),)
        said.append(Explanation(explain_draw(advice, rules, lang), lead="draw_advice"))
        if not advice.take:  # what to discard waits for the card drawn
            return (*said, Message("caption", "after_blind"))
        assert table.top is not None  # asks_draw: the top card was typed
        # The rest of the advice is for the hand the player will hold, not the one before.
        said.append(Message("caption", "after_take",
                            {"card": the_card(parse_card(table.top), rules, lang)}))
        hand = (*hand, table.top)
    elif table.top and len(hand) == HAND_AFTER_DRAW and not table.down:
        # Drawn blind as advised and the card added: the top card still lies on the pile,
        # one fewer to draw; it was "draw advice needs the 10 cards" (odds audit, session 65).
        # A hand holding it may have taken it: counted there, it is not counted twice.
        top = parse_card(table.top)
        if top not in {parse_card(token) for token in hand}:
            table = replace(table, known=(*table.known, table.top))
            said.append(Message("caption", "top_seen", {"card": the_card(top, rules, lang)}))
    elif table.top:
        said.append(Message("caption", "draw_needs_ten", {"count": len(hand)}))
    try:
        result = advise(hand, rules, phase, table)
    except SolverError as error:
        return (*said, _failed(error, lang))
    if before_draw(hand, table):
        said.append(Message("info", "draw_first"))
    # Down, fewer is usual; beside "draw advice needs the 10 cards before the draw" it only
    # said the count again.
    elif len(hand) != HAND_AFTER_DRAW and not table.down and not table.top:
        said.append(Message("caption", "hand_size_note", {"count": len(hand)}))
    if result.complete and before_draw(hand, table):
        # The card still to be drawn goes onto the table or is the discard: no discard or
        # going out can be said yet, only the laydown the hand already holds.
        return (*said, Message("success", "complete_before_draw", {"phase": phase}),
                Groups(result.laydown, result.laydown_as))
    if result.complete:
        return (*said, *_laid(result, phase, table, lang))
    return (*said, *_not_laid(result, phase, ready_phases(hand, rules, others, table), lang))


def _laid(result: Advice, phase: int, table: TableForm, lang: str) -> tuple[Block, ...]:
    """A hand that lays its phase (or, down, plays what it can): what goes where."""
    if table.down:
        said: list[Block] = [Message("success", _down_banner(result))]
    else:
        said = [Message("success", "complete", {"phase": phase})]
    if result.laydown:
        said += [Message("bold", "laydown"), Groups(result.laydown, result.laydown_as)]
    said += [Hit(card, group) for card, group in result.hits]
    said.append(Discard(result.discard) if result.discard else Message("success", "no_discard"))
    return (*said, Message("bold", "points_left", {"points": result.remaining_points}),
            Explanation(result.explanation(lang)))


def _down_banner(result: Advice) -> str:
    """What a player already down does this turn, in one line: "hit and discard" misled beside
    "No discard needed", above a discard that ends the hand, and above a lone discard."""
    hits, out = bool(result.hits), result.analysis.goes_out
    if result.discard is None:  # a turn ends with a discard unless the hand is gone
        return "down_out"
    if out:
        return "down_hit_discard_out" if hits else "down_discard_out"
    return "down_done" if hits else "down_discard"


def _not_laid(result: Advice, phase: int, ready: Sequence[int],
              lang: str) -> tuple[Block, ...]:
    """A hand short of its phase: what is missing, and which discard gives the best chance."""
    said: list[Block] = [Message("warning", "not_complete", {"phase": phase})]
    if ready:  # free phase choice: another open phase is laid from this very hand
        said.append(Message("info", "other_phase_ready" if len(ready) == 1
                            else "other_phases_ready",
                            {"phases": ", ".join(map(str, sorted(ready)))}))
    if result.analysis.distance is None:  # too few cards for the phase: nothing to weigh
        return (*said, Explanation(result.explanation(lang)))
    if result.discard:
        said.append(Message("heading", "recommended", {"card": card_markdown(result.discard)}))
    said.append(Explanation(result.explanation(lang)))  # what is missing, which draws bring it
    # An empty chart says nothing, and the explanation has said that no discard gives a chance.
    if any(row.p2 > 0 for row in result.discards):
        said += [Message("bold", "chart_title"), Chart(result.discards)]
    return tuple(said)


def _failed(error: SolverError, lang: str) -> Message:
    return Message("error", "advice_error", {"detail": solver_problem(lang, error)})


@dataclass(frozen=True)
class CountVerdict:
    """What the count panel says of the cards typed or read; ``points``: what the player may
    put into the points field (None: nothing, and no button to do it)."""

    blocks: tuple[Block, ...]
    points: int | None = None


def table_lines(laid: LaidTable, lang: str) -> str:
    """The groups a photo of the table put into the box, a line each, in the page's words
    (``LaidTable.text`` has the command line's English ones).

    >>> from vision.table import LaidGroup
    >>> table_lines(LaidTable((LaidGroup(("R7", "W", "W"), ("set", "run")),)), "nl")
    'set R7 W W'
    >>> table_lines(LaidTable((LaidGroup(("R3", "R4", "W"), ("run",)),)), "da")
    'stræk R3 R4 W'
    """
    return "\n".join(f"{table_word(group.kinds[0], lang)} {' '.join(group.cards)}"
                     for group in laid.written)


def table_photo_panel(laid: LaidTable, lang: str) -> tuple[Message, ...]:
    """What a photo of the table put into the box of groups: how many groups, which kind was
    a guess among several, and what was left out for the player to type.

    >>> from vision.table import LaidGroup
    >>> laid = LaidTable((LaidGroup(("R7", "W"), ("set", "run", "colour")),
    ...                   LaidGroup(("R7", "B9"), ()), LaidGroup(("Y9",), ("set",))))
    >>> [(m.kind, m.key, dict(m.fields)) for m in table_photo_panel(laid, "en")][:2]
    [('info', 'table_photo_read_one', {}), ('warning', 'table_photo_guess', \
{'cards': 'R7, W', 'kinds': 'set, run or colour', 'kind': 'set'})]
    >>> dict(table_photo_panel(laid, "de")[1].fields)["kinds"]
    'Satz, Folge oder Farbe'
    """
    written = len(laid.written)
    said = [Message("info", "table_photo_read_one") if written == 1
            else Message("info", "table_photo_read", {"count": written}) if written
            else Message("warning", "table_photo_none")]
    said += [Message("warning", "table_photo_guess", {
        "cards": cards_text(group.cards),
        "kinds": join_alternatives([table_word(kind, lang) for kind in group.kinds], lang),
        "kind": table_word(group.kinds[0], lang)}) for group in laid.guessed]
    said += [Message("warning", "table_photo_unfit", {"cards": cards_text(group.cards)})
             for group in laid.unfit]
    said += [Message("warning", "table_photo_lone", {"card": cards_text([card])})
             for card in laid.lone]
    return tuple(said)


def count_verdict(raw: str, rules: Ruleset, found: Reading | None, game: Game, player: int,
                  lang: str) -> CountVerdict:
    """The points of the leftover cards in ``raw`` (typed, or ``found`` in a photo) for
    ``game``'s ``player``; ``lang`` words a refused card."""
    try:
        tokens, points = solver.leftover_points(raw, rules)
    except SolverError as error:
        return CountVerdict((Message("error", "hand_invalid",
                                     {"detail": solver_problem(lang, error, rules.deck)}),))
    if found is not None and found.other_deck and tokens == found.tokens:
        # The other deck's cards read as this one's: no points until typed anew. Said only
        # while they stand, the game's ruleset fixed (no switch offered).
        return CountVerdict((OtherDeck(rules, bool(found.detections)),))
    if not tokens:  # 0 is what going out scores: never put in from an empty reading
        empty = found is not None and not found.detections
        return CountVerdict((Message("warning", "count_none"),) if empty else ())
    said: list[Block] = []
    flagged = flagged_positions(tokens, found.unsure if found else ())
    if flagged:  # a misread card changes the score: worth a look before it counts
        said.append(Message("warning", "low_confidence",
                            {"cards": cards_text(tokens[i] for i in flagged)}))
    said.append(Message("info", "counted", {"player": plain(game.players[player]),
                                            "cards": cards_text(tokens), "points": points}))
    if len(tokens) > CARDS_LEFT:  # 11 read from a photo were taken (browser audit)
        said.append(Message("warning", "count_cards_many",
                            {"count": len(tokens), "most": CARDS_LEFT}))
    most = most_hand_points(game.rules)
    if points > most:  # a misread (or another deck's) card: saving it would be refused
        return CountVerdict((*said, Message("error", "count_too_many",
                                            {"points": points, "most": most})))
    return CountVerdict(tuple(said), points)
