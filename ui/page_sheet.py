"""The "Score sheet" tab: choose or start a game, standings, record / correct / undo hands,
count points from a photo, CSV export and import, the score file's location."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Final

import streamlit as st

import scoresheet as sheet
import solver
import ui
from ui import advice as advice_view
from ui import panels
from ui import sheet as sheet_view
from ui.advice import solver_problem
from ui.howto import count_help
from ui.page_common import (
    CHANGED_MEANWHILE,
    NO_GAME,
    PHOTO_TYPES,
    current_game_id,
    declared_phase,
    first_index,
    forget,
    keep,
    read_once,
    release_uploads,
    save,
    select_game,
    show_blocks,
    show_error,
    show_reading,
    state,
)
from ui.phases import phase_label


def game_chooser(lang: str, store: sheet.Store) -> None:
    t = partial(ui.text, lang)
    try:
        games = store.list_games()
    except sheet.StoreError as error:
        show_error(lang, error)
        return
    labels = {g.id: sheet_view.game_label(g.name, g.players, g.id, numbered=True,
                                          started=g.created) for g in games}
    options = [NO_GAME, *labels]
    current = current_game_id() if current_game_id() in options else NO_GAME
    key = f"chooser_{current}"
    st.selectbox(
        t("games"), options, index=first_index(key, options.index(current)), key=key,
        format_func=lambda i: t("new_game") if i == NO_GAME else labels[i],
        on_change=lambda: select_game(int(state[key])),
    )
    if not games:
        st.caption(t("no_games"))


# A frame, not st.form: a form holds what is typed or chosen in the browser until it is sent,
# and a language switch then set each worded choice back to the one sent last, to word it anew
# (streamlit#13788): a new game's ruleset and a hand's "Which phase" were lost.
# Fields that wait ("ignore": no rerun of their own) go with the next rerun, the switch's
# too, and only the frame's button saves.
WAIT: Final = "ignore"


def new_game_form(lang: str, store: sheet.Store) -> None:
    t = partial(ui.text, lang)
    with st.container(border=True, key="new_game"):
        name = st.text_input(t("game_name"), key="new_name", on_change=WAIT,
                             max_chars=sheet.game.MAX_GAME_NAME_LENGTH)
        players = st.text_area(t("players"), placeholder="Anna\nBen\nCleo", key="new_players",
                               on_change=WAIT)
        # Choices, not lists: a select box shows one line of each choice, and on a phone it
        # cut "After the hand someone completes the last phase; of all who did, ..." and the
        # Danish "Zehn Phasen (almindelige kort, konger som wild-kort)" in the box and its list.
        ruleset_name = st.radio(t("ruleset"), list(solver.RULESETS), on_change=WAIT,
                                format_func=lambda r: t(f"ruleset_{r}"), key="new_ruleset")
        end = st.radio(t("end_rule"), list(sheet.EndRule), on_change=WAIT,
                       format_func=lambda e: t(f"end_{e.value}"), key="new_end")
        order = st.selectbox(t("order"), list(sheet.PhaseOrder), on_change=WAIT,
                             format_func=lambda o: t(f"order_{o.value}"), key="new_order")
        phases = st.text_area(t("custom_phases"), placeholder=t("custom_phases_example"),
                              key="new_phases", on_change=WAIT)
        # Seed 000's longer game adds phases 11 to 20; a list typed alone replaces the ten.
        after = st.checkbox(t("custom_phases_after"), key="new_phases_after", on_change=WAIT)
        # Kept with the game, so every phone at the table plays it alike (classic has none).
        # No starting values beside ones kept (`keep_unsaved_forms`): Streamlit warns.
        skips = st.checkbox(t("new_skips"), value="new_skips" not in state, key="new_skips",
                            on_change=WAIT)
        # Seed 001's "fewer jokers"; a form cannot follow the ruleset chosen above, so it
        # offers up to the most any deck has and the game keeps its deck's own count at most.
        most = advice_view.MOST_FULL_SKIPS
        skip_count = int(st.number_input(t("new_skip_count"), min_value=1, max_value=most,
                                         value=None if "new_skip_count" in state else most,
                                         step=1, key="new_skip_count", on_change=WAIT,
                                         help=t("new_skip_count_help", full=most)) or most)
        going_out = st.radio(t("opt_go_out"), list(sheet.GOING_OUT), horizontal=True,
                             key="new_going_out", format_func=lambda g: t(f"opt_go_out_{g}"),
                             on_change=WAIT)
        submitted = st.button(t("create_game"), type="primary", key="create")
    if not submitted:
        return
    game_id = stored_game(lang, store, lambda: advice_view.new_sheet_game(
        name, sheet_view.parse_players(players), ruleset_name,
        end or sheet.EndRule.FEWEST_POINTS, order or sheet.PhaseOrder.IN_ORDER,
        sheet_view.parse_phase_list(phases, ruleset_name), after_ruleset=after,
        skips=skips and skip_count,
        going_out=going_out or "either",
    ))
    if game_id is None:
        return
    forget(("new_",))  # the next new game starts from an empty form
    select_game(game_id)
    st.toast(t("game_created"))
    st.rerun()


def stored_game(lang: str, store: sheet.Store, build: Callable[[], sheet.Game]) -> int | None:
    """Build a game and store it; its id, or None after telling the player what was wrong
    (a score-sheet problem, or phases the rules cannot play)."""
    try:
        return store.create_game(build())
    except sheet.ScoreError as error:
        show_error(lang, error)
    except solver.SolverError as error:
        st.error(ui.text(lang, "rules_error", detail=solver_problem(lang, error)))
    return None


def standings_box(lang: str, game: sheet.Game) -> None:
    t = partial(ui.text, lang)
    result = sheet.standings(game)
    st.header(t("standings"), anchor=False)
    for index, line in enumerate(sheet_view.status_lines(lang, game)):
        if index == 0 and result.stage is not sheet.Stage.PLAYING:
            if result.over:
                st.success(line)
            else:
                st.warning(line)
        else:
            st.caption(line)
    # A long name took the phone's width and pushed Phase and Done off screen (audit,
    # session 49); then, shortened to fit, a 12-letter name was cut off at 360 px while Rank
    # kept room to spare (visual audit). A static table wraps a long name instead, and a few
    # rows need no scrolling, sorting or search. Its cells are Markdown: names shown as typed.
    player = t("col_player")
    st.table([{**row, player: ui.plain(str(row[player]))}
              for row in sheet_view.standings_rows(lang, game)], hide_index=True)
    # Seed 003's end: a last phase laid without going out does not count, and the tick on the
    # hands table looked lost (usability audit). Said under the standings on every load, not
    # only once in a toast; the hand just saved stands out.
    for number, line in sheet_view.taken_back_lines(lang, game):
        if number == len(game.hands):
            st.info(line)
        else:
            st.caption(line)


def count_box(lang: str, game: sheet.Game, game_id: int, form_key: str) -> None:
    """Points from a photo (or the typed codes) of a player's leftover cards, put into that
    player's points field; keyed by the hand's form and the player, so the next hand, or
    another player, starts without the last one's photo."""
    t = partial(ui.text, lang)
    with st.expander(t("count_photo")):
        who = st.selectbox(t("count_for"), list(range(len(game.players))),
                           format_func=game.players.__getitem__, key=f"count_who_{game_id}")
        # Classic's decks as the Hand tab plays this game's: the two per two players it starts
        # at, or the count the table set there (a 5th joker of six decks was refused here,
        # count audit, session 66).
        decks = state.get("opt_decks") if state.get("ruleset") == game.rules.ruleset else None
        try:
            rules = advice_view.ruleset_for(game.rules.ruleset, game, decks=decks)
        except solver.SolverError as error:
            st.error(t("rules_error", detail=solver_problem(lang, error)))
            return
        slot = f"{form_key}_{who}"
        # One hand's photos are kept (a reading holds its picture, megabytes each): those of
        # hands saved before go, their uploaded files too. Each hand's box is a new uploader,
        # and the browser deletes a file only when its own box replaces it: every hand's
        # photo stayed in the server's memory while the phone kept the page open.
        stale = sheet_view.earlier_count_keys(list(state.keys()), form_key)
        release_uploads(state[key] for key in stale if key.startswith(sheet_view.COUNT_FILE))
        for key in stale:
            del state[key]
        shot = st.file_uploader(t("photo_uploader"), type=PHOTO_TYPES, key=f"count_{slot}")
        found = None
        if shot is not None:
            state[f"{sheet_view.COUNT_FILE}{slot}"] = shot.file_id
            found, digest = read_once(lang, f"count_{slot}", shot.getvalue(), rules)
            if digest is not None:  # read afresh
                # One that cannot be read empties cards left as read, as the hand box does:
                # its error stood above the last photo's points and their "Use count" (photo
                # audit, session 67).
                read = " ".join(found.tokens) if found is not None else ""
                if found is not None or state.get(f"count_text_{slot}", "") == state.get(
                        f"{sheet_view.COUNT_READ}{slot}"):
                    state[f"count_text_{slot}"] = read
                state[f"{sheet_view.COUNT_READ}{slot}"] = read
            if found is not None:
                show_reading(lang, found)
        # Typed too: without a photo, or when the reader is not there or failed.
        raw = st.text_input(t("hand_edit"), key=f"count_text_{slot}",
                            help=count_help(lang, rules))
        verdict = panels.count_verdict(raw, rules, found, game, who, lang)
        show_blocks(lang, verdict.blocks)
        if verdict.points is not None and st.button(t("use_count"), key=f"use_count_{game_id}"):
            state[f"pts_{form_key}_{who}"] = verdict.points  # set before the form below is drawn


def hand_entry(lang: str, game: sheet.Game, key: str, initial: sheet.Hand | None,
               label: str, hands_before: int | None = None) -> sheet.Hand | None:
    """A form for one hand's points and phase ticks; returns the hand when submitted.
    ``hands_before``: how many hands came before the one corrected; its form shows the phases
    as they stood then, not today's."""
    t = partial(ui.text, lang)
    then = game if hands_before is None else replace(game, hands=game.hands[:hands_before])
    result = sheet.standings(then)
    free = game.rules.order is sheet.PhaseOrder.FREE
    try:  # a game's phases in words; their numbers alone if its rules cannot be played here
        described: Callable[[int], str] = partial(
            phase_label, lang, advice_view.ruleset_for(game.rules.ruleset, game))
    except solver.SolverError:
        described = str
    with st.container(border=True, key=f"form_{key}"):
        points: list[int] = []
        made: list[bool] = []
        chosen: list[int | None] = []
        for i, player in enumerate(result.players):
            st.markdown(f"**{ui.plain(player.name)}** · "
                        f"{sheet_view.phase_heading(lang, game, player)}")
            left, right = st.columns([3, 2], vertical_alignment="bottom")
            # A new hand's fields start empty via session state, which the photo count may fill.
            start = initial.points[i] if initial else 0
            # Each field named with its player: a screen reader heard "Points" once per player.
            # No bounds: the browser keeps a value outside them to itself, so "Save hand" did
            # nothing while an older message stayed, and a typed -20 was saved as 0 unsaid
            # (browser audit, session 63); the store says what a hand can score.
            # No starting value beside one kept (`keep_unsaved_forms`): Streamlit warns.
            field = f"pts_{key}_{i}"
            points.append(int(left.number_input(
                f"{t('points')} · {ui.plain(player.name)}", step=5,
                key=field, value=None if field in state else start, on_change=WAIT,
            ) or 0))
            # Offered to whoever has a phase left (or replays the last in a play-off): in the
            # extra hand a finished player's tick booked nothing, yet showed as made (orders
            # audit, session 67).
            playing = bool(player.remaining) or (result.stage is sheet.Stage.PLAYOFF
                                                 and player.name in result.winners)
            tick = f"made_{key}_{i}"
            made.append(playing and right.checkbox(
                f"{t('made')} · {ui.plain(player.name)}", key=tick, on_change=WAIT,
                value=bool(initial and initial.made[i]) and tick not in state))
            if free and player.remaining:
                # A correction starts from the phase booked then, a new hand from the one the
                # Hand tab declared for this player, else from none: starting on the lowest
                # open phase booked it unasked for whoever ticked "Phase made" without
                # looking here (usability audit); the store refuses a tick without a phase.
                box = f"chosen_{key}_{i}"
                if initial is None:
                    declared = declared_phase(current_game_id(), len(game.hands) + 1,
                                              player.name)
                    # A box drawn before keeps its value: a newly declared phase is set into
                    # it, once, so that a choice made here afterwards stands.
                    if declared in player.remaining and state.get(f"{box}_told") != declared:
                        state[box] = state[f"{box}_told"] = declared
                else:
                    declared = sheet.booked_phase(initial, i, player.remaining)
                # Nothing chosen shows our own words: Streamlit's "Choose an option" is
                # English in every language (a language switch sets an empty box to None).
                # No index beside a value already set (it only makes Streamlit warn).
                chosen.append(st.selectbox(
                    f"{t('chosen_phase')} · {ui.plain(player.name)}", player.remaining,
                    key=box, format_func=described,
                    placeholder=t("chosen_phase_none"), on_change=WAIT,
                    index=None if box in state
                    else sheet_view.phase_choice_index(player.remaining, declared)))
            else:
                chosen.append(None)
        # No "Went out" box: the only player on 0 went out, or in classic everyone on 0.
        if not st.button(label, type="primary", key=f"submit_{key}"):
            return None
    # A phase is declared only by whoever laid one.
    laid = tuple(c if m else None for c, m in zip(chosen, made, strict=True))
    return sheet.Hand(points=tuple(points), made=tuple(made), chosen=laid if free else ())


def record_box(lang: str, store: sheet.Store, game: sheet.Game, game_id: int) -> None:
    t = partial(ui.text, lang)
    result = sheet.standings(game)
    number = len(game.hands) + 1
    playoff_stale(lang, game, game_id, number)
    stale = stale_form(game, game_id, number)
    if stale is not None and (result.over or result.stage is sheet.Stage.PLAYOFF):
        # Another window's hand ended the game or tied it: no form to carry the typed hand
        # into, and it went without a word (tabs audit, session 66).
        show_error(lang, sheet.ScoreError("game_changed", game=game_id, hands=len(game.hands)))
    if result.over:
        return
    if result.stage is sheet.Stage.PLAYOFF:
        first = st.selectbox(t("playoff_first_out" if sheet.out_moves_on(game.rules)
                               else "playoff_first"), list(result.winners), key=f"po_{game_id}")
        if st.button(t("playoff_save"), key=f"po_save_{game_id}_{number}", type="primary"):
            save(lang, lambda: store.add_hand(game_id, sheet.hand_for_playoff(game, first),
                                              number=number))
        return
    st.header(t("record_hand", number=number), anchor=False)
    form_key = f"{game_id}_{number}"  # a fresh, empty form for every new hand
    if stale is not None:
        carry_stale_entry(lang, game, game_id, number, stale)
    count_box(lang, game, game_id, form_key)
    hand = hand_entry(lang, game, form_key, None, t("save_hand"))
    if hand is not None:

        def record() -> None:
            store.add_hand(game_id, hand, number=number)
            own_write(game_id)
            state[f"{OWN_SAVED}{game_id}"] = (number, hand)

        save(lang, record, changed=lambda: state.__setitem__(f"meanwhile_{game_id}", number))


def playoff_stale(lang: str, game: sheet.Game, game_id: int, number: int) -> None:
    """A play-off's winner saved from a window whose play-off another window had recorded
    meanwhile: its button is gone (the game over, or a hand more), and the choice was dropped
    without a word (durability audit, session 65)."""
    if any(state.get(f"po_save_{game_id}_{n}") is True
           for n in range(1, number + 3) if n != number):
        show_error(lang, sheet.ScoreError("game_changed", game=game_id, hands=len(game.hands)))


def stale_form(game: sheet.Game, game_id: int, number: int) -> int | None:
    """The hand form of this game that another window (a second phone at the table) made
    stale, if any: saved after that window recorded its hand, a hand removed meanwhile, or
    typed in and left while that window recorded it (a language switch, any rerun, then lost
    it without a word, tabs audit, session 66)."""
    own = state.pop(f"{OWN_WRITE}{game_id}", False)  # read once, never left for a later run
    # Seen when this run read the file, or by the store as it wrote (then this is the rerun).
    # Above this hand too: a hand removed meanwhile leaves this run drawing an earlier form.
    flagged = state.pop(f"meanwhile_{game_id}", None) or next(
        (n for n in (*range(number - 1, 0, -1), *range(number + 1, number + 4))
         if state.get(f"submit_{game_id}_{n}") is True), None)
    saved = state.get(f"{OWN_SAVED}{game_id}")
    if flagged is not None and saved is not None and saved[0] == flagged and \
            game.hands[flagged - 1:flagged] == (saved[1],):
        # A second tap on this window's own saved form (a slow page): no other window's
        # doing, and nothing typed to carry (evening audit, session 67: "recorded meanwhile
        # in another window", and its values carried into the next hand, saved twice).
        forget(tuple(f"{field}{game_id}_{flagged}_" for field in HAND_FIELDS))
        return None
    if flagged is not None:
        return int(flagged)
    if own:
        return None  # the hands moved on by this window's own save, put back or undo
    # Above this hand too: another window's undo left a hand typed here a form too far (sheet
    # audit, session 67: it went without a word).
    return next((n for n in (*range(number - 1, 0, -1), *range(number + 1, number + 4))
                 if any(state.get(f"pts_{game_id}_{n}_{i}")
                        or state.get(f"made_{game_id}_{n}_{i}") is True
                        for i in range(len(game.players)))), None)


# Set by this window's own writes that move the hands on (a save, a hand put back, an undo),
# read by the next run's `stale_form`: the form left behind then is no other window's doing
# (review, session 66: putting a hand back said "recorded meanwhile in another window").
OWN_WRITE = "own_write_"
OWN_SAVED = "own_saved_"  # the hand this window recorded last, and its number, per game


def own_write(game_id: int) -> None:
    state[f"{OWN_WRITE}{game_id}"] = True
    state.pop(f"{OWN_SAVED}{game_id}", None)  # a record sets it again, after
    # The hand forms start empty: kept while not drawn (`keep_unsaved_forms`), the hand just
    # saved would read as one typed and left, the next run.
    forget(tuple(f"{field}{game_id}_" for field in HAND_FIELDS), but="_fix_")


# A hand form's fields, keyed "FIELD<game>_<hand>_<player>" (a correction's "<game>_fix_...").
HAND_FIELDS = ("pts_", "made_", "chosen_", "count_text_")



def carry_stale_entry(lang: str, game: sheet.Game, game_id: int, number: int,
                      stale: int) -> None:
    """The hand typed in the ``stale`` form (`stale_form`) would be lost without a word:
    said, and its points, ticks and phases moved into this hand's form to check and save."""
    open_phases = {p.name: p.remaining for p in sheet.standings(game).players}
    for i, name in enumerate(game.players):
        for field in ("pts", "made"):
            typed = state.get(f"{field}_{game_id}_{stale}_{i}")
            if typed is not None:
                state[f"{field}_{game_id}_{number}_{i}"] = typed
        declared = state.get(f"chosen_{game_id}_{stale}_{i}")  # free order: the phase laid
        if declared in open_phases.get(name, ()):
            box = f"chosen_{game_id}_{number}_{i}"
            # As told: the Hand tab's declaration for this hand set over it (tabs audit).
            state[box] = declared
            state[f"{box}_told"] = declared_phase(game_id, number, name)
    if stale < number:
        st.warning(ui.text(lang, "recorded_meanwhile", stale=stale, number=number))
    else:  # a hand removed meanwhile instead
        show_error(lang, sheet.ScoreError("game_changed", game=game_id, hands=len(game.hands)))


def history_box(lang: str, store: sheet.Store, game: sheet.Game, game_id: int) -> None:
    t = partial(ui.text, lang)
    correction_gone(lang, game, game_id)  # also where no hand is left to show
    if not game.hands:
        return
    st.header(t("history"), anchor=False)
    # Every hand in the page's own height (a phone scrolled inside the table after ten), the
    # hand's number kept in sight while a phone scrolls sideways through four players.
    # A long name widened its column, the dealer's most of all: two players' hands scrolled
    # sideways on a phone. Cut there, it is whole in the standings above and in the tooltip
    # of a player's heading.
    cut = {column: st.column_config.TextColumn(shown, help=ui.plain(column.rstrip()))
           for column, shown in sheet_view.history_headings(lang, game).items()}
    st.dataframe(sheet_view.history_rows(lang, game), hide_index=True, width="stretch",
                 height="content",
                 column_config={**cut, t("col_hand"): st.column_config.NumberColumn(pinned=True)})
    if game.rules.order is sheet.PhaseOrder.FREE:  # "0 ✓7" says nothing until told
        st.caption(t("history_free_legend"))
    with st.expander(t("edit_hand")):
        index = st.selectbox(t("which_hand"), list(range(len(game.hands))),
                             format_func=lambda i: str(i + 1), key=f"fix_which_{game_id}")
        # The hand as this form first showed it: another window's correction since then
        # refuses the save (its widgets would carry the old values over the new ones). A
        # refused form starts again from the file, under a new key.
        slot = f"{game_id}_{index}"
        shown = state.setdefault(f"fix_shown_{slot}", game.hands[index])
        version = state.get(f"fix_version_{slot}", 0)
        form = f"{game_id}_fix_{index}" + (f"_{version}" if version else "")
        fixed = hand_entry(lang, game, form, shown, t("save_fix"), hands_before=index)
        if fixed is not None:

            def correct() -> None:
                store.replace_hand(game_id, index, fixed, was=shown)

            def start_again() -> None:
                del state[f"fix_shown_{slot}"]
                state[f"fix_version_{slot}"] = version + 1
                state[CHANGED_MEANWHILE] = ("game_changed", {"game": game_id,
                                                             "hands": len(game.hands)})

            save(lang, correct, changed=start_again)


def correction_gone(lang: str, game: sheet.Game, game_id: int) -> None:
    """Says that a hand this window was correcting was removed by another window meanwhile:
    the box fell back to hand 1 without a word, its save was lost and what was typed next
    went onto hand 1 (browser audit, session 63). This window's own writes forget the forms
    shown (``save``), so only another window's removal is said."""
    chosen = state.get(f"fix_which_{game_id}")
    if isinstance(chosen, int) and chosen >= len(game.hands) and state.pop(
            f"fix_shown_{game_id}_{chosen}", None) is not None:
        del state[f"fix_which_{game_id}"]
        st.warning(ui.text(lang, "fix_hand_gone", number=chosen + 1))


def undo_box(lang: str, store: sheet.Store, game: sheet.Game, game_id: int) -> None:
    """Removes the last hand, asked first; the hands removed can be put back, last first: a
    tap too many (the page was slow to answer) must not lose a recorded hand. The file keeps
    them (``Store.undone_hand``), so a reload or another window can put them back too."""
    t = partial(ui.text, lang)
    count = len(game.hands)
    # The last hand as the page showed it when its button was clicked: this run reads the
    # file anew, so a hand recorded or corrected meanwhile in another window was removed, or
    # the click went without a word (tabs audit, session 66).
    shown_key = f"undo_shown_{game_id}"
    shown = state.get(shown_key)
    if shown is not None and shown[0] != count and state.get(f"undo_{game_id}_{shown[0]}"):
        show_error(lang, sheet.ScoreError("game_changed", game=game_id, hands=count))
    if count:
        was = shown[1] if shown is not None and shown[0] == count else game.hands[-1]
        state[shown_key] = (count, game.hands[-1])
        with st.expander(t("undo")):
            # Keyed by the hand it removes: a click meant for hand 3 never removes hand 2.
            if st.button(t("confirm_undo", number=count), key=f"undo_{game_id}_{count}"):

                def undo() -> None:
                    store.undo_hand(game_id, number=count, was=was)
                    state.pop(shown_key, None)  # this window's own: nothing stale to say
                    own_write(game_id)

                save(lang, undo, done="undone")
    # In sight, not in the closed "undo" box (usability audit, session 54): putting a hand
    # back loses nothing, so it needs no asking first.
    # The hand as the button offered it: another window may have recorded a hand in its place
    # and removed that one since, which the click put back instead (sheet audit, session 67).
    undone = store.undone_hand(game_id)
    offered_key = f"restore_shown_{game_id}"
    offered = state.get(offered_key)
    if offered is not None and offered[0] != count and state.get(
            f"restore_{game_id}_{offered[0]}"):
        # Its button went with the hands another window recorded or removed: said, as for
        # an undo (review, session 67: the click was lost without a word).
        show_error(lang, sheet.ScoreError("game_changed", game=game_id, hands=count))
    state[offered_key] = (count, undone)
    if undone is not None and st.button(
            t("restore_hand", number=count + 1), key=f"restore_{game_id}_{count}"):
        was = offered[1] if offered is not None and offered[0] == count else undone

        def restore() -> None:
            store.put_back_hand(game_id, count + 1, was=was)
            own_write(game_id)

        save(lang, restore, done="restored")


def exchange_box(lang: str, store: sheet.Store, game: sheet.Game | None) -> None:
    t = partial(ui.text, lang)
    if game is not None:
        st.download_button(t("export"), sheet_view.csv_download(lang, game),
                           file_name=sheet_view.csv_file_name(game.name), mime="text/csv",
                           key="export")
    # An imported file leaves the box (a new key empties it): it kept showing the last file,
    # and the same file put in again, to restore a game deleted since, did nothing.
    imports = state.get("imports", 0)
    upload = st.file_uploader(t("import"), type=["csv"],
                              key="import_csv" + (f"_{imports}" if imports else ""))
    if upload is None:
        return
    game_id = stored_game(lang, store, lambda: advice_view.imported_game(upload.getvalue()))
    if game_id is None:
        return
    state.imports = imports + 1
    select_game(game_id)
    st.toast(t("imported"))
    st.rerun()


def delete_box(lang: str, store: sheet.Store, game_id: int) -> None:
    t = partial(ui.text, lang)
    with st.expander(t("delete_game")):
        if st.button(t("confirm_delete"), key=f"delete_{game_id}"):

            def delete() -> None:
                store.delete_game(game_id)
                select_game(NO_GAME)  # only once it is really gone

            save(lang, delete, done="deleted")


# What the sheet's forms hold, typed and not yet saved (buttons and file boxes are none).
FORM_FIELDS = ("pts_", "made_", "chosen_", "po_", "fix_which_", "new_", "count_text_",
               "count_who_")


def keep_unsaved_forms(shown: int | None) -> None:
    """Keeps what the sheet's forms hold while they are not drawn (all of them while the score
    file cannot be opened, ``shown`` None; else those of games other than the one ``shown``, or
    the new-game form's while a game is): Streamlit forgets what an undrawn widget held. The
    hand being saved was gone once a score file that could not be opened was back (durability
    audit, session 65), and a hand typed in one game, or a new game's form, once the player
    had looked at another game (widget audit, session 67). Set by the script, a value outlives
    its widget; a save empties its form (`own_write`). Those drawn are left to their boxes: a
    value set by the script is sent to the browser anew."""
    keep(key for key in list(state.keys())
         if isinstance(key, str) and key.startswith(FORM_FIELDS)
         and not key.startswith(("po_save_", "new_game")) and not _drawn(key, shown))


def _drawn(key: str, shown: int | None) -> bool:
    """Whether the form field ``key`` is one of the game ``shown`` (NO_GAME: the new-game
    form's), keyed "FIELD<game>" or "FIELD<game>_...".

    >>> [_drawn(key, 1) for key in ("pts_1_2_0", "po_1", "pts_12_1_0", "new_name")]
    [True, True, False, False]
    >>> _drawn("new_name", NO_GAME), _drawn("pts_1_2_0", None)
    (True, False)
    """
    if shown is None:
        return False
    if shown == NO_GAME:
        return key.startswith("new_")
    return any(key == f"{field}{shown}" or key.startswith(f"{field}{shown}_")
               for field in FORM_FIELDS)


def sheet_tab(lang: str, store: sheet.Store | None, game: sheet.Game | None) -> None:
    t = partial(ui.text, lang)
    if CHANGED_MEANWHILE in state:
        code, params = state.pop(CHANGED_MEANWHILE)
        show_error(lang, sheet.ScoreError(code, **params))
    keep_unsaved_forms(None if store is None else current_game_id())
    if store is not None:
        game_chooser(lang, store)
        if game is None:
            new_game_form(lang, store)
        else:
            game_id = current_game_id()
            standings_box(lang, game)
            record_box(lang, store, game, game_id)
            history_box(lang, store, game, game_id)
            undo_box(lang, store, game, game_id)
            delete_box(lang, store, game_id)
        exchange_box(lang, store, game)
    with st.expander(t("db_path")):
        st.text_input(t("db_path"), value=str(sheet.default_db_path()), key="db_path",
                      label_visibility="collapsed")
