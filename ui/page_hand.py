"""The "Hand" tab: rules and phase, the photo, the hand as editable chips, the advice panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

import streamlit as st

import scoresheet as sheet
import solver
import ui
import vision
from solver import MOST_DECKS, DrawAdvice, Ruleset
from ui import advice as advice_view
from ui import chips, panels, reading
from ui.advice import solver_problem
from ui.howto import hand_example, hand_help, how_to_play
from ui.page_common import (
    PHOTO_TYPES,
    current_game_id,
    keep_values,
    other_deck_warning,
    read_once,
    relabel_choices,
    remember_declared,
    show_blocks,
    show_reading,
    state,
)
from ui.phases import phase_label

TYPED_PHASE = ""
BEST_PHASE = 0  # free phase choice: whichever open phase suits the hand best
# The whole position rides in the URL (?hand=R7+B7+W&rules=mattel&phase=3&down=1...): a reload
# keeps what was typed, and a teacher can send a newcomer the very position. Text longer than
# any real entry is left out rather than carried in every link: ten players down on two groups
# each and their hits are 30 lines, 700 characters or so (400 lost such a table unsaid, links
# audit, session 66).
URL_TEXT = {"hand_text": ("hand", 200), "table_text": ("table", 2000),
            "known_text": ("known", 2000), "top_text": ("top", 4)}
URL_SKIPS = "skips"  # "off" (a switch below) or how many: skips=2
# Switches, carried only when they differ from the page's default: (url key, value carried).
URL_SWITCHES = {"down": ("down", True), "opt_skips": (URL_SKIPS, False),
                "opt_go_out": ("out", "discard"), "opt_wrap": ("wrap", True)}
URL_DECKS = "decks"
# Whose phase from the score sheet: a reload lost the choice, and the advice with it (browser
# audit, session 63). A player's name, so never in a shared link (``SHARED_POSITION``).
URL_PLAYER = "player"
URL_PICK = "pick"  # and the phase that player picked in a free-choice game (none: the best)
URL_NATURALS = "naturals"
NATURALS_CHOICES = (0, 1, 2)  # 1 as the rules ask; 0 and 2 as some tables play
MOST_PHASES_TEXT = 2000  # a link's phase list: 20 phases of 4 groups each fit
MOST_SHOWN_WORD = 12  # of a link's word the page does not know, quoted back


def restore_from_url() -> None:
    """On a browser tab's first run: the position its URL names."""
    if "url_restored" in state:
        return
    state.url_restored = True
    params = st.query_params
    if params.get("rules") in solver.RULESETS:
        state.ruleset = params["rules"]
    elif params.get("rules"):  # rules=uno fell back to Mattel unsaid (usability audit)
        state.url_rules_unknown = ui.plain(params["rules"][:MOST_SHOWN_WORD])
    for key, (name, limit) in URL_TEXT.items():
        if 0 < len(params.get(name, "")) <= limit:
            state[key] = params[name]
    for key, (name, carried) in URL_SWITCHES.items():
        if params.get(name) == _url_word(carried):
            state[key] = carried
    if 0 < len(params.get(URL_PLAYER, "")) <= sheet.game.MAX_NAME_LENGTH:
        state.url_player = params[URL_PLAYER]  # checked against the game's players in phase_box
    pick = params.get(URL_PICK, "")
    if pick.isascii() and pick.isdigit() and len(pick) <= 3:
        state.url_pick = int(pick)  # checked against the player's open phases in phase_box
    phase = params.get("phase", "")
    if phase.isascii() and phase.isdigit() and len(phase) <= 3:  # not "²", which int() refuses
        state.url_phase = int(phase)  # checked against the ruleset's phases in phase_box
    elif phase:  # phase=abc: said there too, as no phase of the ruleset's
        state.url_phase = ui.plain(phase[:MOST_SHOWN_WORD])
    if params.get(advice_view.URL_PHASES) and state.get("ruleset") in solver.RULESETS:
        try:  # a game's own phase list, for the ruleset the link names
            state.url_phases = (state.ruleset, advice_view.link_phases(
                params[advice_view.URL_PHASES][:MOST_PHASES_TEXT], state.ruleset))
        except solver.SolverError as error:
            state.url_phases_error = error
    decks = params.get(URL_DECKS, "")
    if decks.isascii() and decks.isdigit() and len(decks) <= 2 \
            and 1 <= int(decks) <= MOST_DECKS:
        state.opt_decks = int(decks)
    naturals = params.get(URL_NATURALS, "")
    if naturals in {str(n) for n in NATURALS_CHOICES}:
        state.opt_naturals = int(naturals)
    skips = params.get(URL_SKIPS, "")
    if skips == "0":  # none left: without them
        state.opt_skips = False
    elif skips.isascii() and skips.isdigit() and len(skips) <= 2:
        state.opt_skip_count = int(skips)  # checked against the deck's in skip_count_box


def _url_word(value: object) -> str:
    """How a switch's value reads in the URL: down=1, skips=off, out=discard."""
    if isinstance(value, bool):
        return "1" if value else "off"
    return str(value)


def keep_position_in_url() -> None:
    """The typed fields and switches as the widgets now hold them."""
    for key, (name, limit) in URL_TEXT.items():
        value = str(state.get(key) or "").strip()
        keep_in_url(name, value if len(value) <= limit else None)
    for key, (name, carried) in URL_SWITCHES.items():
        keep_in_url(name, _url_word(carried) if state.get(key) == carried else None)


def keep_in_url(key: str, value: str | None) -> None:
    if value:
        st.query_params[key] = value
    else:
        st.query_params.pop(key, None)


def rules_box(lang: str, game: sheet.Game | None) -> Ruleset | None:
    t = partial(ui.text, lang)
    names = list(solver.RULESETS)
    # A game stored before imports were checked may name a ruleset the page lacks.
    default = game.rules.ruleset if game and game.rules.ruleset in names else names[0]
    # The game's ruleset until the player chooses another (a link's included): a zehn-phasen
    # game chosen or started after a mattel one is advised as zehn-phasen. A choice by hand
    # stays even when it is the page's own default (mattel, chosen with a switch button while
    # no game was open, went at the next classic game), until it is the open game's ruleset:
    # from then on the page follows the games again.
    if game is not None and state.get("ruleset_by_hand") == default:
        del state["ruleset_by_hand"]
    if "ruleset_by_hand" not in state and state.get(
            "ruleset", state.get("ruleset_default")) == state.get("ruleset_default"):
        if state.get("ruleset", default) != default:
            # The game's ruleset words the chosen phase otherwise, as a switch by hand does:
            # the browser's old words fell back to phase 1 unsaid (widget audit, session 67).
            relabel_choices()
        state.ruleset = default
    state.ruleset_default = default
    with st.expander(t("settings"), expanded=False):
        # Another ruleset words the phases otherwise (streamlit/streamlit#13788, as for a
        # language switch): the chosen phase is set again so that its new words show.
        # Choices, not a list: a select box cut "Zehn Phasen (almindelige kort, konger som
        # wild-kort)" to one line on a phone, in its box and its list (German and Dutch too).
        name = st.radio(t("ruleset"), names, key="ruleset",
                        format_func=lambda r: t(f"ruleset_{r}"), on_change=chose_ruleset)
        state.setdefault("opt_skips", True)  # not value=True: the URL may have set it
        # Ordinary cards' skip cards are their jokers (zehn-phasen); say so, or a player
        # switching them off thinks the wild Kings go.
        named = solver.ruleset(name)
        label = t("opt_skips_jokers" if named.deck is solver.Deck.STANDARD else "opt_skips")
        # Set for the table when the open game was started: said, not offered to change.
        table = advice_view.rules_of(game, name)
        fixed = None if table is None else advice_view.table_skips(table)
        if named.skips_optional and fixed is not None and fixed is not True:
            jokers = "_jokers" if named.deck is solver.Deck.STANDARD else ""
            st.caption(t("game_without_skips") if fixed is False
                       else t(f"game_skip_count{jokers}_one") if fixed == 1
                       else t(f"game_skip_count{jokers}", count=fixed))
            skips: bool | int = fixed
        elif named.skips_optional:
            skips = st.toggle(label, key="opt_skips") and skip_count_box(lang, named)
        else:
            skips = True
        if table is not None and table.going_out != "either":
            st.caption(t("game_going_out", how=t(f"opt_go_out_{table.going_out}")))
            going_out = table.going_out
        else:
            going_out = st.radio(
                t("opt_go_out"), ["either", "discard"], horizontal=True, key="opt_go_out",
                format_func=lambda g: t(f"opt_go_out_{g}"),
            )
        decks = decks_box(lang, game) if named.chooses_decks else None
        wrap, naturals = house_rules_box(lang, named)
    # A link's phase list plays with the ruleset it came with, and never beside a game of that
    # ruleset, which has its phases (its own, or the ruleset's).
    linked_name, linked = state.get("url_phases", ("", ()))
    if "url_phases_error" in state:
        st.warning(t("url_phases_unread", detail=solver_problem(lang, state.url_phases_error)))
        del state["url_phases_error"]
    phases = linked if linked_name == name and table is None else ()
    # In the URL only while it is played: left there beside another ruleset, a reload played
    # the link's list under that one (links audit, session 66).
    keep_in_url(advice_view.URL_PHASES, f"{advice_view.PHASE_SEPARATOR} ".join(phases))
    try:
        return advice_view.ruleset_for(name, game, skips=skips, going_out=going_out,
                                       decks=decks, wrap=wrap, naturals=naturals,
                                       phases=phases)
    except solver.SolverError as error:
        st.error(t("rules_error", detail=solver_problem(lang, error)))
        return None


def house_rules_box(lang: str, rules: Ruleset) -> tuple[bool, int]:
    """Runs going round and the natural cards a group needs, as some tables play: whether runs
    wrap and how many naturals (kept in the URL where they differ from the rules)."""
    t = partial(ui.text, lang)
    wrap = st.toggle(t("opt_wrap", top=solver.rank_text(rules.deck, rules.max_number),
                       bottom=solver.rank_text(rules.deck, 1)), key="opt_wrap")
    state.setdefault("opt_naturals", rules.naturals)  # not index=: the URL may have set it
    naturals = int(st.radio(t("opt_naturals"), NATURALS_CHOICES, horizontal=True,
                            key="opt_naturals", help=t("opt_naturals_help")))
    keep_in_url(URL_NATURALS, str(naturals) if naturals != rules.naturals else None)
    return wrap, naturals


def skip_count_box(lang: str, rules: Ruleset) -> bool | int:
    """Seed 001's "fewer jokers": decks that came with fewer play with fewer skips. True for
    the deck's own count, else the count (kept in the URL as skips=N)."""
    full = advice_view.full_skips(rules.name)
    if state.get("skip_count_for", rules.name) != rules.name:  # another deck: its own count
        for key in ("opt_skip_count", "skip_count_kept"):
            state.pop(key, None)
    state.skip_count_for = rules.name
    if "opt_skip_count" not in state and "skip_count_kept" in state:  # back after switching
        state.opt_skip_count = state.skip_count_kept  # skips off and on: the decks are the same
    if not 1 <= state.get("opt_skip_count", 0) <= full:  # first shown, or a link's 9
        state.opt_skip_count = full
    label = "opt_skip_count_jokers" if rules.deck is solver.Deck.STANDARD else "opt_skip_count"
    count = int(st.number_input(ui.text(lang, label), min_value=1, max_value=full, step=1,
                                key="opt_skip_count", help=ui.text(lang, f"{label}_help")))
    state.skip_count_kept = count
    if count == full:
        return True
    keep_in_url(URL_SKIPS, str(count))
    return count


def howto_box(lang: str, rules: Ruleset, game: sheet.Game | None) -> None:
    """The rules of play for a newcomer, as the chosen ruleset and its options make them; the
    open game's end rule when it is played under these rules."""
    title = f"{ui.text(lang, 'howto')}: {ui.text(lang, f'ruleset_{rules.name}')}"
    table = advice_view.rules_of(game, rules.name)
    end = table.end.value if table is not None else None
    with st.expander(title, expanded=False):
        st.markdown("\n".join(f"- {line}" for line in how_to_play(lang, rules, end)))


def decks_box(lang: str, game: sheet.Game | None) -> int:
    """Classic is played with two decks per two players (seed 000): the odds and the copies a
    hand may hold follow the count."""
    # The game's count until the player sets another: a 4-player game chosen after a 2-player
    # one gets its 4 decks, a count typed by hand stays.
    default = advice_view.classic_decks(game)
    if state.get("opt_decks", state.get("decks_default")) == state.get("decks_default"):
        state.opt_decks = default
    state.decks_default = default
    decks = int(st.number_input(ui.text(lang, "opt_decks"), min_value=1,
                                max_value=MOST_DECKS, step=1, key="opt_decks"))
    keep_in_url(URL_DECKS, str(decks))  # always: a link's reader may have no game of theirs
    return decks


def phase_box(lang: str, game: sheet.Game | None, rules: Ruleset
              ) -> tuple[int, tuple[int, ...]] | None:
    """The phase to analyse, typed or the chosen player's from the score sheet, and the other
    phases that player may choose instead (free phase choice; else none)."""
    t = partial(ui.text, lang)

    describe = partial(phase_label, lang, rules)

    players = list(game.players) if game else []
    linked_player = state.pop("url_player", None)
    if linked_player in players:  # with a phase= only where the player has none left to play
        state.phase_source = linked_player
    elif players and "url_phase" in state:  # a link's typed phase, not the sheet's player
        state.phase_source = TYPED_PHASE
    elif state.get("phase_source") not in (None, *players, TYPED_PHASE):
        # Another game's player: the box took this game's first player unasked, and the
        # URL kept the guess (review, session 63).
        state.pop("phase_source", None)
    # The typed phase's option is no player's name (names are never empty), not a word: a word
    # would change with the language and leave the chosen option behind on a switch.
    # Asked, not guessed: starting at the first player, every phone at the table that opened
    # the game was advised on that player's phase (usability audit, session 54).
    source = st.selectbox(
        t("phase"), [*players, TYPED_PHASE], key="phase_source",
        index=0 if "phase_source" in state else None, placeholder=t("phase_whose"),
        format_func=lambda p: t("phase_typed") if p == TYPED_PHASE
        else t("phase_from_sheet", player=p),
    ) if players else TYPED_PHASE
    keep_in_url(URL_PLAYER, None if source in (None, TYPED_PHASE) else source)
    keep_in_url(URL_PICK, None)  # set again below where a free game's phase is picked
    picked = state.pop("url_pick", None)
    if source is None:
        # The question is what a reload must show: a phase left in the URL read as a link's
        # typed phase and was advised unasked (links audit, session 66).
        keep_in_url("phase", None)
        st.info(t("phase_whose_ask"))
        return None
    # A phase chosen by hand, or a free game's pick, outlives a look at another source's.
    keep_values(("phase_free",) if source == TYPED_PHASE else ("phase_number",))
    try:
        if source != TYPED_PHASE and game is not None:
            keep_in_url("phase", None)
            if rules.name != game.rules.ruleset and game.rules.ruleset in solver.RULESETS:
                # The sheet's phase numbers, another ruleset's phases: say so, never silently.
                st.warning(t("sheet_other_rules", game_rules=t(f"ruleset_{game.rules.ruleset}"),
                             rules=t(f"ruleset_{rules.name}")))
            remaining = advice_view.sheet_phases(game, source)
            if remaining and game.rules.order is sheet.PhaseOrder.FREE:
                # Left at a fixed phase, a hand that lays another open phase was told to
                # discard its wild; the player is free to choose, so the solver chooses first.
                if picked in remaining:
                    state.phase_free = picked
                chosen = int(st.selectbox(
                    t("chosen_phase"), [BEST_PHASE, *remaining], key="phase_free",
                    format_func=lambda n: t("phase_best") if n == BEST_PHASE else describe(n)))
                keep_in_url(URL_PICK, None if chosen == BEST_PHASE else str(chosen))
                return chosen, tuple(n for n in remaining if n != chosen)
            if remaining:
                state.pop("url_phase", None)
                st.caption(describe(remaining[0]))
                return remaining[0], ()
            result = sheet.standings(game)
            if result.stage is sheet.Stage.PLAYOFF:  # dealt no hand: nothing to advise
                st.info(t("phase_playoff_without", player=ui.plain(source),
                          players=" & ".join(map(ui.plain, result.winners))))
                return None
            # All done: a finished game may go on for fun, the player picking the phase as
            # without a sheet (and a reload keeps both: player= and phase=).
            st.info(t("phase_done_all", player=ui.plain(source)))
        numbers = rules.phase_numbers()
        asked = state.pop("url_phase", None)
        if asked in numbers:
            state.phase_number = asked
        elif asked is not None:  # phase=99 (or a game's own phase 12) fell back to 1 unsaid
            st.info(t("url_phase_unknown", phase=asked, rules=t(f"ruleset_{rules.name}")))
        # Under the sheet's "Phase" box it shows no label of its own, yet keeps a name of its
        # own for a screen reader, which heard two boxes called "Phase"; alone it is "Phase".
        typed = int(st.selectbox(t("phase_typed_box") if players else t("phase"), numbers,
                                 key="phase_number",
                                 label_visibility="collapsed" if players else "visible",
                                 format_func=describe))
        keep_in_url("phase", str(typed))
        return typed, ()
    except solver.SolverError as error:  # e.g. the sheet's phase list vs. another ruleset
        st.error(t("rules_error", detail=solver_problem(lang, error)))
        return None


def photo_box(lang: str, rules: Ruleset) -> bool:
    """The photo: camera or upload; a new photo's cards replace the hand. True when a photo
    was read and shown (what was found in it is said here)."""
    t = partial(ui.text, lang)
    st.header(t("photo"), anchor=False)
    source = st.radio(t("photo_source"), ["upload", "camera"], horizontal=True,
                      key="photo_source", format_func=lambda s: t(f"photo_{s}"),
                      label_visibility="collapsed")
    if source == "camera":
        if reading.camera_blocked(st.context.url):  # else a grey box that never asks
            st.info(t("camera_insecure"))
        shot = st.camera_input(t("photo_take"), key="camera", resolution="1080p")
    else:
        shot = st.file_uploader(t("photo_uploader"), type=PHOTO_TYPES, key="upload")
    if shot is None:
        return False
    found, digest = read_once(lang, "hand", shot.getvalue(), rules)
    if digest is not None:  # read afresh
        # A typed or fixed hand is the player's: only a new photo replaces it ("Back to what
        # was read" puts the reading in).
        state.hand_text = reading.hand_after_reading(
            state.get("hand_text", ""), " ".join(state.get("read_tokens", ())),
            found.tokens if found else None, digest, state.get("hand_photo"),
            state.setdefault("hand_fixes", {}))
        # Into the URL now: it was kept at the top of the run, before the photo's cards, and
        # a phone whose session dropped after a photo came back with the hand before it.
        keep_position_in_url()
        if found is not None:  # a photo not read (no model, no colour) has put no cards in
            state.hand_photo = digest
        state.read_tokens = found.tokens if found else ()
        # The same photo read again for other rules, its cards alike: checked stays checked
        # (photo audit, session 67: a tap on the skip count flagged them all again).
        state.unsure = () if found is None or state.get("checked_read") == (
            digest, tuple(found.tokens)) else found.unsure
    if found is None:
        return False
    shown_photo(lang, rules, found)
    return True


def shown_photo(lang: str, rules: Ruleset, found: reading.Reading, slot: str = "",
                laid: vision.LaidTable | None = None) -> bool:
    """A photo as read, and what is wrong with it (the other deck's cards, none at all);
    ``slot`` keeps its buttons apart from another photo's, ``laid``: its groups outlined
    (a photo of the table). True when its cards count."""
    show_reading(lang, found, None if found.other_deck else laid)
    if found.other_deck:
        other_deck_box(lang, rules, bool(found.detections), slot)
    elif not found.detections:
        st.warning(ui.text(lang, "no_cards"))
    return bool(found.detections) and not found.other_deck


def chose_ruleset() -> None:
    state.ruleset_by_hand = state.ruleset
    relabel_choices()


def switch_ruleset(name: str) -> None:
    state.ruleset = name
    chose_ruleset()


def other_deck_box(lang: str, rules: Ruleset, read_any: bool, slot: str = "") -> None:
    """The photo looks like the other deck's cards: said, with a button per ruleset played
    with them."""
    t = partial(ui.text, lang)
    other_deck_warning(lang, rules, read_any)
    fitting = advice_view.rulesets_without(rules.deck)
    for column, name in zip(st.columns(len(fitting)), fitting, strict=True):
        column.button(t("switch_ruleset", rules=t(f"ruleset_{name}")),
                      key=f"{slot}switch_{name}", on_click=switch_ruleset, args=(name,))


def edit_picked(change: Callable[[tuple[str, ...], int], tuple[str, ...]]) -> None:
    """Applies a one-tap edit to the card picked among the pills, then clears the pick."""
    picked = state.get("pick")
    state.pick = None
    try:
        tokens = advice_view.canonical(state.get("hand_text", ""))
    except solver.SolverError:
        return  # the text changed meanwhile and no longer parses; the page reports it
    if picked is not None and picked < len(tokens):
        state.hand_text = " ".join(change(tokens, picked))


def remove_picked() -> None:
    edit_picked(reading.without)


def replacement_at_pick() -> None:
    """Another chip tapped: its "Replace with" box starts at that card. A box that stayed on
    screen kept the first card tapped, and choosing that card then changed nothing (widget
    audit, session 67). Set, not dropped: the browser knows a box by its key and kept its
    choice (evening audit)."""
    picked = state.get("pick")
    try:
        tokens = advice_view.canonical(state.get("hand_text", ""))
    except solver.SolverError:
        return  # the page reports the text that no longer parses
    if picked is not None and picked < len(tokens):
        state.replacement = tokens[picked]


def replace_picked() -> None:
    token = state.get("replacement")
    if token:
        edit_picked(lambda tokens, index: reading.replaced(tokens, index, token))


def reset_hand() -> None:
    state.hand_text = " ".join(state.get("read_tokens", ()))


def hand_box(lang: str, rules: Ruleset, photo_read: bool = False) -> tuple[str, ...] | None:
    """The hand as chips, editable; None while it does not parse."""
    t = partial(ui.text, lang)
    st.header(t("hand"), anchor=False)
    raw = st.text_input(t("hand_edit"), key="hand_text", help=hand_help(lang, rules),
                        placeholder=hand_example(rules))
    try:
        tokens = advice_view.canonical(raw)
    except solver.SolverError as error:
        st.error(t("hand_invalid", detail=solver_problem(lang, error, rules.deck)))
        return None
    if not tokens:
        if not photo_read:  # under a photo read as empty, its own warning has said so
            st.info(t("hand_empty"))
        return tokens
    doubts = state.get("unsure", ()) if reading.from_the_photo(
        tokens, state.get("read_tokens", ())) else ()
    flagged = reading.flagged_positions(tokens, doubts)
    st.markdown(chips.chips_html(lang, tokens, flagged), unsafe_allow_html=True)
    st.caption(t("hand_count_one") if len(tokens) == 1 else t("hand_count", count=len(tokens)))
    if flagged:
        st.warning(t("low_confidence", cards=chips.cards_text(tokens[i] for i in flagged)))
        # Checked and right, the flags stayed, and the warning with them, until the next photo
        # (usability audit, session 54: 8 of 11 right cards flagged on one photo).
        st.button(t("unsure_checked"), key="unsure_checked", on_click=doubts_cleared)
    st.pills(t("remove_card"), list(range(len(tokens))), key="pick",
             format_func=lambda i: chips.card_markdown(tokens[i]), on_change=replacement_at_pick)
    picked = state.get("pick")
    if picked is not None and picked < len(tokens):
        faces = advice_view.faces(rules)
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        left.selectbox(t("replace_with"), faces, index=faces.index(tokens[picked])
                       if tokens[picked] in faces else 0, key="replacement",
                       format_func=chips.card_text, on_change=replace_picked)
        right.button(f"✕ {t('remove_short')}", key="remove", on_click=remove_picked,
                     help=t("remove_this"))
    if state.get("read_tokens") and tuple(state.read_tokens) != tokens:
        st.button(t("reset_hand"), on_click=reset_hand, key="reset")
    return tokens


def doubts_cleared() -> None:
    state.unsure = ()
    state.checked_read = (state.get("hand_photo"), tuple(state.get("read_tokens", ())))


def table_box(lang: str, rules: Ruleset) -> advice_view.TableForm | None:
    t = partial(ui.text, lang)
    # Open when something in it is set (a link's table, "down"): it changes the whole advice.
    filled = any(state.get(key) for key in ("table_text", "known_text", "top_text", "down",
                                            "table_upload"))
    examples = advice_view.table_examples(rules, lang)
    with st.expander(t("table"), expanded=filled, key="table_box"):
        table_photo_box(lang, rules)
        groups = st.text_area(t("table_groups"), key="table_text",
                              help=t("table_help", **examples),
                              placeholder=t("table_placeholder", **examples))
        known = st.text_input(t("known"), key="known_text")
        top = st.text_input(t("top_card"), key="top_text", max_chars=4)
        down = st.toggle(t("down"), key="down")
    try:
        return advice_view.read_table_form(groups, known, top, down)
    except advice_view.TableBoxError as error:
        st.error(t(f"table_invalid_{error.box}", detail=solver_problem(lang, error, rules.deck)))
        return None


def table_photo_box(lang: str, rules: Ruleset) -> None:
    """A photo of the groups laid on the table: a new one writes them into the box of groups,
    one line a group, for the player to check; what was a guess or left out is said."""
    t = partial(ui.text, lang)
    shot = st.file_uploader(t("table_photo"), type=PHOTO_TYPES, key="table_upload")
    if shot is None:
        return
    found, digest = read_once(lang, "table", shot.getvalue(), rules)
    laid = None if found is None else vision.laid_table(rules, found.detections)
    shown = found is not None and laid is not None and shown_photo(
        lang, rules, found, slot="table_", laid=laid)
    if digest is not None:  # read afresh: the box takes this photo's groups
        written = panels.table_lines(laid, lang) if shown and laid is not None else ""
        # The same photo read again for other rules (skips, decks, a game) replaces only
        # groups left as read, as the hand box does: a typed fix went without a word (vision
        # audit, session 64). A new photo with no groups (none found, unreadable, the other
        # deck's) empties groups left as read: the advice went on hitting on the last photo's
        # groups under its "no group could be read" (photo audit, session 67).
        last = state.get("table_read")
        left_as_read = last is not None and state.get("table_text", "") == last[1]
        if left_as_read or (written and (last is None or last[0] != digest)):
            state.table_text = written
            keep_position_in_url()  # now, as a hand photo's cards are
        state.table_read = (digest, written)
    elif shown and laid is not None and "table_read" in state:
        # The same photo under other rules (wrap, another ruleset of the deck, a game's own
        # phases) reads as other groups: groups left as read follow, as the outlines and the
        # notes below do; the box kept the first rules' kinds (table audit, session 66). So
        # do they follow a language switch, written in the page's words.
        photo, written = state.table_read
        lines = panels.table_lines(laid, lang)
        if written != lines and state.get("table_text", "") == written:
            state.table_text = lines
            keep_position_in_url()
            state.table_read = (photo, lines)
    if not shown or laid is None:
        return
    show_blocks(lang, panels.table_photo_panel(laid, lang))


def advice_box(lang: str, tokens: tuple[str, ...], rules: Ruleset, phase: int,
               table: advice_view.TableForm, others: Sequence[int] = (),
               drawn: DrawAdvice | None = None) -> None:
    """The advice for ``phase`` (``ui.panels.advice_panel`` says what it holds)."""
    st.header(ui.text(lang, "advice"), anchor=False)
    with st.spinner(ui.text(lang, "analysing")):
        blocks = panels.advice_panel(tokens, rules, phase, table, lang, others, drawn)
    show_blocks(lang, blocks)


# The other players typed in "Whom to skip?", kept while its box is not drawn (the hand or
# the table does not read while a typo is fixed, or holds no skip card for a moment): they
# were gone once it was drawn again (widget audit, session 67). Kept only then: set by the
# script in a run that draws it, a box's value is sent to the browser anew, which took the
# keyboard's focus off the tab bar. "skip_me" is a game's player, asked again in another game.
SKIP_TYPED = ("skip_name_", "skip_phase_", "skip_down_", "skip_cards_", "skip_skipped_",
              "skip_count")


def hand_tab(lang: str, game: sheet.Game | None) -> None:
    restore_from_url()
    keep_position_in_url()
    rules = rules_box(lang, game)
    if rules is None:
        return
    keep_in_url("rules", rules.name)
    unknown = state.pop("url_rules_unknown", None)
    if unknown is not None:
        st.info(ui.text(lang, "url_rules_unknown", asked=unknown,
                        rules=ui.text(lang, f"ruleset_{rules.name}")))
    if not rules.chooses_decks:
        keep_in_url(URL_DECKS, None)
    howto_box(lang, rules, game)
    chosen = phase_box(lang, game, rules)
    photo_read = photo_box(lang, rules)
    tokens = hand_box(lang, rules, photo_read)
    table = table_box(lang, rules)
    if not tokens or table is None or chosen is None:
        keep_values(SKIP_TYPED)
        return
    phase, others = chosen
    drawn = None
    if phase == BEST_PHASE:
        choice = advice_view.best_choice(tokens, rules, others, table)
        if choice.best is not None:
            st.caption(ui.text(lang, "phase_best_is",
                               phase=phase_label(lang, rules, choice.best)))
        phase, others, drawn = choice.phase, choice.others, choice.drawn
    if game is not None and game.rules.order is sheet.PhaseOrder.FREE and \
            state.get("phase_source") in game.players:
        # The score sheet's "Which phase" box starts here: it started at the lowest open
        # phase, and a player told to lay phase 8 had phase 4 booked without a word.
        remember_declared(current_game_id(), len(game.hands) + 1, str(state.phase_source), phase,
                          tokens)
    advice_box(lang, tokens, rules, phase, table, others, drawn)
    skip_box(lang, tokens, rules, game)
    share_box(lang, tokens, rules, phase)


# Most players at one table besides the one asking (seed 002: up to six players).
MOST_OTHER_PLAYERS = 5


def skip_box(lang: str, tokens: tuple[str, ...], rules: Ruleset,
             game: sheet.Game | None) -> None:
    """Whom the hand's skip card should hit, from what the table shows of each other player:
    the score sheet's players with their phases and totals, or players typed here."""
    if not advice_view.holds_skip(tokens, rules):
        keep_values(SKIP_TYPED)
        return
    t = partial(ui.text, lang)
    with st.expander(t("skip_title")):
        st.caption(t("skip_intro"))
        answer = st.empty()  # above the players: a phone shows it without scrolling down
        listed = skip_sheet_players(lang, game) \
            if game is not None and len(game.players) > 1 else None
        by_made = rules.free_choice
        if listed is not None:  # kept by name: choosing "You are" again moves the others
            by_made = by_made or listed.by_made
            opponents = [skip_shown(lang, rules, f"sheet_{opponent.name}", opponent,
                                    listed=True, by_made=by_made)
                         for opponent in listed.opponents]
        else:
            opponents = skip_typed_players(lang, rules)
        try:
            # The rules tell what a down player's phase leaves in hand; the score sheet's
            # player who has made every phase still plays the last hand.
            advice = solver.skip_advice(opponents, rules=rules, check_phases=False)
        except solver.SolverError as error:  # two players typed with one name
            answer.error(solver.explain_error(error, lang))  # the names were made plain above
            return
        # Typed players' totals are not asked: a tie is then one of phases alone.
        answer.info(solver.explain_skip(advice, lang, points_told=listed is not None,
                                        free=by_made))


def skip_sheet_players(lang: str, game: sheet.Game) -> advice_view.SheetOpponents:
    """The score sheet's other players: all but the one whose phase is advised, or who says
    which they are. What was ticked of them ("sat out this hand", "phase down", their cards)
    was of the hand being played: once the sheet has another, it starts afresh (it stood for
    the next hand too, zehn-phasen audit, session 66)."""
    hand = (current_game_id(), len(game.hands))
    if state.get("skip_ticks_for", hand) != hand:
        # Set back, not dropped: the browser knows a box by its key and sent the old tick
        # again (evening audit, session 67).
        for key in [k for k in state if str(k).startswith(SKIP_SHEET_TICKS)]:
            state[key] = None if str(key).startswith("skip_cards_") else False
    state.skip_ticks_for = hand
    me = state.get("phase_source")
    if me not in game.players:
        me = st.selectbox(ui.text(lang, "skip_me"), game.players, key="skip_me")
    listed = advice_view.skip_opponents(game, me)
    return listed._replace(opponents=[replace(o, name=ui.plain(o.name))
                                      for o in listed.opponents])


def skip_typed_players(lang: str, rules: Ruleset) -> list[solver.Opponent]:
    """Other players typed here, without a score sheet: a name and the phase each is on, and
    what the table shows of them."""
    t = partial(ui.text, lang)
    count = int(st.number_input(t("skip_count"), min_value=1, max_value=MOST_OTHER_PLAYERS,
                                value=2, step=1, key="skip_count"))
    typed = []
    for index in range(count):
        named, on = st.columns([3, 2])
        fallback = t("skip_default_name", number=index + 2)
        # Each box named with its player, by place (a name typed would change the box's
        # identity with each letter): a screen reader heard "Name", "Phase down" ... once per
        # player, alike (accessibility audit, session 64).
        # The place's name a hint, not a value: a value stayed in the first language drawn
        # ("Lass Player 2 aussetzen", links audit, session 66).
        name = named.text_input(f"{t('skip_name')} · {fallback}", placeholder=fallback,
                                key=f"skip_name_{index}", max_chars=sheet.game.MAX_NAME_LENGTH)
        phase = on.selectbox(f"{t('skip_phase')} · {fallback}", rules.phase_numbers(),
                             key=f"skip_phase_{index}")
        player = solver.Opponent(ui.plain(name.strip() or fallback), int(phase))
        typed.append(skip_shown(lang, rules, str(index), player, who=fallback))
    return typed


# The ticks of the sheet's players (keyed "sheet_NAME" by skip_box).
SKIP_SHEET_TICKS = ("skip_down_sheet_", "skip_skipped_sheet_", "skip_cards_sheet_")


def skip_shown(lang: str, rules: Ruleset, key: str, opponent: solver.Opponent,
               listed: bool = False, who: str | None = None,
               by_made: bool = False) -> solver.Opponent:
    """``opponent`` with what the table shows of them: their phase down, their cards if
    counted, and whether they may not be skipped now (widgets keyed ``key``, named with
    ``who``, else the opponent's name); ``listed``: named as the score sheet has them, with
    the phases they made where ``by_made`` (`advice.SheetOpponents`)."""
    t = partial(ui.text, lang)
    whose = f" · {opponent.name if who is None else who}"
    if listed:
        # Under free choice the phase is one more than those made, not one they must play.
        shown = "skip_from_sheet_free" if by_made else "skip_from_sheet"
        st.markdown(f"**{opponent.name}** · " + t(shown, phase=opponent.phase,
                                                   made=opponent.made,
                                                   points=opponent.total_points))
    # A choice of the counts a down player can hold, their phase's leftovers at most: a number
    # box kept a count over its maximum to itself in the browser, unsent, and any count up to
    # 9 was taken for a player down on a run of 9 (skip audit, session 63). Unknown: none.
    most = solver.most_cards_once_down(rules, opponent.phase)
    # A phase that leaves no card goes out as it is laid: never "down" between turns.
    down = bool(most) and st.toggle(t("skip_down") + whose, key=f"skip_down_{key}")
    cards = st.selectbox(t("skip_cards") + whose, range(1, most + 1), index=None,
                         placeholder=t("skip_cards_unknown"),
                         key=f"skip_cards_{key}") if down and most else None
    # Seed 001 (ordinary cards): each sits out once a hand; seed 002: one Skip waits at most.
    said = "skip_skipped_sat_out" if rules.deck is solver.Deck.STANDARD else "skip_skipped_waiting"
    skipped = st.checkbox(t(said) + whose, key=f"skip_skipped_{key}")
    return replace(opponent, phase_down=down, already_skipped=skipped,
                   cards_in_hand=None if cards is None else int(cards))


def share_box(lang: str, tokens: tuple[str, ...], rules: Ruleset, phase: int) -> None:
    """A link to this hand for someone else (a teacher to a newcomer), with a copy button."""
    link = advice_view.share_link(st.context.url, tokens, rules, phase, lang,
                                  st.query_params.to_dict())
    if link is not None:
        with st.expander(ui.text(lang, "share")):
            st.code(link, language=None, wrap_lines=True)
