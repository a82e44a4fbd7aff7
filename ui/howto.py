"""How a ruleset is played, in the player's language, worked out from the ruleset itself: the
cards, the deal, what its wilds and skips do, the groups its phases ask for, a turn, going out,
the points and the end. A newcomer reads it beside the advice; options (skips off, wrap,
natural cards, decks) change it as they change the solver.

>>> from solver import ruleset
>>> lines = how_to_play("en", ruleset("zehn-phasen"))
>>> lines[3]
'A King (K, 8 in the deck) is wild: it stands for any number and any suit.'
>>> print(lines[-4])  # doctest: +NORMALIZE_WHITESPACE
The others count the cards left in their hands: A–9: 5 points, 10–Q: 10, King: 25,
Joker: 15.
"""

from __future__ import annotations

from functools import partial

from solver import Attr, Deck, GoingOut, Kind, Role, Ruleset, parse_card, rank_name, rank_text
from ui.phases import phase_text
from ui.strings import text


def how_to_play(lang: str, rules: Ruleset, end: str | None = None) -> tuple[str, ...]:
    """The rules of play as short paragraphs, in order; ``end``: the open game's end rule (a
    ``scoresheet.EndRule`` value), told instead of pointing to the score sheet's choice.

    >>> from solver import ruleset
    >>> print(how_to_play("en", ruleset(), "extra-hand")[-1])  # doctest: +NORMALIZE_WHITESPACE
    Once someone has made phase 10, everyone plays one more hand; then whoever has the fewest
    total points wins.
    """
    t = partial(text, lang)
    # The groups are named before the rule on their natural cards, which speaks of them.
    lines = [_cards(t, rules, lang), _players(t, rules), t("howto_deal"), _wilds(t, rules),
             _skips(t, rules),
             t("howto_groups_wrap" if rules.wrap else "howto_groups",
               bottom=rank_text(rules.deck, 1), top=rank_text(rules.deck, rules.max_number))
             + " " + t("howto_any_suit" if rules.deck is Deck.STANDARD else "howto_any_colour"),
             _naturals(t, rules)]
    colour = _colour_groups(t, rules)
    if colour:
        lines.append(colour)
    lines += [t("howto_turn"), _going_out(t, rules), _points(lang, rules)]
    if rules.out_moves_on or not rules.free_choice:
        lines.append(t("howto_advance_out" if rules.out_moves_on else "howto_advance"))
    if rules.free_choice:
        lines.append(t("howto_advance_free"))
    numbers = rules.phase_numbers()
    # A newcomer learns the phases here too, not only from the phase box's list.
    listed = "; ".join(f"{n}. {phase_text(lang, rules.phase(n), rules)}" for n in numbers)
    lines.append(t("howto_phases_list_free" if rules.free_choice else "howto_phases_list",
                   phases=listed))
    if len(numbers) < len(rules.phases):  # only the even or the odd phases
        lines.append(t("howto_phase_played_one", number=numbers[0]) if len(numbers) == 1
                     else t("howto_phases_played", numbers=", ".join(map(str, numbers))))
    goal = t("howto_goal_all") if rules.free_choice else t("howto_goal_last", last=numbers[-1])
    # Without an open game, the end every ruleset's own seed gives (the sheet's default).
    playoff = t("howto_playoff_out" if rules.out_moves_on else "howto_playoff")
    ending = t(f"howto_end_{end or 'fewest-points'}", goal=goal, playoff=playoff)
    lines.append(ending if end else f"{ending} {t('howto_end_other')}")
    return tuple(lines)


def _going_out(t: partial[str], rules: Ruleset) -> str:
    if rules.going_out is GoingOut.DISCARD:
        return t("howto_out_discard")
    # Where several go out, a hand does not end with the first (seed 000's classic).
    return t("howto_out_either_several" if rules.out_moves_on else "howto_out_either")


def hand_help(lang: str, rules: Ruleset) -> str:
    """How to type this game's cards, naming only the cards that play a role in it.

    >>> from solver import ruleset
    >>> hand_help("en", ruleset("mattel", skips=False))
    'One code per card: R7 B7 G12 Y1 (red, blue, green, yellow; purple cards are B). W is a Wild.'
    >>> hand_help("en", ruleset("zehn-phasen")).split(". ")[-2:]
    ['Kings are wild', 'X is a joker, the skip card.']
    """
    sentences = [text(lang, f"hand_help_{rules.deck.value}"),
                 text(lang, f"hand_help_wild_{rules.wild_face}")]
    if rules.skip_face is not None:
        sentences.append(text(lang, f"hand_help_skip_{rules.skip_face}"))
    return " ".join(sentences)


def count_help(lang: str, rules: Ruleset) -> str:
    """How to type leftover cards for their points: as a hand, or by rank alone.

    >>> from solver import ruleset
    >>> count_help("de", ruleset("zehn-phasen")).split(". ")[-1]
    'Für die Punkte genügt der Wert: K 7 10.'
    """
    return f"{hand_help(lang, rules)} {text(lang, f'count_help_{rules.deck.value}')}"


def hand_example(rules: Ruleset) -> str:
    """A hand to show in the empty hand field, of cards this game has.

    >>> from solver import ruleset
    >>> hand_example(ruleset("mattel")), hand_example(ruleset("zehn-phasen", skips=False))
    ('R7 B7 G7 W S Y12', '7H 7D 7S KH QC')
    """
    faces = (("R7", "B7", "G7", "W", "S", "Y12") if rules.deck is Deck.PHASE10
             else ("7H", "7D", "7S", "KH", "X", "QC"))
    in_deck = rules.deck_counts()
    return " ".join(face for face in faces if in_deck[parse_card(face)])


def _cards(t: partial[str], rules: Ruleset, lang: str) -> str:
    if rules.deck is Deck.PHASE10:
        return t("howto_cards_phase10", top=rules.max_number, copies=rules.copies)
    # A rank's name beside its letter: German, Dutch and Danish decks print other letters.
    ranks = ", ".join(f"{rank_text(rules.deck, n)} ({rank_name(rules.deck, n, lang)}) = {n}"
                      for n in (1, 11, 12, 13) if n <= rules.max_number)
    if rules.copies == 1:
        return t("howto_cards_standard_one", ranks=ranks)
    return t("howto_cards_standard", decks=rules.copies, ranks=ranks)


def _players(t: partial[str], rules: Ruleset) -> str:
    if rules.most_players is None:  # classic: seed 000 deals two decks per two players
        return t("howto_players_decks")
    return t("howto_players", most=rules.most_players)


def _wilds(t: partial[str], rules: Ruleset) -> str:
    return t(f"howto_wild_{rules.wild_face}", count=rules.cards_playing(Role.WILD))


def _naturals(t: partial[str], rules: Ruleset) -> str:
    if rules.naturals == 0:
        return t("howto_naturals_none")
    return t("howto_naturals_one" if rules.naturals == 1 else "howto_naturals_many",
             count=rules.naturals)


def _skips(t: partial[str], rules: Ruleset) -> str:
    if rules.skip_face is None:  # ordinary cards' skips are jokers, to be taken out
        standard_skips = rules.skips_optional and rules.deck is Deck.STANDARD
        return t("howto_no_skips_jokers" if standard_skips else "howto_no_skips")
    return t(f"howto_skip_{rules.skip_face}", count=rules.cards_playing(Role.SKIP))


def _colour_groups(t: partial[str], rules: Ruleset) -> str | None:
    kinds = set(rules.laid_kinds())
    if Kind.SUIT in kinds and rules.colour_attr is Attr.SUIT:  # named as a colour group
        kinds.add(Kind.COLOUR)
    keys = []
    if Kind.COLOUR in kinds:
        keys.append("howto_colour" if rules.deck is Deck.PHASE10
                    else "howto_colour_suit" if rules.colour_attr is Attr.SUIT
                    else "howto_colour_redblack")
    if Kind.REDBLACK in kinds:
        keys += ["howto_colour_redblack", "howto_redblack_differ"]
    if Kind.SUIT in kinds and rules.deck is Deck.STANDARD and rules.colour_attr is not Attr.SUIT:
        keys.append("howto_suit")
    return " ".join(t(key) for key in dict.fromkeys(keys)) or None


def _points(lang: str, rules: Ruleset) -> str:
    low = f"{rank_text(rules.deck, 1)}–{rules.high_from - 1}"
    high = f"{rules.high_from}–{rank_text(rules.deck, rules.max_number)}"
    items = [text(lang, "howto_points_low", cards=low, points=rules.low_points),
             f"{high}: {rules.high_points}"]
    # Named as in a list ("a Wild", Danish "joker", not the definite "jokeren" of a sentence).
    items.append(f"{text(lang, f'howto_name_wild_{rules.wild_face}')}: {rules.wild_points}")
    if rules.skip_face is not None:
        items.append(f"{text(lang, f'howto_name_skip_{rules.skip_face}')}: {rules.skip_points}")
    return text(lang, "howto_points", items=", ".join(items))
