"""What the advice panel and the count panel say, decided without a browser (ui.panels), and
the free phase choice that picks the phase advised on (ui.advice.best_choice)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace
from fractions import Fraction

import numpy as np
import pytest

import solver
from scoresheet import GameRules, new_game
from solver import parse_card
from ui import text
from ui.advice import TableForm, best_choice, read_table_form, ruleset_for, table_examples
from ui.chips import card_markdown
from ui.panels import (
    Block,
    Chart,
    CountVerdict,
    Discard,
    Explanation,
    Groups,
    Hit,
    Message,
    OtherDeck,
    advice_panel,
    count_verdict,
    table_photo_panel,
)
from ui.reading import Reading
from vision import Detection
from vision.table import LaidGroup, LaidTable

MATTEL = ruleset_for("mattel", None)
OUT_BY_DISCARD = ruleset_for("mattel", None, going_out="discard")
PLAIN = TableForm()


def outline(blocks: tuple[Block, ...]) -> list[str]:
    """Each block in a word: a message's key, else what it shows."""
    words = {Explanation: "explanation", Groups: "groups", Hit: "hit", Discard: "discard",
             Chart: "chart", OtherDeck: "other_deck"}
    return [b.key if isinstance(b, Message) else words[type(b)] for b in blocks]


def panel(hand: str, phase: int = 1, table: TableForm = PLAIN, rules: solver.Ruleset = MATTEL,
          others: tuple[int, ...] = ()) -> tuple[Block, ...]:
    return advice_panel(hand.split(), rules, phase, table, "en", others)


def top(card: str, groups: str = "", down: bool = False) -> TableForm:
    return read_table_form(groups, "", card, down)


def message(blocks: tuple[Block, ...], key: str) -> Message:
    return next(b for b in blocks if isinstance(b, Message) and b.key == key)


TEN = "R7 B7 R8 B8 G8 G1 G2 G4 Y10 Y11"  # phase 1 wants a 7 or an 8


def test_a_top_card_taken_is_explained_then_the_hand_with_it_is_advised():
    blocks = panel(TEN, table=top("G7"))
    assert outline(blocks) == ["explanation", "after_take", "complete", "laydown", "groups",
                               "discard", "points_left", "explanation"]
    draw = blocks[0]
    assert isinstance(draw, Explanation) and draw.lead == "draw_advice"
    assert draw.text.startswith("Take the green 7")
    # Worded as the draw line above it words the card, not as its code (audit, session 49).
    assert message(blocks, "after_take").fields == {"card": "the green 7"}
    # The G7 in the laydown; no wild stands for anything.
    assert Groups((("R7", "B7", "G7"), ("R8", "B8", "G8")), (("",) * 3,) * 2) in blocks


def test_a_blind_draw_leaves_the_discard_for_after_the_draw():
    blocks = panel(TEN, table=top("Y12"))
    assert outline(blocks) == ["explanation", "after_blind"]
    assert blocks[0] == Explanation(blocks[0].text, lead="draw_advice")
    assert blocks[1] == Message("caption", "after_blind")


def test_once_down_any_hand_size_is_asked_the_draw_question():
    blocks = panel("R9 B10 Y12", table=top("Y5", "set R5 B5 G5", down=True))
    assert outline(blocks) == ["explanation", "after_take", "down_done", "hit", "discard",
                               "points_left", "explanation"]
    assert Hit("Y5", 1) in blocks


def test_a_hand_the_draw_cannot_be_advised_on_gets_its_error_alone():
    blocks = panel("R7 R7 R7 B1 B2 B3 B4 B5 B6 B8", table=top("G7"))
    assert blocks == (Message("error", "advice_error", {
        "detail": "3 × R7 in hand, but Phase 10 (Mattel) has only 2 of that card"}),)


def test_a_top_card_beside_a_hand_not_of_ten_is_said_to_wait_for_ten_cards():
    blocks = panel("R7 B7 G7", table=top("G7"))
    # Not also "after the draw a hand usually has 11 cards": the count said twice (audit).
    assert outline(blocks) == ["draw_needs_ten", "not_complete", "explanation"]
    assert blocks[0] == Message("caption", "draw_needs_ten", {"count": 3})


def test_a_hand_with_the_blind_draw_added_counts_the_top_card_as_seen():
    # "Draw blind, then add the card you drew": done, the page said "draw advice needs the 10
    # cards" and counted the top card, still on the pile, as one to draw (odds audit, s65).
    eleven = "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 Y1"
    blocks = panel(eleven, table=top("Y3"))
    assert outline(blocks)[:2] == ["top_seen", "not_complete"]
    assert message(blocks, "top_seen").fields == {"card": "the yellow 3"}
    said = next(b for b in blocks if isinstance(b, Explanation)).text
    assert "of 96 unseen" in said and "of 96 unseen" in next(
        b for b in panel(eleven, table=read_table_form("", "Y3", "", False))
        if isinstance(b, Explanation)).text
    # German: the card an object of its sentence, as the_card words it ("den König").
    zehn = ruleset_for("zehn-phasen", None)
    cards = "7C 7H 4D 5S 9D 2C 3D 9S JH QH 8C"
    german = advice_panel(cards.split(), zehn, 1, top("KH"), "de", ())
    said = text("de", "top_seen", **message(german, "top_seen").fields)
    assert said.endswith("und zählt den König (wild) auf dem Ablagestapel als bekannte Karte.")
    # Holding that card, the player may have taken it: not counted a second time.
    taken = panel("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 Y3", table=top("Y3"))
    assert "top_seen" not in outline(taken) and "draw_needs_ten" not in outline(taken)


def test_a_hand_of_ten_without_a_top_card_is_told_to_draw_first():
    blocks = panel("R7 B7 G7 Y3 R4 B5 G9 G11 Y1 B10", phase=2)
    assert outline(blocks) == ["draw_first", "not_complete", "explanation"]
    assert blocks[0] == Message("info", "draw_first")


def test_a_complete_hand_of_ten_shows_its_laydown_and_no_discard_before_the_draw():
    blocks = panel("R7 B7 G7 Y3 R4 B5 G6 G11 Y1 B10", phase=2)
    assert outline(blocks) == ["draw_first", "complete_before_draw", "groups"]
    assert blocks[1] == Message("success", "complete_before_draw", {"phase": 2})


def test_a_complete_hand_of_ten_shows_its_wild_as_what_it_stands_for_before_the_draw():
    blocks = panel("R7 B7 W Y3 R4 B5 G6 G11 Y1 B10", phase=2)
    assert blocks[-1] == Groups((("R7", "B7", "W"), ("Y3", "R4", "B5", "G6")),
                                (("", "", "7"), ("", "", "", "")))


def test_a_complete_hand_shows_laydown_discard_points_and_why():
    blocks = panel("R7 B7 G7 R8 B8 G8 R1 B2 G3 Y4 Y11")
    assert outline(blocks) == ["complete", "laydown", "groups", "discard", "points_left",
                               "explanation"]
    assert blocks[0] == Message("success", "complete", {"phase": 1})
    assert blocks[1] == Message("bold", "laydown")
    assert Discard("Y11") in blocks
    assert message(blocks, "points_left") == Message("bold", "points_left", {"points": 20})


@pytest.mark.parametrize(("name", "hand", "phase", "laid"), [
    # A King amid 9♣ J♦ Q♠ left a newcomer guessing what it was (usability audit, session 54).
    ("zehn-phasen", "9C KC JD QS 2H 3H 4H 5H 6H 7H 8H", 4,
     Groups((("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9C", "KC", "JD", "QS"),),
            (("",) * 8 + ("10", "", ""),))),
    ("mattel", "R7 W B7 R8 B8 G8 R1 B2 Y5 Y11 G12", 1,
     Groups((("R7", "B7", "W"), ("R8", "B8", "G8")), (("", "", "7"), ("", "", "")))),
    ("classic", "QD QS X 3C 4C 5C 9H JD 7S 8D KS", 1,  # as the card prints it: Q, not 12
     Groups((("QD", "QS", "X"), ("7S", "8D", "9H")), (("", "", "Q"), ("", "", "")))),
])
def test_a_laid_wild_says_what_it_stands_for(name, hand, phase, laid):
    assert laid in panel(hand, phase, rules=ruleset_for(name, None))


def test_a_hand_laid_and_hit_away_needs_no_discard():
    table = read_table_form("set R5 B5 W\n\n  \nset G9 Y9 W\n", "", "", False)  # blank lines
    assert table.groups == (("set", ("R5", "B5", "W")), ("set", ("G9", "Y9", "W")))
    blocks = panel("R7 B7 G7 R8 B8 G8 R5 G5 Y9 B9 R9", table=table)
    assert outline(blocks) == ["complete", "laydown", "groups", *["hit"] * 5, "no_discard",
                               "points_left", "explanation"]
    assert message(blocks, "no_discard").kind == "success"


@pytest.mark.parametrize(("rules", "said"), [(MATTEL, "down_out"),
                                             (OUT_BY_DISCARD, "down_hit_discard_out")])
def test_a_down_hand_that_can_go_out_by_hitting_is_told_so_unless_it_must_discard(rules, said):
    blocks = panel("R5 G5", table=read_table_form("set R5 B5 W", "", "", True), rules=rules)
    assert blocks[0] == Message("success", said)
    assert "laydown" not in outline(blocks)  # laid before
    assert ("no_discard" in outline(blocks)) == (said == "down_out")


@pytest.mark.parametrize(("hand", "said"), [("Y1", "down_discard_out"), ("Y1 Y2", "down_discard")])
def test_a_down_hand_with_nothing_to_hit_is_told_to_discard_and_whether_that_ends_it(hand, said):
    # "Hit and discard" above a lone discard, and above one that ends the hand (audit).
    blocks = panel(hand, table=read_table_form("set R5 B5 W", "", "", True))
    assert blocks[0] == Message("success", said) and "hit" not in outline(blocks)


def test_a_down_hand_hits_each_card_on_its_group_and_is_never_told_its_size():
    table = read_table_form("set R5 B5 W\nset B9 G9 Y9", "", "", True)
    blocks = panel("Y5 G9 R1", table=table)
    assert outline(blocks) == ["down_hit_discard_out", "hit", "hit", "discard", "points_left",
                               "explanation"]
    assert [b for b in blocks if isinstance(b, Hit)] == [Hit("Y5", 1), Hit("G9", 2)]


def test_an_incomplete_hand_gets_the_recommended_discard_then_the_chart():
    blocks = panel("R7 B7 R8 B8 G1 G2 G4 Y5 Y10 Y11 R12")
    assert outline(blocks) == ["not_complete", "recommended", "explanation", "chart_title",
                               "chart"]
    assert blocks[0] == Message("warning", "not_complete", {"phase": 1})
    assert blocks[1] == Message("heading", "recommended", {"card": ":red-background[**R12**]"})
    chart = blocks[-1]
    assert isinstance(chart, Chart) and chart.rows[0].card == "R12"  # the advised card first


def test_the_heading_names_the_card_the_explanation_tells_to_discard():
    # Advice audit, session 62: "Discard W" headed "... the Wild ... discard the Skip instead".
    blocks = panel("R4 W G3 S R4 G2 Y4 G4 G3 W B2", phase=5, table=read_table_form("", "R11",
                                                                                    "", False))
    assert message(blocks, "recommended").fields == {"card": card_markdown("S")}
    explanation = next(b for b in blocks if isinstance(b, Explanation))
    assert "but the next player could pick it up: discard the Skip instead" in explanation.text


def test_no_chart_when_no_discard_gives_a_chance():
    blocks = panel("R1 B1 G1 W B5 G7 Y9 B11 G3 R4 Y12", phase=7)
    assert outline(blocks) == ["not_complete", "recommended", "explanation"]


def test_a_hand_too_small_for_the_phase_gets_only_the_explanation():
    assert outline(panel("R7 B7 G7")) == ["hand_size_note", "not_complete", "explanation"]


def test_an_impossible_hand_gets_its_error_alone():
    blocks = panel("R7 R7 R7 B1 B2 B3 B4 B5 B6 B8 B9")
    assert outline(blocks) == ["advice_error"]
    assert message(blocks, "advice_error").kind == "error"


RUN_OF_NINE = "R1 R3 R5 R7 R9 R11 W B2 G4 Y6 S"  # lays phases 4, 5, 6 and 8, not 1


@pytest.mark.parametrize(("others", "key", "phases"),
                         [((8, 6, 5, 4), "other_phases_ready", "4, 5, 6, 8"),
                          ((6, 2), "other_phase_ready", "6")])
def test_free_choice_names_the_other_phases_the_hand_already_lays(others, key, phases):
    blocks = panel(RUN_OF_NINE, others=others)
    assert outline(blocks)[:2] == ["not_complete", key]
    assert blocks[1] == Message("info", key, {"phases": phases})
    assert outline(panel(RUN_OF_NINE, others=(2, 3)))[1] != key  # none of them laid


SEVEN_GREEN_WITH_G4 = "Y7 G3 G10 W Y6 R4 R8 G8 G1 G12"  # and the green 4 on the pile


def test_free_choice_before_the_draw_weighs_the_top_card_and_keeps_its_draw_advice():
    hand = SEVEN_GREEN_WITH_G4.split()
    choice = best_choice(hand, MATTEL, tuple(range(1, 11)), TableForm(top="G4"))
    assert (choice.phase, choice.best) == (8, 8)
    assert choice.others == (1, 2, 3, 4, 5, 6, 7, 9, 10)
    assert choice.drawn == solver.draw_advice(hand, "G4", MATTEL, 8)  # the panel's, unasked


def test_free_choice_after_the_draw_or_once_down_weighs_the_hand_alone():
    choice = best_choice(RUN_OF_NINE.split(), MATTEL, (1, 4, 6), PLAIN)
    assert (choice.phase, choice.others, choice.best, choice.drawn) == (6, (1, 4), 6, None)
    down = best_choice(SEVEN_GREEN_WITH_G4.split(), MATTEL, (1, 8),
                       TableForm(top="G4", down=True))
    assert down.drawn is None


@pytest.mark.parametrize("hand", ["R1 R2", "R1 R1 R1 B5 G9 Y9 Y11 B12 W S"])  # too small; 3 R1s
@pytest.mark.parametrize("table", [PLAIN, TableForm(top="G4")])
def test_a_hand_no_phase_can_be_weighed_for_claims_no_best_phase(hand, table):
    choice = best_choice(hand.split(), MATTEL, (3, 5), table)
    assert (choice.phase, choice.others, choice.best, choice.drawn) == (3, (5,), None, None)


def test_the_panel_says_the_draw_advice_it_is_given_rather_than_asking_again():
    # The free choice weighed every phase's draw: the panel used to ask the solver again.
    told = solver.draw_advice(TEN.split(), "G7", MATTEL, 1)
    assert told.take
    blind = replace(told, take=False, p_take=Fraction(0))
    blocks = advice_panel(TEN.split(), MATTEL, 1, top("G7"), "en", drawn=blind)
    assert outline(blocks) == ["explanation", "after_blind"]


GAME = new_game(["A*nn", "Ben"])


def read(*cards: tuple[str, float], other_deck: bool = False) -> Reading:
    found = tuple(Detection(parse_card(c), (0, 0, 9, 9), sure) for c, sure in cards)
    return Reading(found, np.zeros((1, 1, 3), np.uint8), other_deck)


def verdict(raw: str, found: Reading | None = None, player: int = 0):
    return count_verdict(raw, MATTEL, found, GAME, player, "en")


def test_cards_counted_are_offered_for_the_players_points():
    counted = verdict("R7 W S", player=1)
    assert counted.blocks == (Message("info", "counted",
                                      {"player": "Ben", "cards": "R7, W, S", "points": 45}),)
    assert counted.points == 45
    assert message(verdict("R7").blocks, "counted").fields["player"] == r"A\*nn"  # as typed


def test_a_bad_card_is_explained_and_nothing_is_offered():
    refused = verdict("R7 Q13")
    assert outline(refused.blocks) == ["hand_invalid"] and refused.points is None
    assert "“Q13” is not a card" in str(message(refused.blocks, "hand_invalid").fields["detail"])


def test_cards_typed_by_rank_alone_are_counted():
    zehn = new_game(["Anna", "Ben"], GameRules(ruleset="zehn-phasen"))
    counted = count_verdict("K 7 10c", ruleset_for("zehn-phasen", zehn), None, zehn, 0, "en")
    assert counted.points == 25 + 5 + 10
    assert message(counted.blocks, "counted").fields["cards"] == "K, 7, 10♣"
    assert verdict("12 7 W").points == 10 + 5 + 25
    # Ranks are counted against the deck too: two decks hold eight 7s.
    refused = verdict("7 " * 9)
    assert outline(refused.blocks) == ["hand_invalid"] and refused.points is None
    assert "9 × 7 in hand" in str(message(refused.blocks, "hand_invalid").fields["detail"])


def test_nothing_is_offered_for_no_cards_and_an_empty_photo_is_said():
    assert verdict("") == verdict("  ") == CountVerdict(())
    empty = verdict("", read())
    assert empty.blocks == (Message("warning", "count_none"),) and empty.points is None
    assert verdict("", read(("R7", 0.9))).blocks == ()  # read, then cleared by hand


def test_more_cards_than_a_hand_is_left_with_are_said_beside_the_count():
    # Browser audit, session 62: 11 cards read from a photo were counted without a word,
    # where a hand left when someone goes out holds 10 at most.
    eleven = verdict("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11")
    assert outline(eleven.blocks) == ["counted", "count_cards_many"]
    assert message(eleven.blocks, "count_cards_many").fields == {"count": 11, "most": 10}
    assert eleven.points == 9 * 5 + 2 * 10  # still offered: the player checks the cards
    assert outline(verdict("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10").blocks) == ["counted"]


def test_unsure_cards_are_flagged_before_the_count():
    counted = verdict("B7 R7", read(("R7", 0.5), ("B7", 0.95)))
    assert outline(counted.blocks) == ["low_confidence", "counted"]
    assert counted.blocks[0] == Message("warning", "low_confidence", {"cards": "R7"})
    assert counted.points == 10


def test_the_other_decks_cards_count_nothing_until_typed_anew():
    found = read(("R7", 0.9), ("B7", 0.9), other_deck=True)
    assert verdict("R7 B7", found).blocks == (OtherDeck(MATTEL, True),)
    assert verdict("R7 B7", found).points is None
    assert verdict("R7 G7", found).points == 10
    assert verdict("", read(other_deck=True)).blocks == (OtherDeck(MATTEL, False),)


def test_the_most_points_a_hand_can_hold_are_offered():
    # Eight Wilds and two Skips: 230, mattel's most; one point over is refused (below).
    most = verdict("W W W W W W W W S S")
    assert most.points == 230 and outline(most.blocks) == ["counted"]


def test_more_points_than_a_hand_can_hold_are_refused():
    too_many = verdict("W W W W W W W W S S R10")  # eleven cards, which is said too
    assert outline(too_many.blocks) == ["counted", "count_cards_many", "count_too_many"]
    assert too_many.blocks[-1] == Message("error", "count_too_many", {"points": 240, "most": 230})
    assert too_many.points is None


@pytest.mark.parametrize("lang", ["en", "de", "nl", "da"])
@pytest.mark.parametrize("name", sorted(solver.RULESETS))
def test_the_table_boxs_examples_are_lines_the_table_box_reads_as_they_say(name, lang):
    rules = ruleset_for(name, None)
    examples = table_examples(rules, lang)
    colour_line = f"{examples['colour_word']} {examples['colour']}"
    table = read_table_form(f"{text(lang, 'table_placeholder', **examples)}\n{colour_line}",
                            "", "", True)
    assert [kind for kind, _ in table.groups][:2] == ["set", "run"]
    # A colour group of ordinary cards is one suit, and English players call it so.
    assert (examples["colour_word"] == "suit") is (rules.deck is solver.Deck.STANDARD
                                                  and lang == "en")
    hand = [examples["colour"].split()[0]]
    analysis = solver.analyse(hand, rules, 1, table=table.groups, down=True)
    assert analysis.hits and analysis.remaining == ()


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("options", [{"phases": ["colour 4 + set 3"]}, {"parity": "odd"}])
def test_the_table_boxs_colour_example_is_read_where_no_phase_lays_a_suit_group(lang, options):
    # A classic list of red/black groups only: the box's "suit 2H 7H 9H" was refused ("no phase
    # of classic lays a suit group"); "colour" reads it as the red group it is. So under odd
    # phases only, which never play phase 8 (variants audit, session 67).
    rules = solver.ruleset("classic", **options)
    examples = table_examples(rules, lang)
    assert examples["colour_word"] == text(lang, "table_word_colour")
    table = read_table_form(f"{examples['colour_word']} {examples['colour']}", "", "", True)
    analysis = solver.analyse([examples["colour"].split()[0]], rules, 1, table=table.groups,
                              down=True)
    assert analysis.hits and analysis.remaining == ()


def _laid(*groups: tuple[str, tuple[str, ...]]) -> LaidTable:
    return LaidTable(tuple(LaidGroup(tuple(cards.split()), kinds) for cards, kinds in groups))


@pytest.mark.parametrize(("laid", "said"), [
    (_laid(("R7 B7 W", ("set",)), ("G1 G5 G9", ("colour",))),
     [Message("info", "table_photo_read", {"count": 2})]),
    (_laid(("R7 B7 W", ("set",))), [Message("info", "table_photo_read_one")]),
    (_laid(), [Message("warning", "table_photo_none")]),
    # Nothing written, a group of no kind and two cards lying alone: each said, in order.
    (_laid(("R7 B9", ()), ("Y9", ("set",)), ("S", ())),
     [Message("warning", "table_photo_none"),
      Message("warning", "table_photo_unfit", {"cards": "R7, B9"}),
      Message("warning", "table_photo_lone", {"card": "Y9"}),
      Message("warning", "table_photo_lone", {"card": "S"})]),
])
def test_a_table_photo_says_what_it_wrote_and_what_is_left_to_type(laid, said):
    assert list(table_photo_panel(laid, "en")) == said


@pytest.mark.parametrize("block", [
    Message("info", "draw_first"), Explanation("why"), Groups((("R7",),)), Hit("R7", 1),
    Discard("R7"), Chart(()), OtherDeck(MATTEL, False), CountVerdict(()),
])
def test_what_a_panel_says_is_a_fixed_value(block):
    # Panels are decided once and drawn as they are: nothing may change a block on its way.
    field_name = next(iter(vars(block)))
    with pytest.raises(FrozenInstanceError):
        setattr(block, field_name, None)


@pytest.mark.parametrize("lang", ["en", "de", "nl", "da"])
def test_each_kind_a_table_photo_writes_is_read_back_by_the_table_box(lang):
    # The photo's groups are written in the page's words (audits, session 67): each must read
    # back as the kind it was written for.
    from solver.phases import Kind, kind_named

    for kind in Kind:
        assert kind_named(text(lang, f"table_word_{kind.value}")) is kind, (lang, kind)
