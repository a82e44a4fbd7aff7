"""PhaseLens: photograph your Phase 10 hand, check what was read, get the best play; keep score.

Run with `streamlit run app.py`. This file is layout only: the rules live in `solver`, the card
reader in `vision`, the score sheet in `scoresheet`, words and view helpers in `ui`.
"""

from __future__ import annotations

import hashlib
from functools import partial

import pandas as pd
import streamlit as st

import scoresheet as sheet
import solver
import ui
from solver.rules import Ruleset
from ui import advice as advice_view
from ui import chips, reading
from ui import sheet as sheet_view
from ui.phases import phase_text

PHOTO_TYPES = ["jpg", "jpeg", "png", "webp", "heic", "heif"]
NO_GAME = -1

st.set_page_config(page_title="PhaseLens", page_icon="🃏", layout="centered")
state = st.session_state


# --- shared resources ------------------------------------------------------------------------
@st.cache_resource(show_spinner=False)
def card_reader(deck: str) -> object:
    """The ONNX reader, loaded once per server process and deck."""
    from vision import Reader

    return Reader.from_file(deck=deck)


def open_store(lang: str) -> sheet.Store | None:
    try:
        return sheet.Store(state.get("db_path") or None)
    except sheet.StoreError as error:
        st.error(ui.text(lang, "db_error", detail=ui.error_text(lang, error.code, error.params)))
        return None


def show_error(lang: str, error: sheet.ScoreError) -> None:
    st.error(ui.error_text(lang, error.code, error.params))


# --- frame -----------------------------------------------------------------------------------
def choose_language() -> str:
    if "lang" not in state:
        wanted = st.query_params.get("lang", ui.DEFAULT_LANGUAGE)
        state.lang = wanted if wanted in ui.LANGUAGES else ui.DEFAULT_LANGUAGE
    lang = st.selectbox(
        ui.text(state.lang, "language"), list(ui.LANGUAGES), key="lang",
        format_func=ui.LANGUAGES.__getitem__,
    )
    st.query_params["lang"] = lang
    return lang


def current_game_id() -> int:
    """This browser tab's game: kept in its session and its URL, so reloads keep it and two
    tabs never share it."""
    return int(state.get("game_id", NO_GAME))


def resume_game(store: sheet.Store | None) -> None:
    """On a tab's first run: the game in the URL, else the game played last (the app was
    closed and opened again)."""
    if "game_id" in state:
        return
    raw = st.query_params.get("game", "")
    if raw.isdigit():
        select_game(int(raw))
        return
    recent = store.list_games() if store is not None else ()
    select_game(recent[0].id if recent else NO_GAME)


def select_game(game_id: int) -> None:
    state.game_id = game_id
    if game_id == NO_GAME:
        st.query_params.pop("game", None)
    else:
        st.query_params["game"] = str(game_id)


def load_current(lang: str, store: sheet.Store | None) -> sheet.Game | None:
    game_id = current_game_id()
    if store is None or game_id == NO_GAME:
        return None
    try:
        return store.load_game(game_id)
    except sheet.StoreError as error:
        show_error(lang, error)
        select_game(NO_GAME)
        return None


# --- hand tab --------------------------------------------------------------------------------
def rules_box(lang: str, game: sheet.Game | None) -> Ruleset | None:
    t = partial(ui.text, lang)
    default = game.rules.ruleset if game else "mattel"
    with st.expander(t("settings"), expanded=False):
        names = list(advice_view.RULESET_NAMES)
        name = st.selectbox(t("ruleset"), names, index=names.index(default), key="ruleset",
                            format_func=lambda r: t(f"ruleset_{r}"))
        skips = name == "classic" or st.toggle(t("opt_skips"), value=True, key="opt_skips")
        going_out = st.radio(
            t("opt_go_out"), ["either", "discard"], horizontal=True, key="opt_go_out",
            format_func=lambda g: t(f"opt_go_out_{g}"),
        )
    try:
        return advice_view.ruleset_for(name, game, skips=skips, going_out=going_out)
    except solver.SolverError as error:
        st.error(t("advice_error", detail=str(error)))
        return None


def phase_box(lang: str, game: sheet.Game | None, rules: Ruleset) -> int | None:
    t = partial(ui.text, lang)
    typed = t("phase_typed")
    players = list(game.players) if game else []
    source = st.selectbox(
        t("phase"), [*players, typed], key="phase_source",
        format_func=lambda p: p if p == typed else t("phase_from_sheet", player=p),
    ) if players else typed
    if source != typed and game is not None:
        number = advice_view.sheet_phase(game, source)
        if number is None:
            st.info(t("phase_done_all", player=source))
        else:
            st.caption(t("phase_n", number=number, text=phase_text(lang, rules.phase(number))))
        return number
    numbers = list(rules.phase_numbers())
    return int(st.selectbox(
        t("phase"), numbers, key="phase_number", label_visibility="collapsed",
        format_func=lambda n: t("phase_n", number=n, text=phase_text(lang, rules.phase(n))),
    ))


def photo_box(lang: str, rules: Ruleset) -> None:
    """Reads a new photo into the hand (once per photo, not on every rerun)."""
    t = partial(ui.text, lang)
    st.subheader(t("photo"))
    upload, camera = t("photo_upload"), t("photo_camera")
    source = st.radio(t("photo_source"), [upload, camera], horizontal=True, key="photo_source",
                      label_visibility="collapsed")
    if source == camera:
        shot = st.camera_input(t("photo_take"), key="camera", resolution="1080p")
    else:
        shot = st.file_uploader(t("photo_uploader"), type=PHOTO_TYPES, key="upload")
    if shot is None:
        return
    data = shot.getvalue()
    fingerprint = hashlib.sha256(data).hexdigest() + rules.deck.value
    if state.get("photo_fingerprint") != fingerprint:
        state.photo_fingerprint = fingerprint
        state.pop("reading", None)
        state.pop("photo_error", None)
        with st.spinner(t("reading")):
            read_into_state(lang, data, rules)
    if "photo_error" in state:
        st.error(state.photo_error)
    elif "reading" in state:
        found: reading.Reading = state.reading
        st.image(found.picture, caption=t("photo_caption", count=len(found.detections)),
                 width="stretch")
        if not found.detections:
            st.warning(t("no_cards"))


def read_into_state(lang: str, data: bytes, rules: Ruleset) -> None:
    from vision import ImageError, ModelError

    try:
        pixels = reading.decode(data)  # a bad file is reported even without a model
        reader = card_reader(reading.VISION_DECK[rules.deck])
        found = reading.read_pixels(reader, pixels)  # type: ignore[arg-type]
    except ModelError as error:
        state.photo_error = ui.text(lang, "no_model", detail=str(error))
        return
    except ImageError as error:
        state.photo_error = ui.text(lang, "photo_error", detail=str(error))
        return
    state.reading = found
    state.read_tokens = found.tokens
    state.unsure = found.unsure
    state.hand_text = " ".join(found.tokens)


def remove_picked() -> None:
    picked = state.get("pick")
    tokens = advice_view.canonical(state.get("hand_text", ""))
    if picked is not None and picked < len(tokens):
        state.hand_text = " ".join(reading.without(tokens, picked))
    state.pick = None


def replace_picked() -> None:
    picked, token = state.get("pick"), state.get("replacement")
    tokens = advice_view.canonical(state.get("hand_text", ""))
    if picked is not None and token and picked < len(tokens):
        state.hand_text = " ".join(reading.replaced(tokens, picked, token))
    state.pick = None


def reset_hand() -> None:
    state.hand_text = " ".join(state.get("read_tokens", ()))


def hand_box(lang: str, rules: Ruleset) -> tuple[str, ...] | None:
    """The hand as chips, editable; None while it does not parse."""
    t = partial(ui.text, lang)
    st.subheader(t("hand"))
    raw = st.text_input(t("hand_edit"), key="hand_text", help=t("hand_help"),
                        placeholder="R7 B7 G7 W S Y12")
    try:
        tokens = advice_view.canonical(raw)
    except solver.SolverError as error:
        st.error(t("hand_invalid", detail=str(error)))
        return None
    if not tokens:
        st.info(t("hand_empty"))
        return tokens
    flagged = reading.flagged_positions(tokens, state.get("unsure", ()))
    st.markdown(chips.chips_html(tokens, flagged), unsafe_allow_html=True)
    st.caption(t("hand_count", count=len(tokens)))
    if flagged:
        st.warning(t("low_confidence", cards=", ".join(tokens[i] for i in flagged)))
    st.pills(t("remove_card"), list(range(len(tokens))), key="pick",
             format_func=lambda i: chips.chip_label(tokens[i]))
    picked = state.get("pick")
    if picked is not None and picked < len(tokens):
        faces = advice_view.faces(rules)
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        left.selectbox(t("hand_edit"), faces, index=faces.index(tokens[picked])
                       if tokens[picked] in faces else 0, key="replacement",
                       format_func=chips.chip_label, on_change=replace_picked,
                       label_visibility="collapsed")
        right.button("✕", key="remove", on_click=remove_picked, help=t("remove_card"))
    if state.get("read_tokens") and tuple(state.read_tokens) != tokens:
        st.button(t("reset_hand"), on_click=reset_hand, key="reset")
    return tokens


def table_box(lang: str) -> advice_view.TableInput | None:
    t = partial(ui.text, lang)
    with st.expander(t("table")):
        groups = st.text_area(t("table_groups"), key="table_text", help=t("table_help"),
                              placeholder="set R5 B5 W\nrun R3 R4 R5 R6")
        known = st.text_input(t("known"), key="known_text")
        top = st.text_input(t("top_card"), key="top_text", max_chars=4)
        down = st.toggle(t("down"), key="down")
    try:
        return advice_view.read_table(groups, known, top, down)
    except solver.SolverError as error:
        st.error(t("table_invalid", detail=str(error)))
        return None


def advice_box(lang: str, tokens: tuple[str, ...], rules: Ruleset, phase: int,
               table: advice_view.TableInput) -> None:
    t = partial(ui.text, lang)
    st.subheader(t("advice"))
    if table.top and len(tokens) == advice_view.HAND_BEFORE_DRAW:
        draw_box(lang, tokens, rules, phase, table)
    try:
        with st.spinner(t("analysing")):
            result = advice_view.analyse(tokens, rules, phase, table)
    except solver.SolverError as error:
        st.error(t("advice_error", detail=str(error)))
        return
    if len(tokens) != advice_view.HAND_AFTER_DRAW:
        st.caption(t("hand_size_note", count=len(tokens)))
    if result.complete:
        st.success(t("down_done") if table.down else t("complete", phase=phase))
        if result.laydown:
            st.markdown(f"**{t('laydown')}**")
            st.markdown(chips.groups_html(result.laydown), unsafe_allow_html=True)
        for card, group in result.hits:
            st.markdown(f"**{t('hits')}** {chips.card_chip_html(card)} {t('hit_on', group=group)}",
                        unsafe_allow_html=True)
        if result.discard:
            st.markdown(f"**{t('discard')}** {chips.card_chip_html(result.discard)}",
                        unsafe_allow_html=True)
        else:
            st.success(t("no_discard"))
        st.metric(t("points_left", points=result.remaining_points), result.remaining_points,
                  label_visibility="collapsed")
        return
    st.warning(t("not_complete", phase=phase))
    if result.discard:
        st.markdown(f"### {t('recommended', card=chips.chip_label(result.discard))}")
        st.markdown(chips.chips_html([result.discard]), unsafe_allow_html=True)
    explanation = advice_view.explain(result, lang)
    if explanation:
        st.info(explanation)
    st.caption(t("missing", count=result.missing))
    if result.completing:
        st.markdown(f"**{t('completing')}**")
        st.markdown(chips.chips_html(result.completing), unsafe_allow_html=True)
    else:
        st.caption(t("no_completing"))
    st.markdown(f"**{t('chart_title')}**")
    frame = pd.DataFrame(
        {t("chart_card"): [chips.chip_label(d.card) for d in result.discards],
         t("chart_p2"): [round(100 * d.p2, 1) for d in result.discards]}
    )
    st.bar_chart(frame, x=t("chart_card"), y=t("chart_p2"), horizontal=True, sort=False,
                 height=max(160, 34 * len(frame)))


def draw_box(lang: str, tokens: tuple[str, ...], rules: Ruleset, phase: int,
             table: advice_view.TableInput) -> None:
    t = partial(ui.text, lang)
    try:
        take = advice_view.draw(tokens, rules, phase, table)
    except solver.SolverError as error:
        st.error(t("advice_error", detail=str(error)))
        return
    sentence = t("draw_take", card=table.top) if take else t("draw_blind")
    st.info(f"**{t('draw_advice')}:** {sentence}")


def hand_tab(lang: str, game: sheet.Game | None) -> None:
    rules = rules_box(lang, game)
    if rules is None:
        return
    phase = phase_box(lang, game, rules)
    photo_box(lang, rules)
    tokens = hand_box(lang, rules)
    table = table_box(lang)
    if not tokens or table is None or phase is None:
        return
    advice_box(lang, tokens, rules, phase, table)


# --- score sheet tab -------------------------------------------------------------------------
def game_chooser(lang: str, store: sheet.Store) -> None:
    t = partial(ui.text, lang)
    games = store.list_games()
    labels = {g.id: sheet_view.game_label(g.name, g.players, g.hands, g.id) for g in games}
    options = [NO_GAME, *labels]
    current = current_game_id() if current_game_id() in options else NO_GAME
    st.selectbox(
        t("games"), options, index=options.index(current), key=f"chooser_{current}",
        format_func=lambda i: t("new_game") if i == NO_GAME else labels[i],
        on_change=lambda: select_game(int(state[f"chooser_{current}"])),
    )
    if not games:
        st.caption(t("no_games"))


def new_game_form(lang: str, store: sheet.Store) -> None:
    t = partial(ui.text, lang)
    with st.form("new_game"):
        name = st.text_input(t("game_name"), key="new_name")
        players = st.text_area(t("players"), placeholder="Anna\nBen\nCleo", key="new_players")
        ruleset_name = st.selectbox(t("ruleset"), list(advice_view.RULESET_NAMES),
                                    format_func=lambda r: t(f"ruleset_{r}"), key="new_ruleset")
        end = st.selectbox(t("end_rule"), list(sheet.EndRule),
                           format_func=lambda e: t(f"end_{e.value}"), key="new_end")
        order = st.selectbox(t("order"), list(sheet.PhaseOrder),
                             format_func=lambda o: t(f"order_{o.value}"), key="new_order")
        phases = st.text_area(t("custom_phases"), placeholder="set 3 + run 4\nrun 10",
                              key="new_phases")
        submitted = st.form_submit_button(t("create_game"), type="primary", key="create")
    if not submitted:
        return
    try:
        game = advice_view.new_sheet_game(
            name, sheet_view.parse_players(players), ruleset_name, end, order,
            sheet_view.parse_phase_list(phases),
        )
        game_id = store.create_game(game)
    except sheet.ScoreError as error:
        show_error(lang, error)
        return
    except solver.SolverError as error:
        st.error(str(error))
        return
    select_game(game_id)
    st.rerun()


def standings_box(lang: str, game: sheet.Game) -> None:
    t = partial(ui.text, lang)
    result = sheet.standings(game)
    st.subheader(t("standings"))
    for index, line in enumerate(sheet_view.status_lines(lang, game)):
        if index == 0 and result.stage is not sheet.Stage.PLAYING:
            st.success(line) if result.over else st.warning(line)
        else:
            st.caption(line)
    st.dataframe(pd.DataFrame(sheet_view.standings_rows(lang, game)), hide_index=True,
                 width="stretch")


def count_box(lang: str, game: sheet.Game, game_id: int, form_key: str) -> None:
    """Points from a photo of a player's leftover cards, put into that player's points field."""
    t = partial(ui.text, lang)
    with st.expander(t("count_photo")):
        who = st.selectbox(t("count_for"), list(range(len(game.players))),
                           format_func=game.players.__getitem__, key=f"count_who_{game_id}")
        shot = st.file_uploader(t("photo_uploader"), type=PHOTO_TYPES, key=f"count_{game_id}")
        if shot is None:
            return
        try:
            rules = advice_view.ruleset_for(game.rules.ruleset, game)
            with st.spinner(t("reading")):
                found = reading.read_photo(card_reader(reading.VISION_DECK[rules.deck]),
                                           shot.getvalue())  # type: ignore[arg-type]
        except Exception as error:  # noqa: BLE001 - every failure here is shown, none is fatal
            st.error(t("photo_error", detail=str(error)))
            return
        st.image(found.picture, width="stretch")
        points = advice_view.points(found.tokens, rules)
        st.info(t("counted", player=game.players[who], cards=" ".join(found.tokens) or "—",
                  points=points))
        if st.button(t("use_count"), key=f"use_count_{game_id}"):
            state[f"pts_{form_key}_{who}"] = points  # set before the form below is drawn


def hand_entry(lang: str, game: sheet.Game, key: str, initial: sheet.Hand | None,
               label: str) -> sheet.Hand | None:
    """A form for one hand's points and phase ticks; returns the hand when submitted."""
    t = partial(ui.text, lang)
    result = sheet.standings(game)
    free = game.rules.order is sheet.PhaseOrder.FREE
    with st.form(f"form_{key}"):
        points: list[int] = []
        made: list[bool] = []
        chosen: list[int | None] = []
        for i, player in enumerate(result.players):
            st.markdown(f"**{player.name}** · {t('col_phase')} "
                        f"{sheet_view.phase_cell(lang, game, player)}")
            left, right = st.columns([3, 2], vertical_alignment="bottom")
            # A new hand's fields start empty via session state, which the photo count may fill.
            start = {"value": initial.points[i]} if initial else {}
            points.append(int(left.number_input(
                t("points"), min_value=0, max_value=sheet.game.MAX_HAND_POINTS, step=5,
                key=f"pts_{key}_{i}", **start,
            )))
            made.append(right.checkbox(t("made"), value=initial.made[i] if initial else False,
                                       key=f"made_{key}_{i}"))
            if free and player.remaining:
                chosen.append(st.selectbox(t("chosen_phase"), player.remaining,
                                           key=f"chosen_{key}_{i}"))
            else:
                chosen.append(None)
        went_out = st.selectbox(
            t("went_out"), [None, *range(len(game.players))], key=f"out_{key}",
            index=0 if initial is None or initial.went_out is None else initial.went_out + 1,
            format_func=lambda i: t("went_out_auto") if i is None else game.players[i],
        )
        if not st.form_submit_button(label, type="primary", key=f"submit_{key}"):
            return None
    return sheet.Hand(points=tuple(points), made=tuple(made), went_out=went_out,
                      chosen=tuple(chosen) if free else ())


def record_box(lang: str, store: sheet.Store, game: sheet.Game, game_id: int) -> None:
    t = partial(ui.text, lang)
    result = sheet.standings(game)
    if result.over:
        return
    if result.stage is sheet.Stage.PLAYOFF:
        first = st.selectbox(t("playoff_first"), list(result.winners), key=f"po_{game_id}")
        if st.button(t("playoff_save"), key=f"po_save_{game_id}", type="primary"):
            save(lang, lambda: store.add_hand(game_id, sheet.hand_for_playoff(game, first)))
        return
    number = len(game.hands) + 1
    st.subheader(t("record_hand", number=number))
    form_key = f"{game_id}_{number}"  # a fresh, empty form for every new hand
    count_box(lang, game, game_id, form_key)
    hand = hand_entry(lang, game, form_key, None, t("save_hand"))
    if hand is not None:
        save(lang, lambda: store.add_hand(game_id, hand))


def save(lang: str, action: object) -> None:
    try:
        action()  # type: ignore[operator]
    except sheet.ScoreError as error:
        show_error(lang, error)
        return
    st.toast(ui.text(lang, "saved"))
    st.rerun()


def history_box(lang: str, store: sheet.Store, game: sheet.Game, game_id: int) -> None:
    t = partial(ui.text, lang)
    if not game.hands:
        return
    st.subheader(t("history"))
    st.dataframe(pd.DataFrame(sheet_view.history_rows(lang, game)), hide_index=True,
                 width="stretch")
    with st.expander(t("edit_hand")):
        index = st.selectbox(t("which_hand"), list(range(len(game.hands))),
                             format_func=lambda i: str(i + 1), key=f"fix_which_{game_id}")
        fixed = hand_entry(lang, game, f"{game_id}_fix_{index}", game.hands[index], t("save_fix"))
        if fixed is not None:
            save(lang, lambda: store.replace_hand(game_id, index, fixed))
    if st.button(t("undo"), key=f"undo_{game_id}"):
        save(lang, lambda: store.undo_hand(game_id))


def exchange_box(lang: str, store: sheet.Store, game: sheet.Game | None) -> None:
    t = partial(ui.text, lang)
    if game is not None:
        st.download_button(t("export"), sheet.to_csv(game), file_name=f"{game.name or 'game'}.csv",
                           mime="text/csv", key="export")
    upload = st.file_uploader(t("import"), type=["csv"], key="import_csv")
    if upload is not None and state.get("imported") != upload.file_id:
        try:
            game_id = store.create_game(sheet.from_csv(upload.getvalue()))
        except sheet.ScoreError as error:
            show_error(lang, error)
            return
        state.imported = upload.file_id
        select_game(game_id)
        st.success(t("imported"))
        st.rerun()


def delete_box(lang: str, store: sheet.Store, game_id: int) -> None:
    t = partial(ui.text, lang)
    with st.expander(t("delete_game")):
        if st.button(t("confirm_delete"), key=f"delete_{game_id}"):
            try:
                store.delete_game(game_id)
            except sheet.ScoreError as error:
                show_error(lang, error)
                return
            select_game(NO_GAME)
            st.rerun()


def sheet_tab(lang: str, store: sheet.Store | None, game: sheet.Game | None) -> None:
    t = partial(ui.text, lang)
    if store is not None:
        game_chooser(lang, store)
        if game is None:
            new_game_form(lang, store)
        else:
            game_id = current_game_id()
            standings_box(lang, game)
            record_box(lang, store, game, game_id)
            history_box(lang, store, game, game_id)
            delete_box(lang, store, game_id)
        exchange_box(lang, store, game)
    with st.expander(t("db_path")):
        st.text_input(t("db_path"), value=str(sheet.default_db_path()), key="db_path",
                      label_visibility="collapsed")


def main() -> None:
    st.markdown(chips.CHIP_CSS, unsafe_allow_html=True)
    title, chooser = st.columns([3, 2], vertical_alignment="bottom")
    with chooser:
        lang = choose_language()
    title.title("🃏 " + ui.text(lang, "title"))
    st.caption(ui.text(lang, "subtitle"))
    store = open_store(lang)
    try:
        resume_game(store)
    except sheet.StoreError as error:
        show_error(lang, error)
    game = load_current(lang, store)
    hand, scores = st.tabs([ui.text(lang, "tab_hand"), ui.text(lang, "tab_scores")])
    with hand:
        hand_tab(lang, game)
    with scores:
        sheet_tab(lang, store, game)


main()
