"""The bridge between the page and the solver: rules from the page's choices, table input,
and the solver's analysis in the shape the advice panel shows.

>>> rules = ruleset_for("mattel", None)
>>> faces(rules)[:3], rules.skip_cards
(('R1', 'B1', 'G1'), 4)
>>> read_table_form("set R5 B5 W", "G1, G2", "", False).groups
(('set', ('R5', 'B5', 'W')),)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple
from urllib.parse import urlencode, urlsplit

import solver
from scoresheet import (
    EndRule,
    Game,
    GameRules,
    PhaseOrder,
    Stage,
    Standings,
    from_csv,
    new_game,
    standings,
)
from solver import (
    MOST_DECKS,
    RULESETS,
    Analysis,
    DrawAdvice,
    GoingOut,
    Parity,
    Role,
    Ruleset,
    SolverError,
    all_faces,
    explain_analysis,
    explain_error,
    format_hand,
    kind_named,
    parse_card,
    parse_hand,
    ruleset,
)
from ui.phases import phase_text, solver_phase
from ui.strings import plain, text

HAND_BEFORE_DRAW = 10
HAND_AFTER_DRAW = 11
_PARITY = {PhaseOrder.EVEN: Parity.EVEN, PhaseOrder.ODD: Parity.ODD}


@dataclass(frozen=True)
class TableForm:
    """What the player typed about the table: laid groups, other seen cards, the discard top."""

    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    known: tuple[str, ...] = ()
    top: str | None = None
    down: bool = False


def classic_decks(game: Game | None) -> int:
    """Classic's decks for a game: two 52-card decks (and 4 jokers) per two players, seed 000.

    >>> classic_decks(None), classic_decks(new_game(["A", "B", "C"]))
    (2, 4)
    """
    players = len(game.players) if game is not None else 2
    return min(MOST_DECKS, 2 * ((players + 1) // 2))


def rules_of(game: Game | None, name: str) -> GameRules | None:
    """The open game's rules where the page plays ruleset ``name``: a game of another ruleset
    lends it neither its phase list nor its table's switches.

    >>> rules_of(new_game(["A", "B"], GameRules("classic")), "mattel") is None
    True
    """
    return game.rules if game is not None and game.rules.ruleset == name else None


def ruleset_for(name: str, game: Game | None, *, skips: bool | int = True,
                going_out: str = "either", decks: int | None = None,
                phases: Sequence[str] = (), wrap: bool = False,
                naturals: int = 1) -> Ruleset:
    """The solver's ruleset for the page's choices; a score-sheet game adds its phase list and
    phase order, and classic's decks follow its players unless ``decks`` says. ``phases``: a
    shared link's own phase list, where no game gives one. ``wrap`` and ``naturals``: house
    rules of this phone's, which change the advice alone, never a score. Raises SolverError
    with a readable message."""
    options: dict[str, object] = {"going_out": going_out, "wrap": wrap, "naturals": naturals}
    if phases:
        options["phases"] = tuple(phases)
    if ruleset(name).chooses_decks:
        options["decks"] = decks if decks is not None else classic_decks(game)
    else:
        options["skips"] = skips
    table = rules_of(game, name)
    if table is not None:
        fixed = table_skips(table)
        if ruleset(name).skips_optional and fixed is not True:  # the table's, not a phone's
            options["skips"] = fixed
        if table.going_out != "either":
            options["going_out"] = table.going_out
        if table.phases:
            options["phases"] = table.phases
        if table.order in _PARITY:
            options["parity"] = _PARITY[table.order]
        options["free_choice"] = table.order is PhaseOrder.FREE
    return ruleset(name, **options)  # type: ignore[arg-type]


# What a shared link carries of the position as the page keeps it in its URL (ui.page_hand),
# never this browser's game or tab.
SHARED_POSITION = ("table", "known", "top", "down")
# A game's own phase list in a link, in the solver's words: "run 10; set 4 + set 4".
URL_PHASES = "phases"
PHASE_SEPARATOR = ";"


def link_phases(text: str, name: str) -> tuple[str, ...]:
    """A link's phase list, read as ``ruleset_for`` will play it; raises SolverError for one the
    ruleset cannot play (a hand-edited link).

    >>> link_phases("run 10; set 4 + set 4", "mattel")
    ('run 10', 'set 4 + set 4')
    """
    phases = tuple(part.strip() for part in text.split(PHASE_SEPARATOR) if part.strip())
    ruleset(name, phases=phases)
    return phases


def share_link(page_url: str | None, tokens: Sequence[str], rules: Ruleset, phase: int,
               lang: str, position: Mapping[str, str] | None = None) -> str | None:
    """A link that opens the page on this very hand: ruleset, phase, language, the options
    played (`rules_in_link`) and the table, top card and "down" of ``position``, the page's URL
    fields; nothing of this browser's own, no score-sheet game, which the one it is sent to
    does not have. None when the page's address is not known.

    >>> share_link("http://host:8501/?game=3&tab=tab_scores", ("R7", "B7", "W"),
    ...            ruleset("mattel"), 2, "de", {"down": "1", "game": "3", "table": "set R5 B5 W"})
    'http://host:8501/?hand=R7+B7+W&rules=mattel&phase=2&table=set+R5+B5+W&down=1&lang=de'
    """
    if not page_url:
        return None
    fields = {"hand": " ".join(tokens), "rules": rules.name, "phase": str(phase)}
    fields |= {key: (position or {})[key] for key in SHARED_POSITION if key in (position or {})}
    query = urlencode(fields | rules_in_link(rules) | {"lang": lang})
    return urlsplit(page_url)._replace(query=query, fragment="").geturl()


def rules_in_link(rules: Ruleset) -> dict[str, str]:
    """The options ``rules`` are played with, in the page's URL words: skip cards left out
    (``off``) or fewer than the deck's, going out only by discarding, classic's decks, the
    house rules (runs going round, natural cards a group needs other than one). Taken
    from the rules, not the URL: a score-sheet game's settings never reach the URL, and a
    link without them was advised with the deck's skips (audit, session 49).

    >>> rules_in_link(ruleset("zehn-phasen", skips=2, going_out="discard"))
    {'skips': '2', 'out': 'discard'}
    >>> rules_in_link(ruleset("mattel", skips=False)), rules_in_link(ruleset("classic", decks=4))
    ({'skips': 'off'}, {'decks': '4'})
    >>> rules_in_link(ruleset("mattel", phases=["run 10", "set 4 + set 4"]))
    {'phases': 'run 10; set 4 + set 4'}
    >>> rules_in_link(ruleset("mattel", wrap=True, naturals=2))
    {'wrap': '1', 'naturals': '2'}
    """
    fields: dict[str, str] = {}
    if rules.phases != ruleset(rules.name).phases:  # a game's own list: its phase 1 is not ours
        fields[URL_PHASES] = f"{PHASE_SEPARATOR} ".join(map(str, rules.phases))
    count, full = rules.cards_playing(Role.SKIP), full_skips(rules.name)
    if count < full:
        fields["skips"] = str(count) if count else "off"
    if rules.going_out is GoingOut.DISCARD:
        fields["out"] = "discard"
    if rules.chooses_decks:
        fields["decks"] = str(rules.copies)
    if rules.wrap:
        fields["wrap"] = "1"
    if rules.naturals != ruleset(rules.name).naturals:
        fields["naturals"] = str(rules.naturals)
    return fields


def rulesets_without(deck: solver.Deck) -> tuple[str, ...]:
    """The rulesets played with another deck than ``deck``, in the page's order.

    >>> rulesets_without(solver.Deck.PHASE10)
    ('zehn-phasen', 'classic')
    """
    return tuple(name for name in RULESETS if ruleset(name).deck is not deck)


def imported_game(data: bytes) -> Game:
    """A game from a CSV file, held to what the page's own form asks of a new game: a ruleset
    the solver knows (named as the page names it) and a phase list it can play. Raises
    ScoreError for the file's form, SolverError for its rules."""
    game = from_csv(data)
    name = game.rules.ruleset  # read trimmed and in lower case (`from_csv`)
    phases = tuple(solver_phase(phase, name) for phase in game.rules.phases)
    # A file's skip count as the page's form keeps it: fewer than the deck's own, else all
    # (a mattel file of 20 made every phone at the table advise with 20 Skips).
    skips, count = _stored_skips(name, game.rules.skip_count or game.rules.skips)
    return _playable(replace(game, rules=replace(game.rules, ruleset=name, phases=phases,
                                                 skips=skips, skip_count=count)))


@functools.lru_cache(maxsize=8)  # asked twice a run: the best phase, then the ready ones
def _open_phases(tokens: tuple[str, ...], rules: Ruleset, phases: tuple[int, ...],
                 table: TableForm) -> tuple[Analysis, ...]:
    """The solver's analyses of ``phases`` (free phase choice: those open to the player), best
    first; none when the hand cannot be advised on (its error is shown with the advice)."""
    done = [n for n in rules.phase_numbers() if n not in phases]
    try:
        return solver.best_phase(tokens, rules, done, table.groups, table.known,
                                 before_draw=before_draw(tokens, table))
    except SolverError:
        return ()


def ready_phases(tokens: Sequence[str], rules: Ruleset, phases: Sequence[int],
                 table: TableForm) -> tuple[int, ...]:
    """Those of ``phases`` that this hand lays as it is."""
    if not phases:
        return ()
    return tuple(a.phase for a in _open_phases(tuple(tokens), rules, tuple(phases), table)
                 if a.complete)


def best_open_phase(tokens: Sequence[str], rules: Ruleset, phases: Sequence[int],
               table: TableForm) -> int | None:
    """Which of ``phases`` the solver would declare for this hand; None when the hand cannot
    be advised on, or is too small for every one of them.

    >>> best_open_phase("R3 B4 G5 Y6 R7 B8 G9 W B12 Y1 S".split(), ruleset_for("mattel", None),
    ...            (1, 4, 6), TableForm())
    6
    """
    found = _open_phases(tuple(tokens), rules, tuple(phases), table)
    weighed = [a for a in found if a.complete or a.distance is not None]
    return weighed[0].phase if weighed else None


def best_draw_phase(tokens: Sequence[str], rules: Ruleset, phases: Sequence[int],
                    table: TableForm) -> tuple[int, DrawAdvice] | None:
    """Which of ``phases`` to declare before the draw, with the discard pile's top card in
    view (it may complete a phase the hand alone would not be declared for), and its draw
    advice; None when the question cannot be answered (its error is shown with the advice).
    Asked only where ``asks_draw`` says so: the top card is typed."""
    assert table.top is not None
    done = [n for n in rules.phase_numbers() if n not in phases]
    try:
        return solver.best_draw(tokens, table.top, rules, done, table.groups, table.known)
    except SolverError:
        return None


@dataclass(frozen=True)
class PhaseChoice:
    """Free phase choice left to the page: the phase to advise on and the open ones besides."""

    phase: int
    others: tuple[int, ...]
    best: int | None  # the solver's choice, named on the page; None: no phase could be weighed
    # Weighing the phases before the draw gave the chosen one's draw advice: kept, not asked
    # of the solver again for the advice panel.
    drawn: DrawAdvice | None = None


def best_choice(tokens: Sequence[str], rules: Ruleset, phases: Sequence[int],
                table: TableForm) -> PhaseChoice:
    """The phase of ``phases`` (not empty) that suits this hand best.

    >>> rules = ruleset_for("mattel", None)
    >>> best_choice("Y7 G3 G10 W Y6 R4 R8 G8 G1 G12".split(), rules, (1, 8, 9),
    ...             TableForm(top="G4"))  # doctest: +ELLIPSIS
    PhaseChoice(phase=8, others=(1, 9), best=8, drawn=DrawAdvice(take=True, ...))
    >>> best_choice(["R1", "R2"], rules, (1, 8, 9), TableForm())  # too small for any
    PhaseChoice(phase=1, others=(8, 9), best=None, drawn=None)
    """
    drawn = None
    # Before the draw with the top card in view, that card may complete a phase the hand
    # alone would not be declared for.
    if asks_draw(tokens, table) and not table.down:
        weighed = best_draw_phase(tokens, rules, phases, table)
        best, drawn = weighed if weighed is not None else (None, None)
    else:
        best = best_open_phase(tokens, rules, phases, table)
    phase = phases[0] if best is None else best  # none weighed: its error comes with the advice
    return PhaseChoice(phase, tuple(n for n in phases if n != phase), best, drawn)


def sheet_phases(game: Game, player: str) -> tuple[int, ...]:
    """The phases `player` still has to make according to the score sheet, next one first; in
    a play-off, the last phase again for the tied (as the sheet's Phase column says).

    >>> from scoresheet import GameRules, Hand, add_hand
    >>> game = new_game(["A", "B"], GameRules(phases=("set 3 + set 3",)))
    >>> game = add_hand(game, Hand((0, 0), (True, True)), typed=False)  # tied on 0
    >>> sheet_phases(game, "A")
    (1,)
    """
    return _phases_left(game, standings(game), player)


def _phases_left(game: Game, result: Standings, player: str) -> tuple[int, ...]:
    if result.stage is Stage.PLAYOFF:  # played by the tied alone (orders audit, session 67)
        return (game.rules.schedule[-1],) if player in result.winners else ()
    for standing in result.players:
        if standing.name == player:
            return standing.remaining
    return ()


def holds_skip(tokens: Sequence[str], rules: Ruleset) -> bool:
    """Whether the hand holds a card that skips a player under ``rules``; a hand of the other
    deck's cards holds none, nor one with a card the game's deck lacks (a skip of a game
    without them, a joker more than it has): the advice above says what is wrong with it, and
    the skip question beside it contradicted that (variants audit, session 67).

    >>> holds_skip(["R7", "S"], ruleset("mattel")), holds_skip(["7H", "X"], ruleset("classic"))
    (True, False)
    >>> holds_skip(["R7", "S"], ruleset("zehn-phasen"))
    False
    >>> holds_skip(["R7", "S"], ruleset("mattel", skips=False))
    False
    """
    try:
        cards = [parse_card(token) for token in tokens]
        rules.check_copies(hand=cards)
    except SolverError:
        return False
    return any(rules.role(card) is Role.SKIP for card in cards)


class SheetOpponents(NamedTuple):
    """The other players as the skip advice sees them; ``by_made``: each is said by the phases
    they made (free choice, or someone has made every phase: a "phase 11" no game has)."""

    opponents: list[solver.Opponent]
    by_made: bool


def skip_opponents(game: Game, me: str | None) -> SheetOpponents:
    """The other players in seating order, as the score sheet shows them to the skip advice:
    the phase each plays this hand (under free choice, one more than they have made: the
    phase they play is theirs to choose; one who has made every phase, in the extra last
    hand, one past the game's last) and their total; with the phases each made, said where
    ``by_made``. A play-off is played by its tied players alone.

    >>> from scoresheet import Hand, add_hand
    >>> game = add_hand(new_game(["Ann", "Bo", "Cy"], GameRules()),
    ...                 Hand((0, 25, 40), (True, True, False)))
    >>> [(o.name, o.phase, o.total_points) for o in skip_opponents(game, "Ann").opponents]
    [('Bo', 2, 25), ('Cy', 1, 40)]
    """
    result = standings(game)
    totals = {standing.name: standing for standing in result.players}
    playing = [name for name in game.players if name != me
               and (result.stage is not Stage.PLAYOFF or name in result.winners)]
    free = game.rules.order is PhaseOrder.FREE
    # The phase played, for what a down player can hold; ranked above all, one done with all.
    after_last = max(game.rules.schedule, default=0) + 1
    opponents = []
    for name in playing:
        left, made = _phases_left(game, result, name), len(totals[name].done)
        phase = made + 1 if free else left[0] if left else after_last
        opponents.append(solver.Opponent(name, phase, total_points=totals[name].total,
                                         made=made))
    by_made = free or any(o.phase == after_last for o in opponents)
    return SheetOpponents(opponents, by_made)


def new_sheet_game(name: str, players: Sequence[str], ruleset_name: str, end: EndRule,
                   order: PhaseOrder, phases: Sequence[str], *, after_ruleset: bool = False,
                   skips: bool | int = True, going_out: str = "either") -> Game:
    """A validated new game; a custom phase list must be one the solver can play.
    ``after_ruleset``: the list adds phases 11, 12, ... after the ruleset's own (seed 000's
    "phases 11 to 20") instead of replacing them. ``skips``: True, False or how many skip cards
    (seed 001's "fewer jokers"), stored as True when it is the deck's own count.

    >>> game = new_sheet_game("", ["A", "B"], "mattel", EndRule.FEWEST_POINTS,
    ...                       PhaseOrder.IN_ORDER, ["run 10"], after_ruleset=True)
    >>> len(game.rules.phases), game.rules.phases[0], game.rules.phases[-1]
    (11, 'set 3 + set 3', 'run 10')
    >>> [table_skips(new_sheet_game("", ["A", "B"], "zehn-phasen", EndRule.FEWEST_POINTS,
    ...                             PhaseOrder.IN_ORDER, [], skips=n).rules) for n in (0, 2, 4)]
    [False, 2, True]
    """
    if after_ruleset and phases:
        phases = [str(phase) for phase in ruleset(ruleset_name).phases] + list(phases)
    with_skips, count = _stored_skips(ruleset_name, skips)
    rules = GameRules(ruleset=ruleset_name, end=end, order=order, phases=tuple(phases),
                      skips=with_skips, skip_count=count, going_out=going_out)
    return _playable(new_game(players, rules, name=name))


def _playable(game: Game) -> Game:
    """``game`` with its own phases in the solver's words, which an export writes ("1 Satz
    aus 3 und 1 Folge aus 4" was written as typed); SolverError for phases the solver cannot
    play or no hand of a game can lay."""
    rules = ruleset_for(game.rules.ruleset, game)
    solver.check_layable(rules)
    if not game.rules.phases:
        return game
    return replace(game, rules=replace(game.rules, phases=tuple(map(str, rules.phases))))


def full_skips(name: str) -> int:
    """How many skip cards the ruleset's deck comes with (0: none to leave out).

    >>> full_skips("zehn-phasen"), full_skips("classic")
    (4, 0)
    """
    rules = ruleset(name)
    return rules.cards_playing(Role.SKIP) if rules.skips_optional else 0


# The new-game form's bound: a form cannot follow the ruleset chosen in it.
MOST_FULL_SKIPS = max(map(full_skips, RULESETS))


def _stored_skips(name: str, skips: bool | int) -> tuple[bool, int | None]:
    """``GameRules``' skips and skip_count for the page's True, False or count. Seed 001 plays
    with fewer jokers, never more: the deck's own count or over is all of them."""
    full = full_skips(name)
    if not full or skips is True or skips >= full:  # classic has none to leave out
        return True, None
    return (True, skips) if skips else (False, None)


def table_skips(rules: GameRules) -> bool | int:
    """A game's skips as the solver's ``ruleset(skips=)`` takes them: True, False or a count.

    >>> table_skips(GameRules(skip_count=2)), table_skips(GameRules(skips=False))
    (2, False)
    """
    return rules.skip_count if rules.skips and rules.skip_count else rules.skips


def faces(rules: Ruleset) -> tuple[str, ...]:
    """Every distinct card of the ruleset's deck, as tokens (for replacing a misread card)."""
    return tuple(str(card) for card in all_faces(rules.deck))


# Example groups for the table box, in the deck's own cards with the ruleset's wild: a
# zehn-phasen player shown "R5 B5 W" typed Phase 10 codes for ordinary cards.
_TABLE_EXAMPLES = {
    solver.Deck.PHASE10: {"set": "R5 B5 {wild}", "run": "R3 R4 R5 R6", "colour": "G1 G4 G9"},
    solver.Deck.STANDARD: {"set": "5H 5S {wild}", "run": "3C 4H 5D 6S", "colour": "2H 7H 9H"},
}


def table_word(kind: str, lang: str) -> str:
    """A group kind as the table box reads it, in the page's language.

    >>> table_word("run", "de"), table_word("redblack", "da")
    ('Folge', 'rødsort')
    """
    return text(lang, f"table_word_{kind}")


def table_examples(rules: Ruleset, lang: str) -> dict[str, str]:
    """Groups as a player of ``rules`` types them in ``lang``, for the table box's help and
    placeholder: the cards of each kind, and the word that starts a colour group's line.

    >>> table_examples(ruleset("zehn-phasen"), "en")["set"]
    '5H 5S KC'
    >>> table_examples(ruleset("classic"), "en")["colour_word"]
    'suit'
    """
    wild = min(str(card) for card in rules.deck_counts() if rules.role(card) is Role.WILD)
    examples = {kind: cards.format(wild=wild)
                for kind, cards in _TABLE_EXAMPLES[rules.deck].items()}
    # The example's cards are one suit: named so where some phase lays a one-suit group, else
    # as a colour group (classic's red/black list: "suit" was refused as a kind it never lays).
    suits = rules.deck is solver.Deck.STANDARD and any(
        rules.kind_attr(kind) is solver.Attr.SUIT for kind in rules.laid_kinds())
    word = "table_word_colour_suit" if suits else "table_word_colour"
    return {**examples, "colour_word": text(lang, word)}


class TableBoxError(SolverError):
    """A table box that cannot be read, named by ``box`` (``groups``, ``known`` or ``top``):
    a bad top card was told "Check the table", sending the player to the groups (browser
    audit, session 63)."""

    def __init__(self, box: str, error: SolverError) -> None:
        super().__init__(str(error), error.code, **error.params)
        self.box = box


def read_table_form(groups: str, known: str, top: str, down: bool) -> TableForm:
    """Parses the table fields: one group per line, its kind (`set`, `run`, `colour`, `suit`,
    `redblack`, or the page's German, Dutch or Danish word) then its cards; raises
    ``TableBoxError`` naming the box that cannot be read.

    >>> try:
    ...     read_table_form("set R5 B5 W", "", "Z9", False)
    ... except TableBoxError as error:
    ...     print(error.box, error.code)
    top card_unknown
    """
    try:
        parsed = tuple(_table_groups(groups))
    except SolverError as error:
        raise TableBoxError("groups", error) from error
    try:
        seen = canonical(known)
    except SolverError as error:
        raise TableBoxError("known", error) from error
    try:
        top_card = str(parse_card(top.strip())) if top.strip() else None
    except SolverError as error:
        raise TableBoxError("top", error) from error
    return TableForm(parsed, seen, top_card, down)


def _table_groups(groups: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    for number, line in enumerate(groups.splitlines(), start=1):
        words = line.replace(":", " ").split(maxsplit=1)
        if not words:
            continue
        kind = kind_named(words[0])
        if kind is None or len(words) < 2:
            raise SolverError(
                f"line {number} “{line.strip()}”: start with set, run or colour, then the cards",
                "table_line", number=number, line=line.strip(),
            )
        yield kind.value, canonical(words[1])


def canonical(text: str) -> tuple[str, ...]:
    """The cards in `text` as canonical tokens; raises SolverError on a bad token.

    >>> canonical("r7, b7 w")
    ('R7', 'B7', 'W')
    >>> canonical("10♥ qs x")
    ('10H', 'QS', 'X')
    """
    return tuple(format_hand(parse_hand(text)).split()) if text.strip() else ()


@dataclass(frozen=True)
class DiscardRow:
    card: str
    outs: int
    p1: float
    p2: float


@dataclass(frozen=True)
class Advice:
    """The solver's analysis as the advice panel shows it (tokens, 1-based group numbers);
    the explanation is worded per language on request."""

    complete: bool
    laydown: tuple[tuple[str, ...], ...]
    # Per laid card, the number a wild stands for as its card prints it ("10", "J"), else "":
    # a King amid 9♣ J♦ Q♠ left a newcomer guessing (usability audit, session 54).
    laydown_as: tuple[tuple[str, ...], ...]
    hits: tuple[tuple[str, int], ...]  # (card, table group number counted from 1)
    discard: str | None
    remaining_points: int
    discards: tuple[DiscardRow, ...]  # best first
    analysis: Analysis
    rules: Ruleset

    def explanation(self, lang: str) -> str:
        return explain_analysis(self.analysis, self.rules, lang)


def before_draw(tokens: Sequence[str], table: TableForm) -> bool:
    """A hand of the 10 cards dealt, not down and with no discard-pile card to ask about: the
    turn starts with a draw, so no discard is advised yet."""
    return len(tokens) == HAND_BEFORE_DRAW and not table.down and table.top is None


def asks_draw(tokens: Sequence[str], table: TableForm) -> bool:
    """Whether to take the discard pile's top card or draw blind is asked: with that card typed,
    of the 10 cards dealt, or of any hand once down (it holds fewer than the ten dealt).

    >>> asks_draw(["R7"] * 10, TableForm(top="G7")), asks_draw(["R7"] * 11, TableForm(top="G7"))
    (True, False)
    >>> asks_draw(["R7"] * 3, TableForm(top="G7", down=True)), asks_draw(["R7"] * 10, TableForm())
    (True, False)
    """
    return table.top is not None and (table.down or len(tokens) == HAND_BEFORE_DRAW)


def advise(tokens: Sequence[str], rules: Ruleset, phase: int, table: TableForm) -> Advice:
    """Runs the solver on the hand; raises SolverError for impossible input."""
    result = solver.analyse(
        tokens, rules, phase, table=table.groups, known=table.known, down=table.down,
        before_draw=before_draw(tokens, table),
    )
    # The advised card heads the chart and the panel: among equal odds a newcomer takes the
    # top bar for the advice; it is the solver's tie-break (INTERFACES.md) unless that is a
    # gift to the others and the explanation says to discard another card instead (the
    # heading said "Discard W" above "discard the Skip instead"; advice audit, session 62).
    odds = tuple(
        DiscardRow(str(d.card), d.outs, float(d.p1), float(d.p2))
        for d in sorted(result.discards,
                        key=lambda d: (d.card != result.advised, -d.p2, -d.outs))
    )
    return Advice(
        complete=result.complete,
        laydown=tuple(tuple(str(c) for c in g.cards) for g in result.laydown),
        laydown_as=tuple(tuple("" if n is None else solver.rank_text(rules.deck, n)
                               for n in g.stands_for) for g in result.laydown),
        hits=tuple((str(h.card), h.group + 1) for h in result.hits),
        discard=str(result.advised) if result.advised is not None else None,
        remaining_points=result.remaining_points,
        discards=odds,
        analysis=result,
        rules=rules,
    )


def draw_advice(tokens: Sequence[str], rules: Ruleset, phase: int,
                table: TableForm) -> DrawAdvice:
    """Take the discard pile's top card or draw blind; raises SolverError for impossible input.
    Asked only where ``asks_draw`` says so: the top card is typed."""
    assert table.top is not None
    return solver.draw_advice(
        tokens, table.top, rules, phase, table=table.groups, known=table.known,
        down=table.down,
    )


def solver_problem(lang: str, error: SolverError, deck: solver.Deck | None = None) -> str:
    """The solver's refusal in the player's words, with what they typed shown as typed;
    ``deck``: the one played with, so that a bad card is told that deck's notation alone."""
    return plain(explain_error(phase_worded(error, lang), lang, deck))


# Refusals of a phase list that quote a phase in the solver's words ("run 13"): said in the
# page's ("Folge aus 13"), as the player typed it (German and Danish audits, session 67).
_QUOTED_PHASE = frozenset({"phase_hand_short", "phase_redblack_deck", "phase_run_long",
                           "phase_deck_short", "phase_redblack_many", "phase_naturals"})


def phase_worded(error: SolverError, lang: str) -> SolverError:
    """``error`` with the phase it quotes in the page's words of ``lang``.

    >>> from solver import ruleset
    >>> try:
    ...     ruleset("mattel", phases=["run 13"])
    ... except SolverError as error:
    ...     print(phase_worded(error, "de").params["text"])
    Folge aus 13
    """
    quoted = error.params.get("text")
    if error.code not in _QUOTED_PHASE or not isinstance(quoted, str):
        return error
    name = error.params.get("ruleset")
    rules = solver.ruleset(name) if name in solver.RULESETS else None  # its colour words
    try:
        params = dict(error.params)
        params["text"] = phase_text(lang, solver.parse_phase(quoted), rules)
    except SolverError:
        return error
    return SolverError(str(error), error.code, **params)
