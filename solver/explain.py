"""Plain-language explanations of the solver's advice in English, German, Dutch and Danish.

The wording is data (``MESSAGES``: one template table per language, the same keys in each); the
functions only pick templates and fill them. Card names follow each ruleset's own vocabulary: in
``zehn-phasen`` a King is wild and the *Joker* is the skip card, so "Joker" must never name a wild
there, while the German Mattel edition calls its wild card "Joker".

>>> from solver.cards import parse_card
>>> from solver.rules import ruleset
>>> card_name(parse_card("R7"), ruleset("mattel"), "de")
'rote 7'
>>> card_name(parse_card("X"), ruleset("zehn-phasen"), "de")
'Aussetzkarte (Joker)'
>>> join_alternatives(["any 8", "a Wild"], "en")
'any 8 or a Wild'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from fractions import Fraction

from solver.analysis import Analysis, Completing
from solver.cards import PHASE10_COLOURS, SUIT_SIGNS, SUITS, Card, Deck, rank_text
from solver.errors import SolverError
from solver.odds import DiscardOdds, DrawAdvice, DrawReason, advised
from solver.play import LaidGroup, Play
from solver.rules import Role, Ruleset
from solver.skips import Opponent, SkipAdvice, SkipReason

LANGUAGES: tuple[str, ...] = ("en", "de", "nl", "da")


MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "colour.R": "red", "colour.B": "blue", "colour.G": "green", "colour.Y": "yellow",
        "colour.red": "red", "colour.black": "black",
        "suit.C": "clubs", "suit.D": "diamonds", "suit.H": "hearts", "suit.S": "spades",
        "card.number": "{colour} {number}",
        "card.wild.phase10": "Wild", "card.skip.phase10": "Skip",
        "card.wild.king": "King (wild)", "card.wild.joker": "Joker (wild)",
        "card.skip.joker": "Joker (skip)",
        # A card by its face alone, whatever the ruleset makes of it (a chip's spoken name).
        "face.standard": "{rank} of {suit}", "face.wild": "Wild", "face.skip": "Skip",
        "face.joker": "Joker", "rank.A": "ace", "rank.J": "jack", "rank.Q": "queen",
        "rank.K": "king",
        # The card with its article, as a discard or a hit names it ("Wirf den Joker ab").
        "the.number": "the {colour} {number}", "the.standard": "the {card}",
        # By rank where a language's article goes with the rank's noun (German, Dutch, Danish).
        "the.standard.A": "the {card}", "the.standard.J": "the {card}",
        "the.standard.K": "the {card}", "a.card.A": "an {card}", "a.card.J": "a {card}",
        "a.card.K": "a {card}", "a.card.J.object": "a {card}", "a.card.K.object": "a {card}",
        "the.wild": "the {card}", "the.skip": "the {card}",
        "colour.the.R": "red", "colour.the.B": "blue",
        "colour.the.G": "green", "colour.the.Y": "yellow",
        "a.wild.phase10": "a Wild", "a.wild.king": "a King", "a.wild.joker": "a Joker",
        # The same as the object of a verb (German declines it: "einen Joker").
        "a.wild.phase10.object": "a Wild", "a.wild.king.object": "a King",
        "a.wild.joker.object": "a Joker",
        "any.number": "any {number}", "any.colour": "any {colour} card",
        "any.rank.A": "any Ace", "any.rank.J": "any Jack", "any.rank.Q": "any Queen",
        "any.rank.K": "any King",
        "any.suit": "any card of {suit}", "a.card": "a {card}", "a.card.vowel": "an {card}",
        "or": " or ",
        "percent": "{value}%",
        "laydown": "Lay down phase {phase}: {groups}.",
        "down.already": "Your phase is already down.",
        "draw.first": "Draw first.",
        # Not "the card you draw goes onto the table or is your discard": after drawing Y1 the
        # advice was to discard the G12 kept (advice audit, session 62).
        "drawn.card": "Which card to discard, and what else goes onto the table, depends on "
        "the card you draw: ask again with it.",
        "hits": "Then add {hits}.",
        "hits.first": "Add {hits}.",
        "hit": "{the_card} to table group {group}",
        "hit.wild": "{the_card} as {number} to table group {group}",
        "hit.times": "{hit} ({count} times)",
        "out.by.discard": "Discard {the_card} and you are out: no points left.",
        "out.by.hit": "That uses up your last card: you are out.",
        "keep": "Discard {the_card}; you keep {count} cards worth {points} penalty points.",
        "keep.one": "Discard {the_card}; you keep 1 card worth {points} penalty points.",
        "missing.one": "You need 1 more card for phase {phase}.",
        "missing.many": "You need {count} more cards for phase {phase}.",
        "missing.hand": "Phase {phase} needs a hand of at least {needed} cards; this one holds "
        "{count}.",
        "completes": "Drawing {cards} completes it.",
        "example": "Drawing {card}, for example, you lay {groups}.",
        "before.draw": "{outs} of {unseen} unseen cards complete it on this draw ({p1}).",
        "before.draw.one": "1 of {unseen} unseen cards completes it on this draw ({p1}).",
        "no.single": "No single card completes it yet.",
        # Every card accounted for (the known cards name all others): "yet" promises a draw.
        "no.unseen": "No unseen card is left to complete it.",
        "recommend": "Discard {the_card}: {p2} chance to lay the phase within your next two "
        "draws ({outs} of {unseen} unseen cards complete it on the next draw).",
        "recommend.none": "No discard gives you a chance to lay the phase within your next two "
        "draws; discarding {the_card} sheds the most points.",
        # ... when that card is a wild and another leaves the same (nil) chances.
        "recommend.none.wild": "No discard gives you a chance to lay the phase within your next "
        "two draws; discarding {the_card} sheds the most points, but the next player could pick "
        "it up: discard {other} instead, which leaves the same chances.",
        "recommend.one": "Discard {the_card}: {p2} chance to lay the phase within your next "
        "two draws (1 of {unseen} unseen cards completes it on the next draw).",
        # After "recommend": the wild it named leaves the same chances as a card of no use to
        # the next player.
        "recommend.wild": "But the next player could pick it up: {other} leaves the same "
        "chances, so discard that instead.",
        # After "recommend": a natural that a group on the table takes, and another card that
        # leaves the same chances but none takes.
        "recommend.table": "But the table takes it, and a player who is down could pick it up "
        "and lay it off: {other} leaves the same chances, so discard that instead.",
        "recommend.none.table": "No discard gives you a chance to lay the phase within your "
        "next two draws; discarding {the_card} sheds the most points, but the table takes it and "
        "a player who is down could pick it up and lay it off: discard {other} instead, which "
        "leaves the same chances.",
        "draw.skip": "The {card} can never be taken from the discard pile: draw blind.",
        "draw.then_discard": "Then discard {the_card}.",
        "draw.then_discard.out": "Then discard {the_card} and you are out.",
        "draw.out": "With it you go out this turn.",
        "draw.ready": "You can lay your phase this turn, whatever you draw.",
        # "Fits": played or discarded, the turn ends with no more cards in hand than now.
        "draw.any": "Draw blind or take {the_card}: whatever you draw, you can play or discard "
        "it and hold no more cards than now.",
        "draw.any.out": "Draw blind or take {the_card}: whatever you draw, you go out this "
        "turn.",
        "draw.hits": "Take {the_card}: it goes onto the table at once (a blind draw would fit "
                     "only {p_blind} of the time).",
        "draw.no_hit": "Draw blind: {the_card} fits nowhere on the table; a blind draw fits "
                       "{p_blind} of the time.",
        "draw.completes": "Take {the_card} from the discard pile: it completes your phase.",
        "draw.take": "Take {the_card}: {p_take} to have your phase by your next draw, "
        "against {p_blind} when drawing blind.",
        "draw.blind": "Draw blind: {p_blind} to have your phase by your next draw, "
        "against {p_take} with {the_card}.",
        "draw.nearer": "Take {the_card}: neither way gives you your phase by your next draw "
        "({p_take}), but with it only {missing} cards are still missing.",
        "draw.nearer.one": "Take {the_card}: neither way gives you your phase by your next "
        "draw ({p_take}), but with it only 1 card is still missing.",
        "skip.close-to-going-out": "Skip {name}: their phase is down and only {cards} "
        "cards are left in their hand.",
        "skip.close-to-going-out.one": "Skip {name}: their phase is down and only 1 card is "
        "left in their hand.",
        "skip.ahead-on-phases": "Skip {name}: they are furthest along, on phase {phase}.",
        "skip.ahead-on-phases.skipped": "Skip {name}: of those not yet skipped, they are "
        "furthest along, on phase {phase}.",
        "skip.lowest-score": "Skip {name}: on the same phase as {other}, but with fewer points "
        "({points} against {other_points}).",
        "skip.even": "Skip {name}: level with {other} on phase and points, so either is as "
        "good.",
        "skip.even.phase": "Skip {name}: level with {other} on phase, so either is as good.",
        "skip.close-to-going-out.unknown": "Skip {name}: their phase is already down, so they "
        "can start getting rid of cards.",
        "skip.only-opponent": "Skip {name}: no one else may be skipped now.",
        "skip.sole-opponent": "Skip {name}, the only other player.",
        "skip.play-again": "With two players a Skip means you play again.",
        "skip.no-effect": "No one may be skipped now: the Skip has no effect.",
        # Said after close-to-going-out when the runner-up is down with as many cards told.
        "skip.down-tie.phase": "{other}'s phase is down too, with as many cards; {name} is "
        "further along (phase {phase} against {other_phase}).",
        "skip.down-tie.points": "{other}'s phase is down too, with as many cards and on the "
        "same phase; {name} has fewer points ({points} against {other_points}).",
        "skip.down-tie.even": "{other}'s phase is down too, with as many cards, on the same "
        "phase and points: either is as good.",
        "skip.down-tie.even.phase": "{other}'s phase is down too, with as many cards, on the "
        "same phase: either is as good.",
        # Under free phase choice a player is as far as the phases they have made.
        "skip.ahead-on-phases.free": "Skip {name}: they are furthest along (phases made: "
        "{made}).",
        "skip.ahead-on-phases.skipped.free": "Skip {name}: of those not yet skipped, they are "
        "furthest along (phases made: {made}).",
        "skip.lowest-score.free": "Skip {name}: as many phases made as {other}, but fewer "
        "points ({points} against {other_points}).",
        "skip.even.free": "Skip {name}: level with {other} on phases made and points, so either "
        "is as good.",
        "skip.even.phase.free": "Skip {name}: level with {other} on phases made, so either is "
        "as good.",
        "skip.down-tie.phase.free": "{other}'s phase is down too, with as many cards; {name} "
        "is further along (phases made: {made} against {other_made}).",
        "skip.down-tie.points.free": "{other}'s phase is down too, with as many cards and "
        "phases made; {name} has fewer points ({points} against {other_points}).",
        "skip.down-tie.even.free": "{other}'s phase is down too, with as many cards, phases "
        "made and points: either is as good.",
        "skip.down-tie.even.phase.free": "{other}'s phase is down too, with as many cards and "
        "phases made: either is as good.",
        # --- errors a player can meet on the page (SolverError.code; explain_error) ---
        "note.not_answered": (
            "phase {asked} not answered: with free phase choice the best open phase is answered "
            "(phase {chosen})"
        ),
        "error.skip_same_name": "two other players are named “{name}”: give each their own name",
        "error.skip_points": (
            "{name} has {points} points: card points always add up to a multiple of 5"
        ),
        "error.skip_no_cards": "{name} holds no cards: they have gone out and the hand is over",
        "error.skip_none": "{ruleset} is played without skip cards here: no one can be skipped",
        "error.skip_phase": (
            "{name} is on phase {number}, which {ruleset} does not play here (phases {played})"
        ),
        "error.skips_word": "{option} {q_value}: use off, on or a count from 0 to {most}",
        "error.skips_range": "the number of skips goes from 0 to {most}",
        "error.table_json": "--table is not valid JSON: {detail}",
        "error.table_nested": "--table is not JSON that can be read: nested too deeply",
        "error.table_syntax": "--table {q_value}: write {q_example} or JSON",
        "error.table_group_keys": "table group {group} needs “kind” and “cards”",
        "error.table_group_shares": (
            "table group {group}: “shares” is “suit” or “redblack”, and only a colour group has "
            "it"
        ),
        "error.table_group_shape": (
            "table group {group} must be a JSON object with “kind” and “cards”"
        ),
        "error.table_group_types": "table group {group}: kind must be a word and cards a list",
        "error.table_group_token": "table group {group}: {token} is not a card token",
        "error.done_not_free": "--done lists the phases done under free phase choice: add --free",
        "error.done_words": "--done {q_value}: list phase numbers, e.g. 1,2",
        "error.done_unknown": "phase {number} is done, but the phases go from 1 to {last}",
        "error.done_all": "every phase is already done",
        "error.opponent_no_name": "an opponent needs a name, e.g. “Ann phase=5 down cards=3”",
        "error.opponent_name_first": (
            "opponent {q_text} starts with {q_word}: put the player's name first, e.g. “Ann "
            "phase=5 down”"
        ),
        "error.opponent_twice": "{q_field} is told twice in opponent {q_text}",
        "error.opponent_field": (
            "cannot read {q_field} in opponent {q_text}; use e.g. “Ann phase=5 down cards=3 "
            "points=120 skipped”"
        ),
        "error.skip_no_opponent": "name at least one opponent with --opponent",
        "error.skip_points_some": (
            "points= is given for {told} but not for {untold}: give every opponent's points, or "
            "none"
        ),
        "error.skip_phase_low": "{name} is on phase {number}: phases start at 1",
        "error.skip_cards_many": (
            "{name} holds {cards} cards: a hand holds at most {most} between turns"
        ),
        "error.skip_cards_many_down": (
            "{name} holds {cards} cards: a hand holds at most {most} between turns once its phase"
            " is down"
        ),
        "error.skip_cards_not_down": (
            "cards={cards} is told for {name}, who has not laid their phase (add down): until "
            "then a hand holds {most} between turns"
        ),
        "error.skip_down_out": (
            "{name} cannot be down on phase {number}: laying it takes {needed} of the {held} "
            "cards held after the draw and a discard follows, so they have gone out and the hand "
            "is over"
        ),
        "error.skip_down_none": (
            "{name} is told to hold {cards} with phase {number} down, but laying it takes "
            "{needed} of the {held} cards held after the draw and a discard follows, so none is "
            "left"
        ),
        "error.skip_down_left": (
            "{name} holds {cards} cards with phase {number} down: laying it takes {needed} of the"
            " {held} cards held after the draw and a discard follows, so no more than {most} can "
            "be left"
        ),
        "error.decks_option": "the number of decks is an option of {rulesets} only",
        "error.decks_range": "the number of decks goes from 1 to {most}",
        "error.no_skips": "{ruleset} has no skip cards (its jokers are wild)",
        "error.naturals_negative": "naturals per group cannot be negative",
        "error.phases_empty": "the phase list is empty",
        "error.phase_naturals": (
            "phase {number} ({text}): a group of {size} cannot hold {naturals} natural cards"
        ),
        "error.card_empty": "empty card token",
        "error.card_range": "“{token}”: Phase 10 numbers go from 1 to 12",
        "error.card_unknown": "“{token}” is not a card: {how}",
        "error.cards_unknown": "{tokens} are not cards: {how}",
        "quoted": "“{token}”",
        # How cards are written: of either deck, or of the deck the ruleset plays.
        "notation.any": (
            "use R1..R12, B, G, Y likewise, W or S for Phase 10 cards, or rank + suit (AS, "
            "10H, QD) and X for standard cards"
        ),
        "notation.phase10": (
            "colour then number, R7 B7 G12 Y1 (red, blue, green, yellow), W a Wild, S a Skip"
        ),
        "notation.standard": (
            "rank then suit, 10H QS KD AC (H hearts, D diamonds, S spades, C clubs; A ace, J "
            "jack, Q queen, K king), X a joker"
        ),
        "error.card_letter": (
            "“{token}” is not a card: its “{letter}” is not a Latin letter (another alphabet?)"
        ),
        "error.hand_mixed": (
            "the hand mixes Phase 10 cards ({phase10}) and standard cards ({standard})"
        ),
        "error.hand_size": "a hand has 1 to {most} cards (11 right after the draw); got {count}",
        "error.deck_phase10": (
            "{card} is a Phase 10 card, but {ruleset} is played with standard cards"
        ),
        "error.deck_standard": (
            "{card} is a standard card, but {ruleset} is played with Phase 10 cards"
        ),
        "error.copies": "{count} × {card} in {places}, but {ruleset} has only {limit} of that card",
        "error.copies_skips": "{count} × {card} in {places}, but the game's skip cards are set "
        "to {limit}",
        "error.copies_no_skips": "{count} × {card} in {places}, but this game is played without "
        "skip cards",
        "ruleset.mattel": "Phase 10 (Mattel)",
        "ruleset.zehn-phasen": "Zehn Phasen",
        "ruleset.classic": "Phase 10 with classic cards",
        "error.unknown_ruleset": "unknown ruleset “{name}”; choose one of {choices}",
        "error.phase_undefined": "phase {number} is not defined for {ruleset} (phases 1-{last})",
        "error.phase_even": "phase {number} is not played in the even-phases variant",
        "error.phase_list_even": "a list of one phase has no even phase to play",
        "error.phase_odd": "phase {number} is not played in the odd-phases variant",
        "error.phase_syntax": (
            "phase “{text}”: “{part}” is not a requirement; write e.g. 'set 3', 'run 4', 'colour "
            "7', 'suit 4', 'redblack 5' or '2 sets of 3'"
        ),
        "error.phase_sizes": "phase “{text}”: group sizes and counts must be at least 1",
        "error.phase_remark": (
            "phase “{text}”: cannot tell what “{remark}” in brackets does to the phase; write "
            "the phase without it, e.g. 'set 3 + run 4'"
        ),
        "error.phase_too_big": (
            "phase “{text}”: a phase has at most {groups} groups and {cards} cards"
        ),
        "error.phase_run_long": "phase {number} ({text}): a run cannot be longer than {top}",
        "error.phase_hand_short": (
            "phase {number} ({text}) takes {needed} cards, but a player lays a phase from at "
            "most {held}: no hand can lay it"
        ),
        "error.phase_deck_short": (
            "phase {number} ({text}): the deck has only {most} cards that could make its group "
            "of {size}"
        ),
        "error.phase_redblack_deck": "phase {number} ({text}): redblack needs standard cards",
        "error.phase_redblack_many": (
            "phase {number} ({text}): only two redblack groups can differ"
        ),
        "error.table_line": "line {number} “{line}”: start with set, run or colour, then the cards",
        "error.table_kind": (
            "table group {group}: unknown kind “{kind}”; use set, run, colour, suit or redblack"
        ),
        "error.table_empty": "table group {group} has no cards",
        "error.table_skip": "table group {group}: a skip is never part of a group",
        "error.table_no_natural": (
            "table group {group} has no natural card, so what it stands for is unknown"
        ),
        "error.table_set_mixed": "table group {group} is not a set: it mixes the numbers {numbers}",
        "error.table_mixed": "table group {group} is not a {kind} group: it mixes {values}",
        "error.table_redblack": "table group {group}: redblack groups need standard cards",
        "error.table_run_long": "table group {group}: a run holds at most {top} cards",
        "error.table_not_run": (
            "table group {group} is not a run in ascending order (wilds at their places): {cards}"
        ),
        "error.table_run_below": (
            "table group {group}: a wild would have to stand below {low}, but runs go from "
            "{low} to {top}"
        ),
        "error.table_run_above": (
            "table group {group}: a wild would have to stand above {top}, but runs go from "
            "{low} to {top}"
        ),
        "error.table_run_wraps": (
            "table group {group}: runs do not go on from {top} to {low} (only with the wrap option)"
        ),
        "error.table_kind_unused": "table group {group}: no phase of {ruleset} lays a {kind} group",
        "place.hand": "hand",
        "place.table": "table",
        "place.known_cards": "known cards",
        "place.top_card": "discard pile",
        "and": " and ",
        "kind.set": "set",
        "kind.run": "run",
        "kind.colour": "colour",
        "kind.suit": "suit",
        "kind.redblack": "redblack",
        # What a colour group's cards share, as a mixed group names it.
        "value.R": "red", "value.B": "blue", "value.G": "green", "value.Y": "yellow",
        "value.red": "red", "value.black": "black",
        "value.C": "clubs", "value.D": "diamonds", "value.H": "hearts", "value.S": "spades",
    },
    "de": {
        "colour.R": "rote", "colour.B": "blaue", "colour.G": "grüne", "colour.Y": "gelbe",
        "colour.red": "rote", "colour.black": "schwarze",
        "suit.C": "Kreuz", "suit.D": "Karo", "suit.H": "Herz", "suit.S": "Pik",
        "card.number": "{colour} {number}",
        "card.wild.phase10": "Joker", "card.skip.phase10": "Aussetzkarte",
        "card.wild.king": "König (wild)", "card.wild.joker": "Joker (wild)",
        "card.skip.joker": "Aussetzkarte (Joker)",
        "face.standard": "{suit} {rank}", "face.wild": "Joker", "face.skip": "Aussetzkarte",
        "face.joker": "Joker", "rank.A": "Ass", "rank.J": "Bube", "rank.Q": "Dame",
        "rank.K": "König",
        # The card with its article, as a discard or a hit names it ("Wirf den Joker ab").
        "the.number": "die {colour} {number}", "the.standard": "die {card}",
        # Said as "das Ass", "den Buben", "den König" (the object of a verb), "die Dame".
        "the.standard.A": "das {card}", "the.standard.J": "den {card}",
        "the.standard.K": "den {card}", "a.card.A": "ein {card}", "a.card.J": "ein {card}",
        "a.card.K": "ein {card}", "a.card.J.object": "einen {card}",
        "a.card.K.object": "einen {card}",
        "the.wild": "den {card}", "the.skip": "die {card}",
        "colour.the.R": "rote", "colour.the.B": "blaue",
        "colour.the.G": "grüne", "colour.the.Y": "gelbe",
        "a.wild.phase10": "ein Joker", "a.wild.king": "ein König", "a.wild.joker": "ein Joker",
        "a.wild.phase10.object": "einen Joker", "a.wild.king.object": "einen König",
        "a.wild.joker.object": "einen Joker",
        "any.number": "eine beliebige {number}", "any.colour": "eine beliebige {colour} Karte",
        "any.rank.A": "ein beliebiges Ass", "any.rank.J": "ein beliebiger Bube",
        "any.rank.Q": "eine beliebige Dame", "any.rank.K": "ein beliebiger König",
        "any.suit": "eine beliebige {suit}-Karte", "a.card": "eine {card}",
        "a.card.vowel": "eine {card}",
        "or": " oder ",
        "percent": "{value} %",
        "laydown": "Lege Phase {phase} aus: {groups}.",
        "down.already": "Deine Phase liegt schon aus.",
        "draw.first": "Zieh zuerst.",
        "drawn.card": "Welche Karte du abwirfst und was noch angelegt wird, hängt von der "
        "gezogenen Karte ab: frag mit ihr noch einmal.",
        "hits": "Lege dann {hits} an.",
        "hits.first": "Lege {hits} an.",
        "hit": "{the_card} an Tischgruppe {group}",
        "hit.wild": "{the_card} als {number} an Tischgruppe {group}",
        "hit.times": "{hit} ({count}-mal)",
        "out.by.discard": "Wirf {the_card} ab, dann gehst du aus: keine Punkte übrig.",
        "out.by.hit": "Damit liegt deine letzte Karte auf dem Tisch: du gehst aus.",
        "keep": "Wirf {the_card} ab; du behältst {count} Karten mit {points} Strafpunkten.",
        "keep.one": "Wirf {the_card} ab; du behältst 1 Karte mit {points} Strafpunkten.",
        "missing.one": "Dir fehlt noch 1 Karte für Phase {phase}.",
        "missing.many": "Dir fehlen noch {count} Karten für Phase {phase}.",
        "missing.hand": "Für Phase {phase} braucht eine Hand mindestens {needed} Karten; diese "
        "hat {count}.",
        "completes": "Komplett macht sie: {cards}.",
        "example": "Ziehst du zum Beispiel {card}, legst du {groups} aus.",
        "before.draw": "{outs} von {unseen} unbekannten Karten machen sie bei diesem Ziehen "
        "komplett ({p1}).",
        "before.draw.one": "1 von {unseen} unbekannten Karten macht sie bei diesem Ziehen komplett "
        "({p1}).",
        "no.single": "Noch macht keine einzelne Karte sie komplett.",
        "no.unseen": "Keine unbekannte Karte ist mehr übrig, die sie komplett macht.",
        "recommend": "Wirf {the_card} ab: {p2} Chance, die Phase in deinen nächsten zwei Zügen "
        "auszulegen ({outs} von {unseen} unbekannten Karten machen sie beim nächsten Ziehen "
        "komplett).",
        "recommend.none": "Kein Abwurf gibt dir eine Chance, die Phase in deinen nächsten zwei "
        "Zügen auszulegen; wirf {the_card} ab, das spart die meisten Punkte.",
        "recommend.none.wild": "Kein Abwurf gibt dir eine Chance, die Phase in deinen nächsten "
        "zwei Zügen auszulegen; wirfst du {the_card} ab, sparst du die meisten Punkte, aber der "
        "nächste Spieler könnte die Karte aufnehmen: wirf stattdessen {other} ab, deine Chancen "
        "bleiben dieselben.",
        # {other} is the object ("den Buben"): as the subject it read "den J♠ lässt dir ...,
        # wirf also lieber diese ab" (German audit, session 67).
        "recommend.wild": "Aber der nächste Spieler könnte die Karte aufnehmen: wirf lieber "
        "{other} ab, das lässt dir dieselben Chancen.",
        "recommend.table": "Aber die Karte passt an eine Gruppe auf dem Tisch, und wer schon "
        "ausgelegt hat, könnte sie aufnehmen und anlegen: wirf lieber {other} ab, das lässt dir "
        "dieselben Chancen.",
        "recommend.none.table": "Kein Abwurf gibt dir eine Chance, die Phase in deinen nächsten "
        "zwei Zügen auszulegen; wirfst du {the_card} ab, sparst du die meisten Punkte, aber die "
        "Karte passt an eine Gruppe auf dem Tisch, und wer schon ausgelegt hat, könnte sie "
        "aufnehmen und anlegen: wirf stattdessen {other} ab, deine Chancen bleiben dieselben.",
        "recommend.one": "Wirf {the_card} ab: {p2} Chance, die Phase in deinen nächsten zwei "
        "Zügen auszulegen (1 von {unseen} unbekannten Karten macht sie beim nächsten Ziehen "
        "komplett).",
        "draw.skip": (
            "Die {card} darf nie vom Ablagestapel genommen werden: zieh verdeckt."
        ),
        "draw.then_discard": "Wirf danach {the_card} ab.",
        "draw.then_discard.out": "Wirf danach {the_card} ab, dann gehst du aus.",
        "draw.out": "Damit gehst du in diesem Zug aus.",
        "draw.ready": "Du kannst die Phase in diesem Zug auslegen, egal was du ziehst.",
        "draw.any": (
            "Zieh verdeckt oder nimm {the_card} vom Ablagestapel: was du auch ziehst, du kannst es "
            "anlegen oder abwerfen und hältst danach nicht mehr Karten als jetzt."
        ),
        "draw.any.out": (
            "Zieh verdeckt oder nimm {the_card} vom Ablagestapel: was du auch ziehst, du gehst "
            "in diesem Zug aus."
        ),
        "draw.hits": (
            "Nimm {the_card} vom Ablagestapel: die Karte lässt sich sofort anlegen (eine "
            "verdeckt gezogene Karte passt nur in {p_blind} der Fälle)."
        ),
        "draw.no_hit": (
            "Zieh verdeckt: {the_card} vom Ablagestapel kannst du nirgends anlegen; eine verdeckt "
            "gezogene Karte passt in {p_blind} der Fälle."
        ),
        "draw.completes": (
            "Nimm {the_card} vom Ablagestapel: damit ist deine Phase komplett."
        ),
        "draw.take": (
            "Nimm {the_card} vom Ablagestapel: {p_take} Chance auf deine Phase bis zum nächsten "
            "Ziehen, gegen {p_blind} beim verdeckten Ziehen."
        ),
        "draw.blind": (
            "Zieh verdeckt: {p_blind} Chance auf deine Phase bis zum nächsten Ziehen, gegen "
            "{p_take}, wenn du {the_card} vom Ablagestapel nimmst."
        ),
        "draw.nearer": (
            "Nimm {the_card} vom Ablagestapel: so oder so hast du deine Phase bis zum nächsten "
            "Ziehen nicht ({p_take}), aber damit fehlen dir nur noch {missing} Karten."
        ),
        "draw.nearer.one": (
            "Nimm {the_card} vom Ablagestapel: so oder so hast du deine Phase bis zum nächsten "
            "Ziehen nicht ({p_take}), aber damit fehlt dir nur noch 1 Karte."
        ),
        "skip.close-to-going-out": (
            "Lass {name} aussetzen: die Phase liegt schon aus und {name} hat nur noch {cards} "
            "Karten auf der Hand."
        ),
        "skip.close-to-going-out.one": (
            "Lass {name} aussetzen: die Phase liegt schon aus und {name} hat nur noch 1 Karte auf "
            "der Hand."
        ),
        "skip.ahead-on-phases": "Lass {name} aussetzen: am weitesten vorne, bei Phase {phase}.",
        "skip.ahead-on-phases.skipped": "Lass {name} aussetzen: von denen, die noch aussetzen "
        "können, am weitesten vorne, bei Phase {phase}.",
        "skip.lowest-score": "Lass {name} aussetzen: gleiche Phase wie {other}, aber weniger "
        "Punkte ({points} gegen {other_points}).",
        "skip.even": "Lass {name} aussetzen: bei Phase und Punkten gleichauf mit {other}, "
        "beide Wahlen sind gleich gut.",
        "skip.even.phase": "Lass {name} aussetzen: bei der Phase gleichauf mit {other}, "
        "beide Wahlen sind gleich gut.",
        "skip.close-to-going-out.unknown": "Lass {name} aussetzen: {name} hat die Phase schon "
        "ausgelegt und kann nun Karten loswerden.",
        "skip.only-opponent": "Lass {name} aussetzen: sonst darf gerade niemand aussetzen.",
        "skip.sole-opponent": "Lass {name} aussetzen: sonst spielt niemand mit.",
        "skip.down-tie.phase": "Auch {other} hat die Phase ausliegen, mit gleich vielen Karten; "
        "{name} ist weiter (Phase {phase} gegen {other_phase}).",
        "skip.down-tie.points": "Auch {other} hat die Phase ausliegen, mit gleich vielen Karten "
        "und in derselben Phase; {name} hat weniger Punkte ({points} gegen {other_points}).",
        "skip.down-tie.even": "Auch {other} hat die Phase ausliegen, mit gleich vielen Karten, "
        "gleicher Phase und gleichen Punkten: beide Wahlen sind gleich gut.",
        "skip.down-tie.even.phase": "Auch {other} hat die Phase ausliegen, mit gleich vielen "
        "Karten und gleicher Phase: beide Wahlen sind gleich gut.",
        "skip.ahead-on-phases.free": "Lass {name} aussetzen: am weitesten vorne (Phasen "
        "geschafft: {made}).",
        "skip.ahead-on-phases.skipped.free": "Lass {name} aussetzen: von denen, die noch "
        "aussetzen können, am weitesten vorne (Phasen geschafft: {made}).",
        "skip.lowest-score.free": "Lass {name} aussetzen: so viele Phasen geschafft wie "
        "{other}, aber weniger Punkte ({points} gegen {other_points}).",
        "skip.even.free": "Lass {name} aussetzen: bei geschafften Phasen und Punkten gleichauf "
        "mit {other}, beide Wahlen sind gleich gut.",
        "skip.even.phase.free": "Lass {name} aussetzen: bei geschafften Phasen gleichauf mit "
        "{other}, beide Wahlen sind gleich gut.",
        "skip.down-tie.phase.free": "Auch {other} hat die Phase ausliegen, mit gleich vielen "
        "Karten; {name} ist weiter (Phasen geschafft: {made} gegen {other_made}).",
        "skip.down-tie.points.free": "Auch {other} hat die Phase ausliegen, mit gleich vielen "
        "Karten und geschafften Phasen; {name} hat weniger Punkte ({points} gegen "
        "{other_points}).",
        "skip.down-tie.even.free": "Auch {other} hat die Phase ausliegen, mit gleich vielen "
        "Karten, geschafften Phasen und Punkten: beide Wahlen sind gleich gut.",
        "skip.down-tie.even.phase.free": "Auch {other} hat die Phase ausliegen, mit gleich "
        "vielen Karten und geschafften Phasen: beide Wahlen sind gleich gut.",
        "skip.play-again": "Zu zweit bedeutet Aussetzen: du bist noch einmal dran.",
        "skip.no-effect": "Gerade darf niemand aussetzen: die Karte bleibt ohne Wirkung.",
        # --- errors a player can meet on the page (SolverError.code; explain_error) ---
        "note.not_answered": (
            "Phase {asked} nicht beantwortet: bei freier Phasenwahl wird die beste offene Phase "
            "beantwortet (Phase {chosen})"
        ),
        "error.skip_same_name": (
            "zwei andere Spieler heißen „{name}“: gib jedem einen eigenen Namen"
        ),
        "error.skip_points": (
            "{name} hat {points} Punkte: Kartenpunkte ergeben immer ein Vielfaches von 5"
        ),
        "error.skip_no_cards": (
            "{name} hält keine Karten: ausgegangen, die Runde ist vorbei"
        ),
        "error.skip_none": (
            "{ruleset} wird hier ohne Aussetzkarten gespielt: niemand kann aussetzen"
        ),
        "error.skip_phase": (
            "{name} ist auf Phase {number}, die {ruleset} hier nicht spielt (Phasen {played})"
        ),
        "error.skips_word": "{option} {q_value}: nimm off, on oder eine Anzahl von 0 bis {most}",
        "error.skips_range": "die Zahl der Aussetzkarten geht von 0 bis {most}",
        "error.table_json": "--table ist kein gültiges JSON: {detail}",
        "error.table_nested": "--table ist kein lesbares JSON: zu tief verschachtelt",
        "error.table_syntax": "--table {q_value}: schreib {q_example} oder JSON",
        "error.table_group_keys": "Tischgruppe {group} braucht „kind“ und „cards“",
        "error.table_group_shares": (
            "Tischgruppe {group}: „shares“ ist „suit“ oder „redblack“, und nur eine Farbgruppe "
            "hat es"
        ),
        "error.table_group_shape": (
            "Tischgruppe {group} muss ein JSON-Objekt mit „kind“ und „cards“ sein"
        ),
        "error.table_group_types": (
            "Tischgruppe {group}: kind muss ein Wort sein und cards eine Liste"
        ),
        "error.table_group_token": "Tischgruppe {group}: {token} ist keine Kartenangabe",
        "error.done_not_free": (
            "--done nennt die geschafften Phasen bei freier Phasenwahl: ergänze --free"
        ),
        "error.done_words": "--done {q_value}: nenne Phasennummern, z. B. 1,2",
        "error.done_unknown": (
            "Phase {number} soll geschafft sein, aber die Phasen gehen von 1 bis {last}"
        ),
        "error.done_all": "alle Phasen sind schon geschafft",
        "error.opponent_no_name": (
            "ein Gegner braucht einen Namen, z. B. „Ann phase=5 down cards=3“"
        ),
        "error.opponent_name_first": (
            "Gegner {q_text} beginnt mit {q_word}: schreib zuerst den Namen, z. B. „Ann phase=5 "
            "down“"
        ),
        "error.opponent_twice": "{q_field} steht zweimal bei Gegner {q_text}",
        "error.opponent_field": (
            "{q_field} bei Gegner {q_text} ist nicht lesbar; schreib z. B. „Ann phase=5 down "
            "cards=3 points=120 skipped“"
        ),
        "error.skip_no_opponent": "nenne mindestens einen Gegner mit --opponent",
        "error.skip_points_some": (
            "points= steht bei {told}, aber nicht bei {untold}: gib die Punkte aller Gegner an "
            "oder von keinem"
        ),
        "error.skip_phase_low": "{name} ist auf Phase {number}: die Phasen beginnen bei 1",
        "error.skip_cards_many": (
            "{name} hält {cards} Karten: zwischen zwei Zügen hält eine Hand höchstens {most}"
        ),
        "error.skip_cards_many_down": (
            "{name} hält {cards} Karten: mit ausgelegter Phase hält eine Hand zwischen zwei Zügen"
            " höchstens {most}"
        ),
        "error.skip_cards_not_down": (
            "cards={cards} steht bei {name}, die Phase liegt aber noch nicht aus (ergänze down): "
            "bis dahin hält eine Hand zwischen zwei Zügen {most} Karten"
        ),
        "error.skip_down_out": (
            "{name} kann Phase {number} nicht ausliegen haben: sie braucht {needed} der {held} "
            "Karten nach dem Ziehen, und danach wird abgelegt, also ist {name} ausgegangen und "
            "die Runde vorbei"
        ),
        "error.skip_down_none": (
            "{name} soll mit ausgelegter Phase {number} noch {cards} halten, aber die Phase "
            "braucht {needed} der {held} Karten nach dem Ziehen, und danach wird abgelegt: es "
            "bleibt keine"
        ),
        "error.skip_down_left": (
            "{name} hält {cards} Karten mit ausgelegter Phase {number}: sie braucht {needed} der "
            "{held} Karten nach dem Ziehen, und danach wird abgelegt, also bleiben höchstens "
            "{most}"
        ),
        "error.decks_option": "die Zahl der Kartenspiele ist nur bei {rulesets} wählbar",
        "error.decks_range": "die Zahl der Kartenspiele geht von 1 bis {most}",
        "error.no_skips": (
            "{ruleset} hat keine Aussetzkarten (dort sind die Joker frei einsetzbar)"
        ),
        "error.naturals_negative": "die Zahl echter Karten je Gruppe kann nicht negativ sein",
        "error.phases_empty": "die Phasenliste ist leer",
        "error.phase_naturals": (
            "Phase {number} ({text}): eine Gruppe aus {size} Karten kann keine {naturals} echten"
            " Karten enthalten"
        ),
        "error.card_empty": "leere Kartenangabe",
        "error.card_range": "„{token}“: Phase-10-Zahlen gehen von 1 bis 12",
        "error.card_unknown": "„{token}“ ist keine Karte: {how}",
        "error.cards_unknown": "{tokens} sind keine Karten: {how}",
        "quoted": "„{token}“",
        # How cards are written: of either deck, or of the deck the ruleset plays.
        "notation.any": (
            "R1..R12, ebenso B, G, Y, dazu W oder S für Phase-10-Karten; Wert + Farbe (AS, "
            "10H, QD) und X für normale Karten"
        ),
        "notation.phase10": (
            "Farbe, dann Zahl, R7 B7 G12 Y1 (rot, blau, grün, gelb), W ein Joker, S eine "
            "Aussetzkarte"
        ),
        "notation.standard": (
            "Wert, dann Farbe, 10H QS KD AC (H Herz, D Karo, S Pik, C Kreuz; A Ass, J Bube, Q "
            "Dame, K König), X ein Joker"
        ),
        "error.card_letter": (
            "„{token}“ ist keine Karte: das „{letter}“ darin ist kein lateinischer Buchstabe "
            "(anderes Alphabet?)"
        ),
        "error.hand_mixed": (
            "die Hand mischt Phase-10-Karten ({phase10}) und normale Karten ({standard})"
        ),
        "error.hand_size": (
            "eine Hand hat 1 bis {most} Karten (11 direkt nach dem Ziehen); hier sind es {count}"
        ),
        "error.deck_phase10": (
            "{card} ist eine Phase-10-Karte, aber {ruleset} wird mit normalen Karten gespielt"
        ),
        "error.deck_standard": (
            "{card} ist eine normale Karte, aber {ruleset} wird mit Phase-10-Karten gespielt"
        ),
        "error.copies": (
            "{count} × {card} ({places}), aber in {ruleset} gibt es diese Karte nur {limit}-mal"
        ),
        "error.copies_skips": "{count} × {card} ({places}), aber die Zahl der Aussetzkarten ist "
        "auf {limit} gesetzt",
        "error.copies_no_skips": "{count} × {card} ({places}), aber dieses Spiel wird ohne "
        "Aussetzkarten gespielt",
        "ruleset.mattel": "Phase 10 (Mattel)",
        "ruleset.zehn-phasen": "Zehn Phasen",
        "ruleset.classic": "Phase 10 mit klassischen Karten",
        "error.unknown_ruleset": "unbekanntes Regelwerk „{name}“; zur Wahl stehen {choices}",
        "error.phase_undefined": "Phase {number} gibt es in {ruleset} nicht (Phasen 1-{last})",
        "error.phase_even": "Phase {number} wird in der Variante mit geraden Phasen nicht gespielt",
        "error.phase_list_even": "eine Liste mit einer Phase hat keine gerade Phase zum Spielen",
        "error.phase_odd": (
            "Phase {number} wird in der Variante mit ungeraden Phasen nicht gespielt"
        ),
        "error.phase_syntax": (
            "Phase „{text}“: „{part}“ ist keine Anforderung; schreib z. B. „Satz 3“, „Folge 4“, "
            "„Farbe 7“, „Symbol 4“, „redblack 5“ oder „2 Sätze aus 3“"
        ),
        "error.phase_sizes": "Phase „{text}“: Gruppengrößen und Anzahlen müssen mindestens 1 sein",
        "error.phase_remark": (
            "Phase „{text}“: unklar, was „{remark}“ in Klammern an der Phase ändert; schreib die "
            "Phase ohne, z. B. „Satz 3 + Folge 4“"
        ),
        "error.phase_too_big": (
            "Phase „{text}“: eine Phase hat höchstens {groups} Gruppen und {cards} Karten"
        ),
        "error.phase_run_long": (
            "Phase {number} ({text}): eine Folge ist höchstens {top} Karten lang"
        ),
        "error.phase_hand_short": (
            "Phase {number} ({text}) braucht {needed} Karten, ausgelegt wird aber aus höchstens "
            "{held}: keine Hand kann sie auslegen"
        ),
        "error.phase_deck_short": (
            "Phase {number} ({text}): das Spiel hat nur {most} Karten, die ihre Gruppe aus "
            "{size} bilden könnten"
        ),
        "error.phase_redblack_deck": (
            "Phase {number} ({text}): Gruppen „rot oder schwarz“ brauchen normale Karten"
        ),
        "error.phase_redblack_many": (
            "Phase {number} ({text}): höchstens zwei Gruppen „rot oder schwarz“ können "
            "verschiedene Farben haben"
        ),
        "error.table_line": (
            "Zeile {number} „{line}“: beginne mit Satz, Folge oder Farbe, dann die Karten"
        ),
        "error.table_kind": (
            "Tischgruppe {group}: unbekannte Art „{kind}“; nimm Satz, Folge, Farbe, Symbol oder "
            "redblack"
        ),
        "error.table_empty": "Tischgruppe {group} hat keine Karten",
        "error.table_skip": "Tischgruppe {group}: eine Aussetzkarte gehört nie zu einer Gruppe",
        "error.table_no_natural": (
            "Tischgruppe {group} hat keine echte Karte, also ist unklar, wofür sie steht"
        ),
        "error.table_set_mixed": (
            "Tischgruppe {group} ist kein Satz: sie mischt die Zahlen {numbers}"
        ),
        "error.table_mixed": (
            "Tischgruppe {group} ist keine Gruppe der Art {kind}: sie mischt {values}"
        ),
        "error.table_redblack": "Tischgruppe {group}: redblack-Gruppen brauchen normale Karten",
        "error.table_run_long": "Tischgruppe {group}: eine Folge hat höchstens {top} Karten",
        "error.table_not_run": (
            "Tischgruppe {group} ist keine aufsteigende Folge (wilde Karten an ihrem Platz): "
            "{cards}"
        ),
        "error.table_run_below": (
            "Tischgruppe {group}: eine wilde Karte müsste für einen Wert unter {low} stehen, aber "
            "Folgen gehen von {low} bis {top}"
        ),
        "error.table_run_above": (
            "Tischgruppe {group}: eine wilde Karte müsste für einen Wert über {top} stehen, aber "
            "Folgen gehen von {low} bis {top}"
        ),
        "error.table_run_wraps": (
            "Tischgruppe {group}: Folgen gehen nicht von {top} weiter zu {low} (nur mit der Option "
            "„wrap“)"
        ),
        "error.table_kind_unused": (
            "Tischgruppe {group}: in {ruleset} verlangt keine Phase eine Gruppe der Art {kind}"
        ),
        "place.hand": "Hand",
        "place.table": "Tisch",
        "place.known_cards": "bekannte Karten",
        "place.top_card": "Ablagestapel",
        "and": " und ",
        "kind.set": "Satz",
        "kind.run": "Folge",
        "kind.colour": "Farbe",
        "kind.suit": "Symbol",
        "kind.redblack": "redblack",
        # What a colour group's cards share, as a mixed group names it.
        "value.R": "Rot", "value.B": "Blau", "value.G": "Grün", "value.Y": "Gelb",
        "value.red": "Rot", "value.black": "Schwarz",
        "value.C": "Kreuz", "value.D": "Karo", "value.H": "Herz", "value.S": "Pik",
    },
    "nl": {
        "colour.R": "rode", "colour.B": "blauwe", "colour.G": "groene", "colour.Y": "gele",
        "colour.red": "rode", "colour.black": "zwarte",
        "suit.C": "klaveren", "suit.D": "ruiten", "suit.H": "harten", "suit.S": "schoppen",
        "card.number": "{colour} {number}",
        "card.wild.phase10": "joker", "card.skip.phase10": "pestkaart",
        "card.wild.king": "heer (wild)", "card.wild.joker": "joker",
        "card.skip.joker": "joker (pestkaart)",
        "face.standard": "{suit} {rank}", "face.wild": "joker", "face.skip": "pestkaart",
        "face.joker": "joker", "rank.A": "aas", "rank.J": "boer", "rank.Q": "vrouw",
        "rank.K": "heer",
        # The card with its article, as a discard or a hit names it ("Wirf den Joker ab").
        "the.number": "de {colour} {number}", "the.standard": "de {card}",
        "the.standard.A": "het {card}", "the.standard.J": "de {card}",  # het aas, de boer
        "the.standard.K": "de {card}", "a.card.A": "een {card}", "a.card.J": "een {card}",
        "a.card.K": "een {card}", "a.card.J.object": "een {card}", "a.card.K.object": "een {card}",
        "the.wild": "de {card}", "the.skip": "de {card}",
        "colour.the.R": "rode", "colour.the.B": "blauwe",
        "colour.the.G": "groene", "colour.the.Y": "gele",
        "a.wild.phase10": "een joker", "a.wild.king": "een heer", "a.wild.joker": "een joker",
        "a.wild.phase10.object": "een joker", "a.wild.king.object": "een heer",
        "a.wild.joker.object": "een joker",
        "any.number": "een willekeurige {number}", "any.colour": "een willekeurige {colour} kaart",
        "any.rank.A": "een willekeurige aas", "any.rank.J": "een willekeurige boer",
        "any.rank.Q": "een willekeurige vrouw", "any.rank.K": "een willekeurige heer",
        "any.suit": "een willekeurige {suit}kaart", "a.card": "een {card}",
        "a.card.vowel": "een {card}",
        "or": " of ",
        "percent": "{value}%",
        "laydown": "Leg fase {phase} neer: {groups}.",
        "down.already": "Je fase ligt al op tafel.",
        "draw.first": "Trek eerst.",
        "drawn.card": "Welke kaart je aflegt en wat er nog aangelegd wordt, hangt af van de "
        "kaart die je trekt: vraag het opnieuw met die kaart.",
        "hits": "Leg daarna {hits} aan.",
        "hits.first": "Leg {hits} aan.",
        "hit": "{the_card} bij tafelgroep {group}",
        "hit.wild": "{the_card} als {number} bij tafelgroep {group}",
        "hit.times": "{hit} ({count} keer)",
        "out.by.discard": "Leg {the_card} af en je gaat uit: geen punten over.",
        "out.by.hit": "Daarmee ligt je laatste kaart op tafel: je gaat uit.",
        "keep": "Leg {the_card} af; je houdt {count} kaarten met {points} strafpunten.",
        "keep.one": "Leg {the_card} af; je houdt 1 kaart met {points} strafpunten.",
        "missing.one": "Je mist nog 1 kaart voor fase {phase}.",
        "missing.many": "Je mist nog {count} kaarten voor fase {phase}.",
        "missing.hand": "Voor fase {phase} heeft een hand minstens {needed} kaarten nodig; deze "
        "heeft er {count}.",
        "completes": "Met {cards} is hij compleet.",
        "example": "Trek je bijvoorbeeld {card}, dan leg je {groups} neer.",
        "before.draw": "{outs} van de {unseen} onbekende kaarten maken hem bij deze trek "
        "compleet ({p1}).",
        "before.draw.one": "1 van de {unseen} onbekende kaarten maakt hem bij deze trek compleet "
        "({p1}).",
        "no.single": "Nog geen enkele kaart maakt hem compleet.",
        "no.unseen": "Er is geen onbekende kaart meer over die hem compleet maakt.",
        "recommend": (
            "Leg {the_card} af: {p2} kans om de fase binnen je volgende twee beurten neer te "
            "leggen ({outs} van de {unseen} onbekende kaarten maken hem bij de volgende trek "
            "compleet)."
        ),
        "recommend.none": (
            "Geen enkele kaart die je aflegt geeft je een kans om de fase binnen je volgende twee "
            "beurten neer te leggen; leg {the_card} af, dat scheelt de meeste strafpunten."
        ),
        "recommend.none.wild": (
            "Geen enkele kaart die je aflegt geeft je een kans om de fase binnen je volgende twee "
            "beurten neer te leggen; {the_card} afleggen scheelt de meeste strafpunten, maar de "
            "volgende speler kan hem oppakken: leg liever {other} af, je kansen blijven dan gelijk."
        ),
        "recommend.wild": "Maar de volgende speler kan hem oppakken: {other} geeft je dezelfde "
        "kansen, leg dus liever die af.",
        "recommend.table": "Maar hij past bij een groep op tafel en wie al heeft neergelegd, kan "
        "hem oppakken en aanleggen: {other} geeft je dezelfde kansen, leg dus liever die af.",
        "recommend.none.table": (
            "Geen enkele kaart die je aflegt geeft je een kans om de fase binnen je volgende twee "
            "beurten neer te leggen; {the_card} afleggen scheelt de meeste strafpunten, maar hij "
            "past bij een groep op tafel en wie al heeft neergelegd, kan hem oppakken en "
            "aanleggen: leg liever {other} af, je kansen blijven dan gelijk."
        ),
        "recommend.one": (
            "Leg {the_card} af: {p2} kans om de fase binnen je volgende twee beurten neer te "
            "leggen (1 van de {unseen} onbekende kaarten maakt hem bij de volgende trek "
            "compleet)."
        ),
        "draw.skip": (
            "De {card} mag je nooit van de aflegstapel pakken: pak van de pakstapel."
        ),
        "draw.then_discard": "Leg daarna {the_card} af.",
        "draw.then_discard.out": "Leg daarna {the_card} af en je gaat uit.",
        "draw.out": "Daarmee ga je deze beurt uit.",
        "draw.ready": "Je kunt deze beurt de fase neerleggen, wat je ook pakt.",
        "draw.any": (
            "Pak van de pakstapel of pak {the_card}: wat je ook pakt, je kunt het aanleggen of "
            "afleggen en houdt daarna niet meer kaarten dan nu."
        ),
        "draw.any.out": (
            "Pak van de pakstapel of pak {the_card}: wat je ook pakt, je gaat deze beurt uit."
        ),
        "draw.completes": "Pak {the_card} van de aflegstapel: die maakt je fase compleet.",
        "draw.hits": (
            "Pak {the_card}: die kun je meteen aanleggen (een kaart van de pakstapel past maar in "
            "{p_blind} van de gevallen)."
        ),
        "draw.no_hit": (
            "Pak van de pakstapel: {the_card} past nergens op tafel; een kaart van de pakstapel "
            "past in {p_blind} van de gevallen."
        ),
        "draw.take": "Pak {the_card}: {p_take} kans op je fase bij je volgende trek, tegen "
        "{p_blind} van de pakstapel.",
        "draw.blind": "Pak van de pakstapel: {p_blind} kans op je fase bij je volgende trek, "
        "tegen {p_take} met {the_card}.",
        "draw.nearer": "Pak {the_card}: geen van beide geeft je fase bij je volgende trek "
        "({p_take}), maar ermee mis je nog maar {missing} kaarten.",
        "draw.nearer.one": "Pak {the_card}: geen van beide geeft je fase bij je volgende trek "
        "({p_take}), maar ermee mis je nog maar 1 kaart.",
        "skip.close-to-going-out": (
            "Sla {name} over: {name} heeft de fase al op tafel en nog maar {cards} kaarten in de "
            "hand."
        ),
        "skip.close-to-going-out.one": (
            "Sla {name} over: {name} heeft de fase al op tafel en nog maar 1 kaart in de hand."
        ),
        "skip.ahead-on-phases": "Sla {name} over: het verst gevorderd, bij fase {phase}.",
        "skip.ahead-on-phases.skipped": "Sla {name} over: van wie nog overgeslagen kan worden "
        "het verst gevorderd, bij fase {phase}.",
        "skip.lowest-score": (
            "Sla {name} over: dezelfde fase als {other}, maar minder punten ({points} tegen "
            "{other_points})."
        ),
        "skip.only-opponent": "Sla {name} over: niemand anders mag nu worden overgeslagen.",
        "skip.sole-opponent": "Sla {name} over, de enige andere speler.",
        "skip.down-tie.phase": "Ook {other} heeft de fase op tafel, met evenveel kaarten; {name} "
        "is verder (fase {phase} tegen {other_phase}).",
        "skip.down-tie.points": "Ook {other} heeft de fase op tafel, met evenveel kaarten en in "
        "dezelfde fase; {name} heeft minder punten ({points} tegen {other_points}).",
        "skip.down-tie.even": "Ook {other} heeft de fase op tafel, met evenveel kaarten, dezelfde "
        "fase en evenveel punten: beide keuzes zijn even goed.",
        "skip.down-tie.even.phase": "Ook {other} heeft de fase op tafel, met evenveel kaarten "
        "en dezelfde fase: beide keuzes zijn even goed.",
        "skip.even": "Sla {name} over: {name} en {other} staan gelijk in fase en punten, dus "
        "beide keuzes zijn even goed.",
        "skip.even.phase": "Sla {name} over: {name} en {other} staan gelijk in fase, dus beide "
        "keuzes zijn even goed.",
        "skip.ahead-on-phases.free": "Sla {name} over: het verst gevorderd (fasen gehaald: "
        "{made}).",
        "skip.ahead-on-phases.skipped.free": "Sla {name} over: van wie nog overgeslagen kan "
        "worden het verst gevorderd (fasen gehaald: {made}).",
        "skip.lowest-score.free": "Sla {name} over: evenveel fasen gehaald als {other}, maar "
        "minder punten ({points} tegen {other_points}).",
        "skip.even.free": "Sla {name} over: {name} en {other} staan gelijk in gehaalde fasen en "
        "punten, dus beide keuzes zijn even goed.",
        "skip.even.phase.free": "Sla {name} over: {name} en {other} staan gelijk in gehaalde "
        "fasen, dus beide keuzes zijn even goed.",
        "skip.down-tie.phase.free": "Ook {other} heeft de fase op tafel, met evenveel kaarten; "
        "{name} is verder (fasen gehaald: {made} tegen {other_made}).",
        "skip.down-tie.points.free": "Ook {other} heeft de fase op tafel, met evenveel kaarten "
        "en gehaalde fasen; {name} heeft minder punten ({points} tegen {other_points}).",
        "skip.down-tie.even.free": "Ook {other} heeft de fase op tafel, met evenveel kaarten, "
        "gehaalde fasen en punten: beide keuzes zijn even goed.",
        "skip.down-tie.even.phase.free": "Ook {other} heeft de fase op tafel, met evenveel "
        "kaarten en gehaalde fasen: beide keuzes zijn even goed.",
        "skip.close-to-going-out.unknown": "Sla {name} over: {name} heeft de fase al op tafel en "
        "kan nu kaarten kwijtraken.",
        "skip.play-again": "Met twee spelers betekent overslaan: jij bent nog een keer aan de "
        "beurt.",
        "skip.no-effect": "Niemand mag nu worden overgeslagen: de kaart heeft geen effect.",
        # --- errors a player can meet on the page (SolverError.code; explain_error) ---
        "note.not_answered": (
            "fase {asked} niet beantwoord: bij vrije fasekeuze wordt de beste open fase "
            "beantwoord (fase {chosen})"
        ),
        "error.skip_same_name": "twee andere spelers heten “{name}”: geef elk een eigen naam",
        "error.skip_points": (
            "{name} heeft {points} punten: kaartpunten tellen altijd op tot een veelvoud van 5"
        ),
        "error.skip_no_cards": "{name} heeft geen kaarten: uitgegaan, de ronde is voorbij",
        "error.skip_none": (
            "{ruleset} wordt hier zonder pestkaarten gespeeld: niemand kan worden overgeslagen"
        ),
        "error.skip_phase": (
            "{name} zit op fase {number}, die {ruleset} hier niet speelt (fasen {played})"
        ),
        "error.skips_word": "{option} {q_value}: gebruik off, on of een aantal van 0 tot {most}",
        "error.skips_range": "het aantal pestkaarten loopt van 0 tot {most}",
        "error.table_json": "--table is geen geldige JSON: {detail}",
        "error.table_nested": "--table is geen leesbare JSON: te diep genest",
        "error.table_syntax": "--table {q_value}: schrijf {q_example} of JSON",
        "error.table_group_keys": "tafelgroep {group} heeft “kind” en “cards” nodig",
        "error.table_group_shares": (
            "tafelgroep {group}: “shares” is “suit” of “redblack”, en alleen een kleurgroep heeft"
            " het"
        ),
        "error.table_group_shape": (
            "tafelgroep {group} moet een JSON-object met “kind” en “cards” zijn"
        ),
        "error.table_group_types": (
            "tafelgroep {group}: kind moet een woord zijn en cards een lijst"
        ),
        "error.table_group_token": "tafelgroep {group}: {token} is geen kaartaanduiding",
        "error.done_not_free": (
            "--done noemt de gehaalde fasen bij vrije fasekeuze: voeg --free toe"
        ),
        "error.done_words": "--done {q_value}: noem fasenummers, bijv. 1,2",
        "error.done_unknown": (
            "fase {number} zou gehaald zijn, maar de fasen lopen van 1 tot {last}"
        ),
        "error.done_all": "alle fasen zijn al gehaald",
        "error.opponent_no_name": (
            "een tegenstander heeft een naam nodig, bijv. “Ann phase=5 down cards=3”"
        ),
        "error.opponent_name_first": (
            "tegenstander {q_text} begint met {q_word}: zet de naam vooraan, bijv. “Ann phase=5 "
            "down”"
        ),
        "error.opponent_twice": "{q_field} staat twee keer bij tegenstander {q_text}",
        "error.opponent_field": (
            "{q_field} bij tegenstander {q_text} is niet leesbaar; schrijf bijv. “Ann phase=5 "
            "down cards=3 points=120 skipped”"
        ),
        "error.skip_no_opponent": "noem minstens één tegenstander met --opponent",
        "error.skip_points_some": (
            "points= staat bij {told}, maar niet bij {untold}: geef de punten van alle "
            "tegenstanders of van geen"
        ),
        "error.skip_phase_low": "{name} zit op fase {number}: de fasen beginnen bij 1",
        "error.skip_cards_many": (
            "{name} heeft {cards} kaarten: tussen twee beurten heeft een hand er hoogstens {most}"
        ),
        "error.skip_cards_many_down": (
            "{name} heeft {cards} kaarten: met de fase op tafel heeft een hand tussen twee "
            "beurten er hoogstens {most}"
        ),
        "error.skip_cards_not_down": (
            "cards={cards} staat bij {name}, maar die fase ligt nog niet op tafel (voeg down "
            "toe): tot dan heeft een hand tussen twee beurten {most} kaarten"
        ),
        "error.skip_down_out": (
            "{name} kan fase {number} niet op tafel hebben: die neemt {needed} van de {held} "
            "kaarten na het trekken, en daarna wordt er afgelegd, dus is {name} uitgegaan en de "
            "ronde voorbij"
        ),
        "error.skip_down_none": (
            "{name} zou met fase {number} op tafel nog {cards} hebben, maar die fase neemt "
            "{needed} van de {held} kaarten na het trekken, en daarna wordt er afgelegd: er "
            "blijft er geen over"
        ),
        "error.skip_down_left": (
            "{name} heeft {cards} kaarten met fase {number} op tafel: die neemt {needed} van de "
            "{held} kaarten na het trekken, en daarna wordt er afgelegd, dus blijven er hoogstens"
            " {most} over"
        ),
        "error.decks_option": "het aantal kaartspellen is alleen bij {rulesets} te kiezen",
        "error.decks_range": "het aantal kaartspellen loopt van 1 tot {most}",
        "error.no_skips": (
            "{ruleset} heeft geen pestkaarten (de jokers zijn daar vrij te gebruiken)"
        ),
        "error.naturals_negative": "het aantal echte kaarten per groep kan niet negatief zijn",
        "error.phases_empty": "de fasenlijst is leeg",
        "error.phase_naturals": (
            "fase {number} ({text}): een groep van {size} kaarten kan geen {naturals} echte "
            "kaarten bevatten"
        ),
        "error.card_empty": "lege kaartaanduiding",
        "error.card_range": "“{token}”: Phase 10-nummers lopen van 1 tot 12",
        "error.card_unknown": "“{token}” is geen kaart: {how}",
        "error.cards_unknown": "{tokens} zijn geen kaarten: {how}",
        "quoted": "“{token}”",
        # How cards are written: of either deck, or of the deck the ruleset plays.
        "notation.any": (
            "gebruik R1..R12, B, G, Y net zo, W of S voor Phase 10-kaarten, of waarde + kleur "
            "(AS, 10H, QD) en X voor gewone kaarten"
        ),
        "notation.phase10": (
            "eerst kleur, dan nummer, R7 B7 G12 Y1 (rood, blauw, groen, geel), W een joker, S "
            "een pestkaart"
        ),
        "notation.standard": (
            "eerst waarde, dan kleur, 10H QS KD AC (H harten, D ruiten, S schoppen, C "
            "klaveren; A aas, J boer, Q vrouw, K heer), X een joker"
        ),
        "error.card_letter": (
            "“{token}” is geen kaart: de “{letter}” is geen Latijnse letter (ander alfabet?)"
        ),
        "error.hand_mixed": (
            "de hand mengt Phase 10-kaarten ({phase10}) en gewone kaarten ({standard})"
        ),
        "error.hand_size": (
            "een hand heeft 1 tot {most} kaarten (11 direct na het trekken); deze heeft er "
            "{count}"
        ),
        "error.deck_phase10": (
            "{card} is een Phase 10-kaart, maar {ruleset} wordt met gewone kaarten gespeeld"
        ),
        "error.deck_standard": (
            "{card} is een gewone kaart, maar {ruleset} wordt met Phase 10-kaarten gespeeld"
        ),
        "error.copies": (
            "{count} × {card} ({places}), maar in {ruleset} zit die kaart slechts {limit} keer "
            "in het spel"
        ),
        "error.copies_skips": "{count} × {card} ({places}), maar het aantal pestkaarten staat op "
        "{limit}",
        "error.copies_no_skips": "{count} × {card} ({places}), maar dit spel wordt zonder "
        "pestkaarten gespeeld",
        "ruleset.mattel": "Phase 10 (Mattel)",
        "ruleset.zehn-phasen": "Zehn Phasen",
        "ruleset.classic": "Phase 10 met klassieke kaarten",
        "error.unknown_ruleset": "onbekende spelregels „{name}”; kies uit {choices}",
        "error.phase_undefined": "fase {number} bestaat niet in {ruleset} (fasen 1-{last})",
        "error.phase_even": "fase {number} wordt in de variant met even fasen niet gespeeld",
        "error.phase_list_even": "een lijst met één fase heeft geen even fase om te spelen",
        "error.phase_odd": "fase {number} wordt in de variant met oneven fasen niet gespeeld",
        "error.phase_syntax": (
            "fase “{text}”: “{part}” is geen eis; schrijf bijv. 'set 3', 'reeks 4', 'kleur 7', "
            "'symbool 4', 'redblack 5' of '2 sets van 3'"
        ),
        "error.phase_sizes": "fase “{text}”: groepsgroottes en aantallen moeten minstens 1 zijn",
        "error.phase_remark": (
            "fase “{text}”: onduidelijk wat “{remark}” tussen haakjes aan de fase verandert; "
            "schrijf de fase zonder, bijv. 'set 3 + reeks 4'"
        ),
        "error.phase_too_big": (
            "fase “{text}”: een fase heeft hoogstens {groups} groepen en {cards} kaarten"
        ),
        "error.phase_run_long": "fase {number} ({text}): een reeks is hoogstens {top} kaarten lang",
        "error.phase_hand_short": (
            "fase {number} ({text}) vraagt {needed} kaarten, maar je legt een fase uit hoogstens "
            "{held}: geen hand kan hem neerleggen"
        ),
        "error.phase_deck_short": (
            "fase {number} ({text}): het spel heeft maar {most} kaarten die haar groep van {size} "
            "kunnen vormen"
        ),
        "error.phase_redblack_deck": (
            "fase {number} ({text}): groepen ‘rood of zwart’ vragen gewone kaarten"
        ),
        "error.phase_redblack_many": (
            "fase {number} ({text}): hoogstens twee groepen ‘rood of zwart’ kunnen verschillende "
            "kleuren hebben"
        ),
        "error.table_line": (
            "regel {number} “{line}”: begin met set, reeks of kleur, dan de kaarten"
        ),
        "error.table_kind": (
            "tafelgroep {group}: onbekend groepstype “{kind}”; gebruik set, reeks, kleur, symbool "
            "of redblack"
        ),
        "error.table_empty": "tafelgroep {group} heeft geen kaarten",
        "error.table_skip": "tafelgroep {group}: een pestkaart hoort nooit bij een groep",
        "error.table_no_natural": (
            "tafelgroep {group} heeft geen echte kaart, dus is onbekend waar hij voor staat"
        ),
        "error.table_set_mixed": "tafelgroep {group} is geen set: hij mengt de nummers {numbers}",
        "error.table_mixed": (
            "tafelgroep {group} is geen groep van het type {kind}: hij mengt {values}"
        ),
        "error.table_redblack": "tafelgroep {group}: redblack-groepen hebben gewone kaarten nodig",
        "error.table_run_long": "tafelgroep {group}: een reeks heeft hoogstens {top} kaarten",
        "error.table_not_run": (
            "tafelgroep {group} is geen oplopende reeks (wilde kaarten op hun plaats): {cards}"
        ),
        "error.table_run_below": (
            "tafelgroep {group}: een wilde kaart zou voor een waarde onder {low} moeten staan, "
            "maar reeksen lopen van {low} tot {top}"
        ),
        "error.table_run_above": (
            "tafelgroep {group}: een wilde kaart zou voor een waarde boven {top} moeten staan, "
            "maar reeksen lopen van {low} tot {top}"
        ),
        "error.table_run_wraps": (
            "tafelgroep {group}: reeksen lopen niet door van {top} naar {low} (alleen met de optie "
            "'wrap')"
        ),
        "error.table_kind_unused": (
            "tafelgroep {group}: in {ruleset} vraagt geen enkele fase om een groep van het type "
            "{kind}"
        ),
        "place.hand": "hand",
        "place.table": "tafel",
        "place.known_cards": "bekende kaarten",
        "place.top_card": "aflegstapel",
        "and": " en ",
        "kind.set": "set",
        "kind.run": "reeks",
        "kind.colour": "kleur",
        "kind.suit": "symbool",
        "kind.redblack": "redblack",
        # What a colour group's cards share, as a mixed group names it.
        "value.R": "rood", "value.B": "blauw", "value.G": "groen", "value.Y": "geel",
        "value.red": "rood", "value.black": "zwart",
        "value.C": "klaveren", "value.D": "ruiten", "value.H": "harten", "value.S": "schoppen",
    },
    "da": {
        "colour.R": "rød", "colour.B": "blå", "colour.G": "grøn", "colour.Y": "gul",
        "colour.red": "rød", "colour.black": "sort",
        "suit.C": "klør", "suit.D": "ruder", "suit.H": "hjerter", "suit.S": "spar",
        "card.number": "{colour} {number}",
        "card.wild.phase10": "jokeren", "card.skip.phase10": "skip-kortet",
        "card.wild.king": "kongen (wild)", "card.wild.joker": "jokeren",
        "card.skip.joker": "jokeren (skip)",
        "face.standard": "{suit} {rank}", "face.wild": "joker", "face.skip": "skip-kort",
        "face.joker": "joker", "rank.A": "es", "rank.J": "knægt", "rank.Q": "dame",
        "rank.K": "konge",
        # The card with its article, as a discard or a hit names it ("Wirf den Joker ab").
        "the.number": "den {colour} {number}'er", "the.standard": "{card}",
        "the.standard.A": "{card}", "the.standard.J": "{card}", "the.standard.K": "{card}",
        "a.card.A": "et {card}", "a.card.J": "en {card}", "a.card.K": "en {card}",  # et es
        "a.card.J.object": "en {card}", "a.card.K.object": "en {card}",
        "the.wild": "{card}", "the.skip": "{card}",
        "colour.the.R": "røde", "colour.the.B": "blå",
        "colour.the.G": "grønne", "colour.the.Y": "gule",
        "a.wild.phase10": "en joker", "a.wild.king": "en konge", "a.wild.joker": "en joker",
        "a.wild.phase10.object": "en joker", "a.wild.king.object": "en konge",
        "a.wild.joker.object": "en joker",
        "any.number": "en vilkårlig {number}", "any.colour": "et kort i farven {colour}",
        "any.rank.A": "et vilkårligt es", "any.rank.J": "en vilkårlig knægt",
        "any.rank.Q": "en vilkårlig dame", "any.rank.K": "en vilkårlig konge",
        "any.suit": "et vilkårligt {suit}kort", "a.card": "en {card}", "a.card.vowel": "en {card}",
        "or": " eller ",
        "percent": "{value} %",
        "laydown": "Læg fase {phase} ud: {groups}.",
        "down.already": "Din fase ligger allerede ude.",
        "draw.first": "Træk først.",
        "drawn.card": "Hvilket kort du kasserer, og hvad der ellers lægges til, afhænger af "
        "det kort, du trækker: spørg igen med det.",
        "hits": "Læg derefter {hits}.",
        "hits.first": "Læg {hits}.",
        "hit": "{the_card} til bordgruppe {group}",
        "hit.wild": "{the_card} som {number} til bordgruppe {group}",
        "hit.times": "{hit} ({count} gange)",
        "out.by.discard": "Kassér {the_card}, så går du ud: ingen point tilbage.",
        "out.by.hit": "Dermed er dit sidste kort lagt: du går ud.",
        "keep": "Kassér {the_card}; du beholder {count} kort, der tæller {points} point.",
        "keep.one": "Kassér {the_card}; du beholder 1 kort, der tæller {points} point.",
        "missing.one": "Du mangler 1 kort til fase {phase}.",
        "missing.many": "Du mangler {count} kort til fase {phase}.",
        "missing.hand": "Til fase {phase} skal en hånd have mindst {needed} kort; denne har "
        "{count}.",
        "completes": "Trækker du {cards}, er den fuldført.",
        "example": "Trækker du for eksempel {card}, lægger du {groups} ud.",
        "before.draw": "{outs} af {unseen} ukendte kort fuldfører den i dette træk ({p1}).",
        "before.draw.one": "1 af {unseen} ukendte kort fuldfører den i dette træk ({p1}).",
        "no.single": "Intet enkelt kort fuldfører den endnu.",
        "no.unseen": "Der er intet ukendt kort tilbage, der kan fuldføre den.",
        "recommend": "Kassér {the_card}: {p2} chance for at lægge fasen inden for dine næste "
        "to træk ({outs} af {unseen} ukendte kort fuldfører den i næste træk).",
        "recommend.none": "Intet kort, du kasserer, giver dig en chance for at lægge fasen inden "
        "for dine næste to træk; kassér {the_card}, det sparer flest point.",
        "recommend.none.wild": "Intet kort, du kasserer, giver dig en chance for at lægge fasen "
        "inden for dine næste to træk; at kassere {the_card} sparer flest point, men den næste "
        "spiller kan tage kortet: kassér hellere {other}, det giver de samme chancer.",
        "recommend.wild": "Men den næste spiller kan tage kortet: {other} giver dig de samme "
        "chancer, så kassér hellere det.",
        "recommend.table": "Men kortet passer til en gruppe på bordet, og en spiller, der har "
        "lagt sin fase, kan tage det og lægge det til: {other} giver dig de samme chancer, så "
        "kassér hellere det.",
        "recommend.none.table": "Intet kort, du kasserer, giver dig en chance for at lægge fasen "
        "inden for dine næste to træk; at kassere {the_card} sparer flest point, men kortet "
        "passer til en gruppe på bordet, og en spiller, der har lagt sin fase, kan tage det og "
        "lægge det til: kassér hellere {other}, det giver de samme chancer.",
        "recommend.one": "Kassér {the_card}: {p2} chance for at lægge fasen inden for dine "
        "næste to træk (1 af {unseen} ukendte kort fuldfører den i næste træk).",
        "draw.skip": "Det øverste kort, {card}, må aldrig tages fra kassestakken: træk fra bunken.",
        "draw.then_discard": "Kassér derefter {the_card}.",
        "draw.then_discard.out": "Kassér derefter {the_card}, så går du ud.",
        "draw.out": "Dermed går du ud i denne tur.",
        "draw.ready": "Du kan lægge fasen ud i denne tur, uanset hvad du trækker.",
        "draw.any": "Træk fra bunken eller tag {the_card}: uanset hvad du trækker, kan du lægge "
        "det til eller kassere det og har bagefter ikke flere kort end nu.",
        "draw.any.out": "Træk fra bunken eller tag {the_card}: uanset hvad du trækker, går du "
        "ud i denne tur.",
        "draw.hits": (
            "Tag {the_card}: kortet kan lægges til på bordet med det samme (et kort fra bunken "
            "passer kun i {p_blind} af tilfældene)."
        ),
        "draw.no_hit": (
            "Træk fra bunken: {the_card} passer ingen steder på bordet; et kort fra bunken passer "
            "i {p_blind} af tilfældene."
        ),
        "draw.completes": "Tag {the_card} fra kassestakken: det fuldfører din fase.",
        "draw.take": (
            "Tag {the_card}: {p_take} chance for at have fasen klar efter dit næste træk, mod "
            "{p_blind} ved at trække fra bunken."
        ),
        "draw.blind": (
            "Træk fra bunken: {p_blind} chance for at have fasen klar efter dit næste træk, mod "
            "{p_take} med {the_card}."
        ),
        "draw.nearer": (
            "Tag {the_card}: ingen af delene giver dig fasen klar efter dit næste træk "
            "({p_take}), men med det mangler du kun {missing} kort."
        ),
        "draw.nearer.one": (
            "Tag {the_card}: ingen af delene giver dig fasen klar efter dit næste træk "
            "({p_take}), men med det mangler du kun 1 kort."
        ),
        "skip.close-to-going-out": "Spring {name} over: {name} har lagt sin fase ud og har kun "
        "{cards} kort tilbage på hånden.",
        "skip.close-to-going-out.one": "Spring {name} over: {name} har lagt sin fase ud og har "
        "kun 1 kort "
        "tilbage på hånden.",
        "skip.ahead-on-phases": "Spring {name} over: længst fremme, på fase {phase}.",
        "skip.ahead-on-phases.skipped": "Spring {name} over: længst fremme af dem, der endnu "
        "kan springes over, på fase {phase}.",
        "skip.lowest-score": "Spring {name} over: samme fase som {other}, men færre point "
        "({points} mod {other_points}).",
        "skip.only-opponent": (
            "Spring {name} over: ingen andre må springes over nu."
        ),
        "skip.sole-opponent": "Spring {name} over: der er ingen andre med.",
        "skip.down-tie.phase": "Også {other} har lagt sin fase ud, med lige så mange kort; {name} "
        "er længere fremme (fase {phase} mod {other_phase}).",
        "skip.down-tie.points": "Også {other} har lagt sin fase ud, med lige så mange kort og på "
        "samme fase; {name} har færre point ({points} mod {other_points}).",
        "skip.down-tie.even": "Også {other} har lagt sin fase ud, med lige så mange kort, samme "
        "fase og samme point: begge valg er lige gode.",
        "skip.down-tie.even.phase": "Også {other} har lagt sin fase ud, med lige så mange kort "
        "og samme fase: begge valg er lige gode.",
        "skip.even": "Spring {name} over: lige med {other} på fase og point, så begge valg er "
        "lige gode.",
        "skip.even.phase": "Spring {name} over: lige med {other} på fase, så begge valg er "
        "lige gode.",
        "skip.ahead-on-phases.free": "Spring {name} over: længst fremme (faser klaret: "
        "{made}).",
        "skip.ahead-on-phases.skipped.free": "Spring {name} over: længst fremme af dem, der "
        "endnu kan springes over (faser klaret: {made}).",
        "skip.lowest-score.free": "Spring {name} over: lige så mange faser klaret som {other}, "
        "men færre point ({points} mod {other_points}).",
        "skip.even.free": "Spring {name} over: lige med {other} på klarede faser og point, så "
        "begge valg er lige gode.",
        "skip.even.phase.free": "Spring {name} over: lige med {other} på klarede faser, så "
        "begge valg er lige gode.",
        "skip.down-tie.phase.free": "Også {other} har lagt sin fase ud, med lige så mange kort; "
        "{name} er længere fremme (faser klaret: {made} mod {other_made}).",
        "skip.down-tie.points.free": "Også {other} har lagt sin fase ud, med lige så mange kort "
        "og klarede faser; {name} har færre point ({points} mod {other_points}).",
        "skip.down-tie.even.free": "Også {other} har lagt sin fase ud, med lige så mange kort, "
        "klarede faser og point: begge valg er lige gode.",
        "skip.down-tie.even.phase.free": "Også {other} har lagt sin fase ud, med lige så mange "
        "kort og klarede faser: begge valg er lige gode.",
        "skip.close-to-going-out.unknown": "Spring {name} over: {name} har allerede lagt sin "
        "fase og kan nu komme af med kort.",
        "skip.play-again": "Med to spillere betyder et skip, at du skal igen.",
        "skip.no-effect": (
            "Ingen må springes over nu: kortet har ingen virkning."
        ),
        # --- errors a player can meet on the page (SolverError.code; explain_error) ---
        "note.not_answered": (
            "fase {asked} ikke besvaret: ved frit fasevalg besvares den bedste åbne fase (fase "
            "{chosen})"
        ),
        "error.skip_same_name": "to andre spillere hedder »{name}«: giv hver sit eget navn",
        "error.skip_points": "{name} har {points} point: kortpoint giver altid et multiplum af 5",
        "error.skip_no_cards": "{name} har ingen kort: gået ud, runden er slut",
        "error.skip_none": "{ruleset} spilles her uden skip-kort: ingen kan springes over",
        "error.skip_phase": (
            "{name} er på fase {number}, som {ruleset} ikke spiller her (faser {played})"
        ),
        "error.skips_word": "{option} {q_value}: brug off, on eller et antal fra 0 til {most}",
        "error.skips_range": "antallet af skip-kort går fra 0 til {most}",
        "error.table_json": "--table er ikke gyldig JSON: {detail}",
        "error.table_nested": "--table er ikke JSON, der kan læses: for dybt indlejret",
        "error.table_syntax": "--table {q_value}: skriv {q_example} eller JSON",
        "error.table_group_keys": "bordgruppe {group} skal have »kind« og »cards«",
        "error.table_group_shares": (
            "bordgruppe {group}: »shares« er »suit« eller »redblack«, og kun en farvegruppe har "
            "det"
        ),
        "error.table_group_shape": (
            "bordgruppe {group} skal være et JSON-objekt med »kind« og »cards«"
        ),
        "error.table_group_types": "bordgruppe {group}: kind skal være et ord og cards en liste",
        "error.table_group_token": "bordgruppe {group}: {token} er ikke en kortangivelse",
        "error.done_not_free": "--done angiver de klarede faser ved frit fasevalg: tilføj --free",
        "error.done_words": "--done {q_value}: angiv fasenumre, f.eks. 1,2",
        "error.done_unknown": "fase {number} skulle være klaret, men faserne går fra 1 til {last}",
        "error.done_all": "alle faser er allerede klaret",
        "error.opponent_no_name": (
            "en modspiller skal have et navn, f.eks. »Ann phase=5 down cards=3«"
        ),
        "error.opponent_name_first": (
            "modspiller {q_text} begynder med {q_word}: skriv navnet først, f.eks. »Ann phase=5 "
            "down«"
        ),
        "error.opponent_twice": "{q_field} står to gange ved modspiller {q_text}",
        "error.opponent_field": (
            "{q_field} ved modspiller {q_text} kan ikke læses; skriv f.eks. »Ann phase=5 down "
            "cards=3 points=120 skipped«"
        ),
        "error.skip_no_opponent": "angiv mindst én modspiller med --opponent",
        "error.skip_points_some": (
            "points= står ved {told}, men ikke ved {untold}: angiv alle modspilleres point eller "
            "ingens"
        ),
        "error.skip_phase_low": "{name} er på fase {number}: faserne begynder ved 1",
        "error.skip_cards_many": "{name} har {cards} kort: mellem to ture har en hånd højst {most}",
        "error.skip_cards_many_down": (
            "{name} har {cards} kort: med fasen lagt ud har en hånd højst {most} mellem to ture"
        ),
        "error.skip_cards_not_down": (
            "cards={cards} står ved {name}, men fasen er ikke lagt ud (tilføj down): indtil da "
            "har en hånd {most} kort mellem to ture"
        ),
        "error.skip_down_out": (
            "{name} kan ikke have fase {number} lagt ud: den tager {needed} af de {held} kort "
            "efter trækket, og derefter smides der et kort, så {name} er gået ud og runden er "
            "slut"
        ),
        "error.skip_down_none": (
            "{name} skulle have {cards} tilbage med fase {number} lagt ud, men fasen tager "
            "{needed} af de {held} kort efter trækket, og derefter smides der et kort: der er "
            "ingen tilbage"
        ),
        "error.skip_down_left": (
            "{name} har {cards} kort med fase {number} lagt ud: den tager {needed} af de {held} "
            "kort efter trækket, og derefter smides der et kort, så der er højst {most} tilbage"
        ),
        "error.decks_option": "antallet af kortspil kan kun vælges ved {rulesets}",
        "error.decks_range": "antallet af kortspil går fra 1 til {most}",
        "error.no_skips": "{ruleset} har ingen skip-kort (der kan jokerne bruges frit)",
        "error.naturals_negative": "antallet af ægte kort pr. gruppe kan ikke være negativt",
        "error.phases_empty": "faselisten er tom",
        "error.phase_naturals": (
            "fase {number} ({text}): en gruppe på {size} kort kan ikke rumme {naturals} ægte "
            "kort"
        ),
        "error.card_empty": "tom kortangivelse",
        "error.card_range": "»{token}«: Phase 10-tal går fra 1 til 12",
        "error.card_unknown": "»{token}« er ikke et kort: {how}",
        "error.cards_unknown": "{tokens} er ikke kort: {how}",
        "quoted": "»{token}«",
        # How cards are written: of either deck, or of the deck the ruleset plays.
        "notation.any": (
            "brug R1..R12, B, G, Y på samme måde, W eller S til Phase 10-kort, eller værdi + "
            "kulør (AS, 10H, QD) og X til almindelige kort"
        ),
        "notation.phase10": (
            "først farve, så tal, R7 B7 G12 Y1 (rød, blå, grøn, gul), W en joker, S et "
            "skip-kort"
        ),
        "notation.standard": (
            "først værdi, så kulør, 10H QS KD AC (H hjerter, D ruder, S spar, C klør; A es, J "
            "knægt, Q dame, K konge), X en joker"
        ),
        "error.card_letter": (
            "»{token}« er ikke et kort: »{letter}« i det er ikke et latinsk bogstav (et andet "
            "alfabet?)"
        ),
        "error.hand_mixed": (
            "hånden blander Phase 10-kort ({phase10}) og almindelige kort ({standard})"
        ),
        "error.hand_size": (
            "en hånd har 1 til {most} kort (11 lige efter trækket); denne har {count}"
        ),
        "error.deck_phase10": (
            "{card} er et Phase 10-kort, men {ruleset} spilles med almindelige kort"
        ),
        "error.deck_standard": (
            "{card} er et almindeligt kort, men {ruleset} spilles med Phase 10-kort"
        ),
        "error.copies": (
            "{count} × {card} ({places}), men i {ruleset} er der kun {limit} af det kort"
        ),
        "error.copies_skips": "{count} × {card} ({places}), men antallet af skip-kort er sat til "
        "{limit}",
        "error.copies_no_skips": "{count} × {card} ({places}), men dette spil spilles uden "
        "skip-kort",
        "ruleset.mattel": "Phase 10 (Mattel)",
        "ruleset.zehn-phasen": "Zehn Phasen",
        "ruleset.classic": "Phase 10 med klassiske kort",
        "error.unknown_ruleset": "ukendt regelsæt »{name}«; vælg mellem {choices}",
        "error.phase_undefined": "fase {number} findes ikke i {ruleset} (faser 1-{last})",
        "error.phase_even": "fase {number} spilles ikke i varianten med lige faser",
        "error.phase_list_even": "en liste med én fase har ingen lige fase at spille",
        "error.phase_odd": "fase {number} spilles ikke i varianten med ulige faser",
        "error.phase_syntax": (
            "fase »{text}«: »{part}« er ikke et krav; skriv f.eks. 'sæt 3', 'stræk 4', 'farve 7', "
            "'kulør 4', 'redblack 5' eller '2 sæt af 3'"
        ),
        "error.phase_sizes": "fase »{text}«: gruppestørrelser og antal skal være mindst 1",
        "error.phase_remark": (
            "fase »{text}«: uklart, hvad »{remark}« i parentes gør ved fasen; skriv fasen uden, "
            "f.eks. 'sæt 3 + stræk 4'"
        ),
        "error.phase_too_big": "fase »{text}«: en fase har højst {groups} grupper og {cards} kort",
        "error.phase_run_long": "fase {number} ({text}): et stræk er højst {top} kort langt",
        "error.phase_hand_short": (
            "fase {number} ({text}) kræver {needed} kort, men en fase lægges fra højst {held}: "
            "ingen hånd kan lægge den"
        ),
        "error.phase_deck_short": (
            "fase {number} ({text}): spillet har kun {most} kort, der kan danne dens gruppe på "
            "{size}"
        ),
        "error.phase_redblack_deck": (
            "fase {number} ({text}): grupper »røde eller sorte« kræver almindelige kort"
        ),
        "error.phase_redblack_many": (
            "fase {number} ({text}): højst to grupper »røde eller sorte« kan have forskellige "
            "farver"
        ),
        "error.table_line": (
            "linje {number} »{line}«: begynd med sæt, stræk eller farve, derefter kortene"
        ),
        "error.table_kind": (
            "bordgruppe {group}: ukendt slags »{kind}«; brug sæt, stræk, farve, kulør eller "
            "redblack"
        ),
        "error.table_empty": "bordgruppe {group} har ingen kort",
        "error.table_skip": "bordgruppe {group}: et skip-kort hører aldrig til en gruppe",
        "error.table_no_natural": (
            "bordgruppe {group} har intet ægte kort, så det er uklart, hvad den står for"
        ),
        "error.table_set_mixed": "bordgruppe {group} er ikke et sæt: den blander tallene {numbers}",
        "error.table_mixed": (
            "bordgruppe {group} er ikke en gruppe af slagsen {kind}: den blander {values}"
        ),
        "error.table_redblack": "bordgruppe {group}: redblack-grupper kræver almindelige kort",
        "error.table_run_long": "bordgruppe {group}: et stræk har højst {top} kort",
        "error.table_not_run": (
            "bordgruppe {group} er ikke et stigende stræk (wild-kort på deres plads): {cards}"
        ),
        "error.table_run_below": (
            "bordgruppe {group}: et wild-kort skulle stå for en værdi under {low}, men stræk går "
            "fra {low} til {top}"
        ),
        "error.table_run_above": (
            "bordgruppe {group}: et wild-kort skulle stå for en værdi over {top}, men stræk går "
            "fra {low} til {top}"
        ),
        "error.table_run_wraps": (
            "bordgruppe {group}: stræk fortsætter ikke fra {top} til {low} (kun med indstillingen "
            "'wrap')"
        ),
        "error.table_kind_unused": (
            "bordgruppe {group}: ingen fase i {ruleset} kræver en gruppe af slagsen {kind}"
        ),
        "place.hand": "hånd",
        "place.table": "bord",
        "place.known_cards": "kendte kort",
        "place.top_card": "kassestak",
        "and": " og ",
        "kind.set": "sæt",
        "kind.run": "stræk",
        "kind.colour": "farve",
        "kind.suit": "kulør",
        "kind.redblack": "redblack",
        # What a colour group's cards share, as a mixed group names it.
        "value.R": "rød", "value.B": "blå", "value.G": "grøn", "value.Y": "gul",
        "value.red": "rød", "value.black": "sort",
        "value.C": "klør", "value.D": "ruder", "value.H": "hjerter", "value.S": "spar",
    },
}


def message(key: str, lang: str, **values: object) -> str:
    """One template filled in; an unknown language is a clear error, not English by surprise.

    >>> message("missing.many", "nl", count=2, phase=4)
    'Je mist nog 2 kaarten voor fase 4.'
    """
    _check_language(lang)
    return MESSAGES[lang][key].format(**values)


def _check_language(lang: str) -> None:
    if lang not in MESSAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")


def explain_error(error: SolverError, lang: str, deck: Deck | None = None) -> str:
    """A solver error in the player's language: the sentence for its code, or its own English
    sentence when it has none (the command line's own errors). ``deck``: the deck the player
    plays with, when known; a bad card is then told its notation alone.

    >>> from solver.cards import parse_hand
    >>> from solver.rules import ruleset
    >>> try:
    ...     ruleset("mattel").check_copies(hand=parse_hand("R7 R7 R7"), table=parse_hand("R7"))
    ... except SolverError as error:
    ...     print(explain_error(error, "de"))
    ...     print(explain_error(error, "en"))
    4 × R7 (Hand und Tisch), aber in Phase 10 (Mattel) gibt es diese Karte nur 2-mal
    4 × R7 in hand and table, but Phase 10 (Mattel) has only 2 of that card

    A player of standard cards is told their notation alone:

    >>> try:
    ...     parse_hand("7H 7R")
    ... except SolverError as error:
    ...     print(explain_error(error, "nl", Deck.STANDARD))  # doctest: +ELLIPSIS
    “7R” is geen kaart: eerst waarde, dan kleur, 10H QS KD AC (H harten, D ruiten, ...
    """
    key = f"error.{error.code}"
    if key not in MESSAGES["en"]:
        return str(error)
    values = dict(error.params)
    # What the player typed is quoted the language's way ("q_value": “x”, „x“, »x«).
    values.update({f"q_{name}": message("quoted", lang, token=value)
                   for name, value in error.params.items() if isinstance(value, str)})
    # A bad card is told how cards are written: a known deck's way alone.
    values["how"] = message(f"notation.{deck.value if deck is not None else 'any'}", lang)
    tokens = values.get("tokens")
    if isinstance(tokens, tuple):
        values["tokens"] = _join([message("quoted", lang, token=token) for token in tokens],
                                 message("and", lang))
    places = values.get("places")
    if isinstance(places, tuple):
        values["places"] = message("and", lang).join(message(f"place.{p}", lang) for p in places)
    shared = values.get("values")
    if isinstance(shared, tuple):  # a colour group's colours or suits: said, not lettered
        values["values"] = _join([message(f"value.{value}", lang) for value in shared],
                                 message("and", lang))
    if f"kind.{values.get('kind')}" in MESSAGES["en"]:  # a group kind the code named
        values["kind"] = message(f"kind.{values['kind']}", lang)
    if f"ruleset.{values.get('ruleset')}" in MESSAGES["en"]:  # as the page names it, not its id
        values["ruleset"] = message(f"ruleset.{values['ruleset']}", lang)
    rulesets = values.get("rulesets")
    if isinstance(rulesets, tuple):
        values["rulesets"] = _join([message(f"ruleset.{name}", lang) for name in rulesets],
                                   message("and", lang))
    return message(key, lang, **values)


def percent(value: Fraction | float, lang: str) -> str:
    """A probability as a whole percentage, written the way each language writes it; a chance
    that is not nil never reads as 0 %, nor one short of certain as 100 %.

    >>> percent(Fraction(1, 3), "de"), percent(0.5, "en"), percent(0.0025, "en")
    ('33 %', '50%', '<1%')
    """
    share = float(value) * 100
    # Judged on the rounded text: rounding takes half to even, so exactly 0.5 % came out 0 %.
    rounded = f"{share:.0f}"
    if share > 0 and rounded == "0":
        return message("percent", lang, value="<1")
    if share < 100 and rounded == "100":
        return message("percent", lang, value=">99")
    return message("percent", lang, value=rounded)


def card_name(card: Card, rules: Ruleset, lang: str) -> str:
    """How a player says the card: "red 7", "7♥", "King (wild)", "Joker (skip)"."""
    _check_language(lang)  # a plain 7♥ is said in no words, but the language is still asked
    role = rules.role(card)
    if card.deck is Deck.PHASE10:
        if role is Role.WILD:
            return message("card.wild.phase10", lang)
        if role is Role.SKIP:
            return message("card.skip.phase10", lang)
        return face_name(card, lang)
    if card.special == "X":
        return message("card.skip.joker" if role is Role.SKIP else "card.wild.joker", lang)
    if role is Role.WILD:
        return message("card.wild.king", lang)
    return card.signed


def face_name(card: Card, lang: str) -> str:
    """The card by its face alone, as a screen reader should say it, whatever a ruleset makes
    of it: "red 7", "queen of spades" (a reader spells "R7" out and names "♥" in English or not
    at all).

    >>> from solver.cards import parse_card
    >>> [face_name(parse_card(t), "en") for t in ("R7", "W", "QS", "10H", "X")]
    ['red 7', 'Wild', 'queen of spades', '10 of hearts', 'Joker']
    >>> face_name(parse_card("AC"), "de"), face_name(parse_card("KD"), "da")
    ('Kreuz Ass', 'ruder konge')
    """
    if card.special:
        special = {"W": "face.wild", "S": "face.skip", "X": "face.joker"}[card.special]
        return message(special, lang)
    if card.deck is Deck.PHASE10:
        return message("card.number", lang, colour=message(f"colour.{card.suit}", lang),
                       number=card.rank)
    return message("face.standard", lang, rank=rank_name(card.deck, card.rank, lang),
                   suit=message(f"suit.{card.suit}", lang))


def rank_name(deck: Deck, rank: int, lang: str) -> str:
    """A rank in words where a card shows a letter ("ace", German "Bube"), else its number.

    >>> rank_name(Deck.STANDARD, 11, "de"), rank_name(Deck.STANDARD, 10, "de")
    ('Bube', '10')
    """
    _check_language(lang)  # a number is said in no words, but the language is still asked
    printed = rank_text(deck, rank)
    return message(f"rank.{printed}", lang) if printed.isalpha() else printed


def the_card(card: Card, rules: Ruleset, lang: str) -> str:
    """The card with its article, as a sentence that discards or adds it names it: "the red 7",
    German "den Joker" but "die rote 7", Danish "den røde 7'er" but "jokeren".

    >>> from solver.cards import parse_card
    >>> from solver.rules import ruleset
    >>> mattel = ruleset("mattel")
    >>> [the_card(parse_card(t), mattel, "de") for t in ("R7", "W", "S")]
    ['die rote 7', 'den Joker', 'die Aussetzkarte']
    >>> zehn = ruleset("zehn-phasen")
    >>> the_card(parse_card("G9"), mattel, "da"), the_card(parse_card("KH"), zehn, "en")
    ("den grønne 9'er", 'the King (wild)')
    """
    role = rules.role(card)
    name = card_name(card, rules, lang)
    if role is Role.WILD:
        return message("the.wild", lang, card=name)
    if role is Role.SKIP:
        return message("the.skip", lang, card=name)
    if card.deck is Deck.PHASE10:
        return message("the.number", lang, colour=message(f"colour.the.{card.suit}", lang),
                       number=card.rank)
    return message(_by_rank("the.standard", card, lang), lang, card=name)


def _by_rank(key: str, card: Card, lang: str) -> str:
    """``key``, or its form for the card's rank where the language words it otherwise: the
    article goes with the rank's noun, German "das Ass" and "den König" but "die Dame" (it was
    "die K♠" and "eine A♣"; newcomer audit, session 65)."""
    ranked = f"{key}.{rank_text(card.deck, card.rank)}"
    return ranked if ranked in MESSAGES[lang] else key


def join_alternatives(items: Sequence[str], lang: str) -> str:
    """ "a, b or c" in the language's words."""
    return _join(items, message("or", lang))


def _join(items: Sequence[str], last: str) -> str:
    """ "a, b" + ``last`` + "c": a list as a sentence holds it."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


def explain_skip(advice: SkipAdvice, lang: str, *, points_told: bool = True,
                 free: bool = False) -> str:
    """The reason behind a skip recommendation. ``points_told``: the players' totals were
    given; a tie is then not said to be one of points nobody gave. ``free``: under free phase
    choice an opponent's phase is one more than the phases they have made, and said so; so are
    the phases made told (``Opponent.made``).

    >>> from solver.skips import Opponent, skip_advice
    >>> explain_skip(skip_advice([Opponent("Ann", 6), Opponent("Bo", 3)]), "da")
    'Spring Ann over: længst fremme, på fase 6.'
    >>> explain_skip(skip_advice([Opponent("Ann", 3), Opponent("Bo", 3)]), "en",
    ...              points_told=False)
    'Skip Ann: level with Bo on phase, so either is as good.'
    >>> explain_skip(skip_advice([Opponent("Ann", 6), Opponent("Bo", 3)]), "en", free=True)
    'Skip Ann: they are furthest along (phases made: 5).'
    """
    opponent, other = advice.opponent, advice.runner_up
    values: dict[str, object] = {"name": advice.target or ""}
    if opponent is not None:
        values.update(cards=opponent.cards_in_hand, phase=opponent.phase,
                      points=opponent.total_points, made=_made(opponent))
    if other is not None:
        values.update(other=other.name, other_points=other.total_points,
                      other_phase=other.phase, other_made=_made(other))

    def said(key: str) -> str:
        # The sentences that speak of phases have a free-choice wording of phases made.
        worded = f"{key}.free" if free and f"{key}.free" in MESSAGES["en"] else key
        return message(worded, lang, **values)

    key = f"skip.{advice.reason.value}"
    if advice.reason is SkipReason.AHEAD_ON_PHASES and advice.skipped_further:
        key += ".skipped"
    if advice.reason is SkipReason.EVEN and not points_told:
        key += ".phase"
    if opponent is not None and advice.reason is SkipReason.CLOSE_TO_GOING_OUT:
        if opponent.cards_in_hand is None:  # never say a count nobody gave
            key += ".unknown"
        key = _counted(key, opponent.cards_in_hand)
        tie = _down_tie(opponent, other)
        if tie == "skip.down-tie.even" and not points_told:
            tie += ".phase"
        if tie:  # "only 3 cards" was said of the target alone, as if it told them apart
            return f"{said(key)} {said(tie)}"
    return said(key)


def _made(opponent: Opponent) -> int:
    """The phases ``opponent`` made: told, else one fewer than the phase (free choice)."""
    return opponent.phase - 1 if opponent.made is None else opponent.made


def _down_tie(target: Opponent, other: Opponent | None) -> str | None:
    """What told two down players holding as many cards (both told) apart: the key of the
    sentence that says so, None when the cards did."""
    if (other is None or not other.phase_down or target.cards_in_hand is None
            or target.cards_in_hand != other.cards_in_hand):
        return None
    if target.phase != other.phase:
        return "skip.down-tie.phase"
    if target.total_points != other.total_points:
        return "skip.down-tie.points"
    return "skip.down-tie.even"


def _counted(key: str, count: int | None) -> str:
    """``key``'s sentence for a count of one where it has one ("1 card", not "1 cards"). Every
    table holds the same keys (``_check_tables``), so no language is looked up here: an unknown
    one was a bare KeyError, not message()'s clear error."""
    return f"{key}.one" if count == 1 and f"{key}.one" in MESSAGES["en"] else key


def _group_text(group: LaidGroup) -> str:
    return "[" + " ".join(card.signed for card in group.cards) + "]"


def explain_play(play: Play, rules: Ruleset, phase: int, lang: str) -> str:
    """The best play of a complete hand, step by step: laydown, hits, discard, what is left.

    >>> from solver.cards import parse_card
    >>> from solver.phases import Kind
    >>> seven = parse_card("R7")
    >>> group = LaidGroup(Kind.SET, (seven, seven, parse_card("W")), (None, None, 7), 7)
    >>> play = Play((group,), (), parse_card("B12"), (parse_card("G3"),), 5, False)
    >>> from solver.rules import ruleset
    >>> explain_play(play, ruleset("mattel"), 1, "en")
    'Lay down phase 1: [R7 R7 W]. Discard the blue 12; you keep 1 card worth 5 penalty points.'
    """
    parts = []
    if play.laydown:
        groups = " + ".join(_group_text(group) for group in play.laydown)
        parts.append(message("laydown", lang, phase=phase, groups=groups))
    else:
        parts.append(message("down.already", lang))
    if play.hits:
        # The same card onto the same group as the same number, said once with its count:
        # three Wilds onto a set read "the Wild as 5 to table group 1" three times over.
        alike = Counter((hit.card, hit.group, hit.stands_for) for hit in play.hits)
        hits = []
        for (card, group, stands_for), count in alike.items():
            said = (message("hit.wild", lang, the_card=the_card(card, rules, lang),
                            number=rank_text(rules.deck, stands_for), group=group + 1)
                    if stands_for is not None
                    else message("hit", lang, the_card=the_card(card, rules, lang),
                                 group=group + 1))
            hits.append(said if count == 1 else message("hit.times", lang, hit=said,
                                                         count=count))
        # "Then" only after a laydown said first.
        parts.append(message("hits" if play.laydown else "hits.first", lang,
                             hits=_join(hits, message("and", lang))))
    if play.discard is None:
        if play.goes_out:
            parts.append(message("out.by.hit", lang))
    elif play.goes_out:
        parts.append(message("out.by.discard", lang,
                             the_card=the_card(play.discard, rules, lang)))
    else:
        parts.append(message(_counted("keep", len(play.remaining)), lang,
                             the_card=the_card(play.discard, rules, lang),
                             count=len(play.remaining), points=play.remaining_points))
    return " ".join(parts)


def explain_discard(choice: DiscardOdds, unseen: int, rules: Ruleset, lang: str,
                    options: Sequence[DiscardOdds] = (),
                    table_takes: Collection[Card] = ()) -> str:
    """Why the recommended discard: its exact two-draw chance and its immediate outs.
    ``options``: every discard weighed; a wild chosen on points alone is weighed against them,
    and so is a card a group on the table takes (``table_takes``: a player who is down could
    pick it up and lay it off).

    >>> from solver.cards import parse_card
    >>> from solver.rules import ruleset
    >>> def nil(token: str, points: int) -> DiscardOdds:
    ...     return DiscardOdds(parse_card(token), 0, Fraction(0), Fraction(0), points)
    >>> print(explain_discard(nil("W", 25), 80, ruleset("mattel"), "en",
    ...                       [nil("W", 25), nil("S", 15), nil("B2", 5)]))
    No discard gives you a chance to lay the phase within your next two draws; discarding the \
Wild sheds the most points, but the next player could pick it up: discard the Skip instead, which \
leaves the same chances.
    """
    # The tie-break (INTERFACES.md: outs, then points shed) may choose a wild on points alone: a
    # gift to the next player, so the best other card leaving the same chances is named too,
    # whatever the chance (it was named only when nil: explanations audit, session 48).
    # The same holds for a card the table takes (strategy audit, session 55): the batch keeps
    # its tie-break, the player is told of a card as good that feeds no one.
    told = advised(rules, options, table_takes).card if options else choice.card
    other = told if told != choice.card else None
    gift = "wild" if rules.role(choice.card) is Role.WILD else "table"  # said beside ``other``
    values = {"the_card": the_card(choice.card, rules, lang), "p2": percent(choice.p2, lang),
              "outs": choice.outs, "unseen": unseen,
              "other": "" if other is None else the_card(other, rules, lang)}
    if choice.p2 == 0:
        return message("recommend.none" if other is None else f"recommend.none.{gift}", lang,
                       **values)
    said = message(_counted("recommend", choice.outs), lang, **values)
    return said if other is None else f"{said} {message(f'recommend.{gift}', lang, **values)}"


def explain_missing(distance: int, phase: int, lang: str) -> str:
    """How many cards the phase still lacks, wilds counted."""
    if distance == 1:
        return message("missing.one", lang, phase=phase)
    return message("missing.many", lang, count=distance, phase=phase)


def explain_draw(advice: DrawAdvice, rules: Ruleset, lang: str) -> str:
    """Take the discard-pile top or draw blind, with both chances.

    >>> from fractions import Fraction
    >>> from solver.cards import parse_card
    >>> from solver.rules import ruleset
    >>> advice = DrawAdvice(False, parse_card("B4"), DrawReason.BLIND_AT_LEAST_AS_GOOD,
    ...                     Fraction(1, 10), Fraction(1, 4), parse_card("R2"), 90)
    >>> explain_draw(advice, ruleset("mattel"), "nl")
    'Pak van de pakstapel: 25% kans op je fase bij je volgende trek, tegen 10% met de blauwe 4.'
    """
    card = card_name(advice.top, rules, lang)
    p_blind = percent(advice.p_blind, lang)
    p_take = percent(advice.p_take or 0, lang)
    key = {
        DrawReason.SKIP_NEVER_TAKEN: "draw.skip",
        DrawReason.TOP_COMPLETES: "draw.completes",
        DrawReason.BETTER_ODDS: "draw.take",
        DrawReason.TOP_BRINGS_NEARER: "draw.nearer",
        DrawReason.BLIND_AT_LEAST_AS_GOOD: "draw.blind",
        DrawReason.TOP_HITS: "draw.hits",
        DrawReason.TOP_DOES_NOT_HIT: "draw.no_hit",
        DrawReason.ANY_DRAW_HITS: "draw.any",
    }[advice.reason]
    if advice.goes_out and advice.reason is DrawReason.ANY_DRAW_HITS:
        key = "draw.any.out"
    if advice.missing_after_take == 1:
        key += ".one"
    said = message(key, lang, card=card, the_card=the_card(advice.top, rules, lang),
                   p_take=p_take, p_blind=p_blind, missing=advice.missing_after_take)
    out = ".out" if advice.goes_out else ""
    if advice.take and advice.discard_after_take is not None:  # taking one means one goes
        said += " " + message(f"draw.then_discard{out}", lang,
                              the_card=the_card(advice.discard_after_take, rules, lang))
    elif advice.take and advice.goes_out:
        said += " " + message("draw.out", lang)
    if advice.phase_in_hand:  # the first thing a newcomer should hear
        said = message("draw.ready", lang) + " " + said
    return said


def describe_completing(analysis: Analysis, rules: Ruleset, lang: str) -> str:
    """The cards that complete an incomplete hand: "any 8, any red card or a Wild".

    >>> from solver.analysis import analyse
    >>> from solver.cards import parse_hand
    >>> from solver.rules import ruleset
    >>> a = analyse(parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S"), "mattel", 1)
    >>> describe_completing(a, ruleset("mattel"), "de")
    'eine beliebige 7 oder ein Joker'
    """
    patterns = _any_colour(analysis.completing, rules, analysis.hand)
    items = [_pattern_text(pattern, rules, lang) for pattern in patterns]
    if analysis.wild_completes:
        items.append(message(_WILD_PHRASE[rules.wild_face], lang))
    return join_alternatives(items, lang)


_WILD_PHRASE = {"W": "a.wild.phase10", "K": "a.wild.king", "X": "a.wild.joker"}
_EVERY_COLOUR = {Deck.PHASE10: frozenset(PHASE10_COLOURS), Deck.STANDARD: frozenset(SUITS)}


def _any_colour(patterns: Sequence[Completing], rules: Ruleset,
                hand: Sequence[Card] = ()) -> tuple[Completing, ...]:
    """``patterns`` with a number that completes in every colour named once, as any colour,
    and likewise a colour that completes with every number: a set beside a colour group listed
    "a red 7, a blue 7, a green 7, a yellow 7" for "any 7", and "a blue 2, a blue 3, ..., a blue
    12" (14 items in all) for "any blue card". A kind whose every copy is in ``hand`` cannot be
    drawn, so it is never listed and does not stand in the way; copies on the table or known
    are not seen here, which only leaves a list long.

    >>> from solver.rules import ruleset
    >>> _any_colour([Completing(7, c) for c in "RBGY"] + [Completing(9, "R")], ruleset())
    (Completing(number=7, colour=None, deck=<Deck.PHASE10: 'phase10'>), \
Completing(number=9, colour='R', deck=<Deck.PHASE10: 'phase10'>))
    """
    colours, numbers = _EVERY_COLOUR[rules.deck], range(1, rules.max_number + 1)
    named = {(p.number, p.colour) for p in patterns}
    deck, held = rules.deck_counts(), Counter(hand)

    def drawable(number: int, colour: str) -> bool:
        card = Card(rules.deck, number, colour)
        return held[card] < deck[card]

    def whole_number(number: int) -> bool:
        return any((number, c) in named for c in colours) and all(
            (number, c) in named or not drawable(number, c) for c in colours)

    any_number = {n for n in numbers if whole_number(n)}

    def whole_colour(colour: str) -> bool:
        return any((n, colour) in named for n in numbers) and all(
            (n, colour) in named or (n, None) in named or n in any_number
            or not drawable(n, colour) for n in numbers)

    any_card = {c for c in colours if whole_colour(c)}
    kept: list[Completing] = []
    for pattern in patterns:
        if pattern.number is not None and pattern.colour in any_card:
            pattern = Completing(None, pattern.colour, pattern.deck)
        elif pattern.number in any_number:
            pattern = Completing(pattern.number, None, pattern.deck)
        if pattern not in kept:
            kept.append(pattern)
    return tuple(kept)


def _pattern_text(pattern: Completing, rules: Ruleset, lang: str) -> str:
    # A pattern names a number, a colour (R/B/G/Y, a suit, or red/black for a redblack
    # group), or a number and a suit (solver.engine's projections): never a number in red.
    number, colour = pattern.number, pattern.colour
    if number is None:
        if rules.deck is Deck.STANDARD and colour in SUIT_SIGNS:
            return message("any.suit", lang, suit=message(f"suit.{colour}", lang))
        return message("any.colour", lang, colour=message(f"colour.{colour}", lang))
    if colour is None:
        printed = rank_text(rules.deck, number)
        if printed.isalpha():  # A, J, Q, K: players call them by name, not number
            return message(f"any.rank.{printed}", lang)
        return message("any.number", lang, number=number)
    return _a_card(Card(rules.deck, number, colour), rules, lang)


def _a_card(card: Card, rules: Ruleset, lang: str, as_object: bool = False) -> str:
    """The card with an indefinite article: "a green 7", German "eine grüne 7", "ein Joker"
    (``as_object``: "einen Joker", the object of a verb).

    >>> from solver.cards import parse_card
    >>> from solver.rules import ruleset
    >>> [_a_card(parse_card(t), ruleset(), "de") for t in ("G7", "W")]
    ['eine grüne 7', 'ein Joker']
    >>> _a_card(parse_card("W"), ruleset(), "de", as_object=True)
    'einen Joker'
    >>> [_a_card(parse_card(t), ruleset("classic"), "en") for t in ("AD", "8C", "9H")]
    ['an A♦', 'an 8♣', 'a 9♥']
    """
    if rules.role(card) is Role.WILD:
        return message(_WILD_PHRASE[rules.wild_face] + (".object" if as_object else ""), lang)
    name = card_name(card, rules, lang)
    # "an A♦", "an 8♣": an ace and an eight are said with a vowel first (English only).
    key = "a.card.vowel" if name[:1] in ("A", "8") else "a.card"
    if card.deck is Deck.STANDARD and not card.special:
        key = _by_rank("a.card", card, lang)
        if as_object and f"{key}.object" in MESSAGES[lang]:
            key += ".object"
        elif key == "a.card" and name[:1] in ("A", "8"):
            key = "a.card.vowel"
    return message(key, lang, card=name)


def explain_analysis(analysis: Analysis, rules: Ruleset, lang: str) -> str:
    """Everything the advice panel says about one hand, as one paragraph.

    >>> from solver.analysis import analyse
    >>> from solver.cards import parse_hand
    >>> from solver.rules import ruleset
    >>> a = analyse(parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S"), "mattel", 1)
    >>> said = explain_analysis(a, ruleset("mattel"), "en")
    >>> print(said)  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
    You need 1 more card for phase 1. Drawing any 7 or a Wild completes it. Drawing a green 7, for
    example, you lay [R7 B7 G7] + [R8 G8 Y8]. Discard the Skip: ...

    Before the draw, only what the draw must bring:

    >>> b = analyse(parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12"), "mattel", 1, before_draw=True)
    >>> print(explain_analysis(b, ruleset("mattel"), "en"))  # doctest: +NORMALIZE_WHITESPACE
    You need 1 more card for phase 1. Drawing any 7 or a Wild completes it. Drawing a green 7, for
    example, you lay [R7 B7 G7] + [R8 G8 Y8]. 14 of 98 unseen cards complete it on this draw
    (14%).
    """
    if analysis.complete:
        play = Play(analysis.laydown, analysis.hits, analysis.discard, analysis.remaining,
                    analysis.remaining_points, analysis.goes_out)
        if analysis.before_draw:  # the play is made after the draw, which brings one card more
            return " ".join([message("draw.first", lang), explain_play(play, rules,
                             analysis.phase, lang), message("drawn.card", lang)])
        return explain_play(play, rules, analysis.phase, lang)
    if analysis.distance is None:  # too few cards: no draw and no discard can help yet
        return message("missing.hand", lang, phase=analysis.phase, needed=analysis.hand_needed,
                       count=len(analysis.hand))
    parts = [explain_missing(analysis.distance, analysis.phase, lang)]
    completing = describe_completing(analysis, rules, lang)
    parts.append(message("completes", lang, cards=completing) if completing
                 else message("no.single" if analysis.unseen else "no.unseen", lang))
    if analysis.example is not None:  # how the groups form: a newcomer cannot see it
        card, laydown = analysis.example
        # In words: "G12" read as gelb (yellow) to a German player (usability audit, session 54).
        parts.append(message("example", lang, card=_a_card(card, rules, lang, as_object=True),
                             groups=" + ".join(_group_text(group) for group in laydown)))
    if analysis.before_draw and analysis.outs:
        parts.append(message("before.draw.one" if analysis.outs == 1 else "before.draw", lang,
                             outs=analysis.outs, unseen=analysis.unseen,
                             p1=percent(Fraction(analysis.outs, analysis.unseen), lang)))
    chosen = next((o for o in analysis.discards if o.card == analysis.discard), None)
    if chosen is not None:
        parts.append(explain_discard(chosen, analysis.unseen, rules, lang, analysis.discards,
                                     analysis.table_takes))
    return " ".join(parts)


def _check_tables() -> None:
    # Every language must offer every sentence; a missing key would surface as a KeyError on a
    # user's screen, so fail at import instead.
    keys = set(MESSAGES["en"])
    for lang in LANGUAGES:
        if set(MESSAGES[lang]) != keys:
            raise AssertionError(f"message table {lang!r} differs from 'en'")


_check_tables()

__all__ = [
    "LANGUAGES",
    "MESSAGES",
    "SkipReason",
    "card_name",
    "face_name",
    "rank_name",
    "the_card",
    "describe_completing",
    "explain_analysis",
    "explain_discard",
    "explain_draw",
    "explain_error",
    "explain_missing",
    "explain_play",
    "explain_skip",
    "join_alternatives",
    "message",
    "percent",
]
